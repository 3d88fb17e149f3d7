import { WORKSPACE_ERROR_CODES, WORKSPACE_ERROR_MESSAGES } from "@handfont/contract";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";
import { ErrorNotice } from "../workspace/WorkspaceLayout.tsx";

afterEach(cleanup);

const limitCodes = WORKSPACE_ERROR_CODES.filter((code) => code.startsWith("PLAN_LIMIT_"));

function show(code: string, language: "en" | "ru") {
  const message = (WORKSPACE_ERROR_MESSAGES[language] as Record<string, string>)[code] ?? code;
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[`/${language}/app`]}>
        <ErrorNotice error={new ApiError(402, code, message, { code, message })} />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe("every plan-limit error leads to /sub", () => {
  it("knows the plan's limit errors", () => {
    expect(limitCodes).toEqual([
      "PLAN_LIMIT_FONTS",
      "PLAN_LIMIT_CHARACTERS",
      "PLAN_LIMIT_VARIANTS",
      "PLAN_LIMIT_LIGATURES",
    ]);
  });

  for (const language of ["en", "ru"] as const) {
    it(`links each of them to the premium page in ${language}`, async () => {
      await activateLanguage(language);
      await loadNamespaces(language, ["payments", "workspace"]);
      for (const code of limitCodes) {
        show(code, language);
        const link = screen.getByTestId("premium-link");
        expect(link.getAttribute("href"), code).toBe(`/${language}/sub`);
        cleanup();
      }
    });
  }

  it("adds no such link to other errors", async () => {
    await activateLanguage("en");
    show("FONT_NOT_FOUND", "en");
    expect(screen.queryByTestId("premium-link")).toBeNull();
  });
});
