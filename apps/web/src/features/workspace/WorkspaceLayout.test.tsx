import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";
import { authStore } from "../auth/auth-state.ts";
import { withSignIn } from "./WorkspaceLayout.tsx";

beforeAll(async () => {
  await activateLanguage("de");
  await loadNamespaces("de", ["workspace"]);
});

describe("a workspace page seen signed out", () => {
  it("keeps the page's own title as its heading above the invitation to sign in", async () => {
    authStore.signedOut();
    const Page = withSignIn(
      () => <p>the page itself</p>,
      (t) => ({ title: t("fonts.meta.title"), description: t("fonts.meta.description") }),
    );
    render(
      <TestProviders>
        <MemoryRouter initialEntries={["/de/app"]}>
          <Page />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await screen.findByTestId("workspace-signed-out")).toBeTruthy();
    // A screen reader's list of headings names the page, in the visitor's language.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Meine Schriften");
    expect(screen.queryByText("the page itself")).toBeNull();
  });
});
