import { createBrowserRouter, type RouteObject } from "react-router";
import { ErrorPage } from "../pages/error/ErrorPage.tsx";
import { AppLoading } from "./AppLoading.tsx";
import { languageLoader, pageLoader, redirectToPreferredLanguage, throwNotFound } from "./loaders.ts";
import { PAGES, type PageDefinition } from "./pages.ts";
import { RootErrorBoundary } from "./RootErrorBoundary.tsx";
import { RootLayout } from "./RootLayout.tsx";
import { SiteShell, SiteShellWithErrorPage } from "./SiteShell.tsx";

function pageRoute(page: PageDefinition): RouteObject {
  const route = {
    loader: pageLoader(page),
    lazy: { Component: async () => (await page.load()).default },
  };
  return page.path === "" ? { index: true, ...route } : { path: page.path, ...route };
}

/** The route tree of spec §2: `/` redirects, every page lives under `/{lang}`, anything else is a 404. */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RootErrorBoundary,
    children: [
      // `element: null`: these routes never render; their loaders always redirect or throw.
      { index: true, loader: redirectToPreferredLanguage, element: null },
      {
        path: ":lang",
        loader: languageLoader,
        Component: SiteShell,
        // An unknown language fails in this route's own loader; its boundary still draws header and footer.
        ErrorBoundary: SiteShellWithErrorPage,
        children: [
          {
            // Failures of a page render inside the shell, so navigation and the language switch keep working.
            ErrorBoundary: ErrorPage,
            children: [...Object.values(PAGES).map(pageRoute), { path: "*", loader: throwNotFound, element: null }],
          },
        ],
      },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
