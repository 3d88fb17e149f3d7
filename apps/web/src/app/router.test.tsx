import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { writeCookie } from "../lib/cookies.ts";
import { ErrorPage } from "../pages/error/ErrorPage.tsx";
import { AppLoading } from "./AppLoading.tsx";
import { AppProviders } from "./AppProviders.tsx";
import { createQueryClient } from "./query-client.ts";
import { routes } from "./router.tsx";

function renderAt(path: string, routeTree = routes) {
  const queryClient = createQueryClient();
  // No network in unit tests: the server's public settings are given up front.
  queryClient.setQueryData(["public-config"], {
    version: "0.0.0-test",
    environment: "test",
    analyticsId: null,
    operator: { name: "Test Operator", contactEmail: "privacy@example.test" },
  });
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  for (const name of ["lang", "policy", "policyReject"]) writeCookie(name, "", { maxAgeDays: 0 });
});

describe("routing (spec §2)", () => {
  it("redirects / to the language in the cookie", async () => {
    writeCookie("lang", "de", { maxAgeDays: 1 });
    const router = renderAt("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/de"));
    expect(await screen.findByRole("heading", { level: 1, name: "Schreib am Computer in deiner eigenen Handschrift" }));
    expect(document.documentElement.lang).toBe("de");
  });

  it("redirects / to the browser language without a cookie (jsdom says en-US)", async () => {
    const router = renderAt("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
  });

  it("shows 'Page Not Found: {path}' for a missing page under a language", async () => {
    renderAt("/ru/nothing-here");
    expect(await screen.findByTestId("error-message")).toHaveProperty(
      "textContent",
      "Страница не найдена: /ru/nothing-here",
    );
    expect(screen.getByTestId("error-status").textContent).toBe("Ошибка 404");
  });

  it("treats an unknown language as a 404 and still draws the shell", async () => {
    renderAt("/xx/page");
    expect((await screen.findByTestId("error-message")).textContent).toBe("Page Not Found: /xx/page");
    expect(screen.getByRole("link", { name: "Privacy policy" })).toBeTruthy();
  });

  it("shows 'Internal Server Error' for any other failure", async () => {
    const failing = [
      {
        path: "/:lang",
        ErrorBoundary: ErrorPage,
        HydrateFallback: AppLoading,
        element: null,
        loader: () => {
          throw new Error("database on fire");
        },
      },
    ];
    // The error texts are loaded as the real app would before any page renders.
    const { activateLanguage } = await import("../i18n/i18n.ts");
    await activateLanguage("en");
    renderAt("/en", failing);
    expect((await screen.findByTestId("error-message")).textContent).toBe("Internal Server Error");
    expect(screen.getByTestId("error-status").textContent).toBe("Error 500");
  });

  it("renders a lazy page with its texts, title and Open Graph locale", async () => {
    renderAt("/fr/functions");
    expect(await screen.findByRole("heading", { level: 1, name: "Ce que fait Handfont" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Fonctionnalités et formules — Handfont"));
    expect(document.head.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe("fr_FR");
    expect(document.documentElement.lang).toBe("fr");
  });
});
