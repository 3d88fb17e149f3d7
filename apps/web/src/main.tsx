import "@mantine/core/styles.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { DataRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders, createQueryClient } from "./app/AppProviders.tsx";
import { createAppRouter } from "./app/router.tsx";
import { startSession } from "./features/auth/start.ts";

startSession();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/** Resolves once the first route's loaders and lazy page are in, so the first render matches the prerendered HTML. */
function initialized(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const router = createAppRouter();
const app = (
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.ts) and hydrate; pages behind sign-in render here.
if (container.hasChildNodes()) void initialized(router).then(() => hydrateRoot(container, app));
else createRoot(container).render(app);
