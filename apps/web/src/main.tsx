import "@mantine/core/styles.css";
import "./app/global.css";
import { StrictMode, startTransition } from "react";
import { flushSync } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { DataRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/AppProviders.tsx";
import { createAppRouter } from "./app/router.tsx";
import { authStore } from "./features/auth/auth-state.ts";

/** The session's API calls load with the first signed-in state: an anonymous visitor downloads none of them. */
function startSessionWhenSignedIn(): void {
  const start = (restore: boolean) => void import("./features/auth/start.ts").then((m) => m.startSession({ restore }));
  if (authStore.getState().status === "loggedIn") {
    start(true);
    return;
  }
  const unsubscribe = authStore.subscribe(() => {
    if (authStore.getState().status !== "loggedIn") return;
    unsubscribe();
    start(false);
  });
}

startSessionWhenSignedIn();

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

/** Renders the app into `container`: hydrates a prerendered page, renders the empty shell of the others. */
async function start(container: HTMLElement): Promise<void> {
  // Creating the router matches the address and starts the route's loaders (i18next, the page's texts): a task of
  // its own after the one that evaluated this module, so neither runs long on a phone.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  if (!container.hasChildNodes()) {
    // Pages behind sign-in arrive as the empty shell and render here.
    createRoot(container).render(app);
  } else if (!window.location.search) {
    // Public pages arrive prerendered (build/prerender.ts) and hydrate once their code and texts are in. As a
    // transition, React hydrates in slices of a few milliseconds instead of one long task: the text is already on
    // screen, and a phone stays responsive to scrolling and taps meanwhile (a tap on a part not yet hydrated is
    // replayed once it is). The header, the page and the footer are Suspense boundaries (SiteShell.tsx), each
    // committed on its own.
    await initialized(router);
    startTransition(() => void hydrateRoot(container, app));
  } else {
    // The HTML was prerendered for the address without its query, which the page may show (`?confirmed=1`): keep it
    // on screen until the real page is ready, then swap in one step instead of hydrating a different page.
    await initialized(router);
    const root = createRoot(container);
    container.replaceChildren();
    flushSync(() => root.render(app));
  }
}

void start(container);
