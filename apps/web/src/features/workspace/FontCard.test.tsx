import type { FontSummary } from "@handfont/contract";
import { FontSettings } from "@handfont/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";

const font = (id: string, name: string): FontSummary => ({
  id,
  name,
  styleName: "Regular",
  characterCount: 3,
  glyphCount: 3,
  ligatureCount: 0,
  maxVariants: 1,
  settings: FontSettings.parse({}),
  lastBuild: null,
  specimenUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const source = font("a", "Почерк Анны");
const target = font("b", "Рука");

const api = {
  joinFonts: vi.fn(async () => ({ font: target, added: 2, replaced: 0, kept: 1 })),
  removeFont: vi.fn(async () => ({ removed: true })),
  copyFont: vi.fn(async () => source),
  buildFont: vi.fn(),
  job: vi.fn(),
  downloadFont: vi.fn(),
  specimen: vi.fn(),
};
vi.mock("./workspace-api.ts", () => ({ workspaceApi: api, saveBlob: vi.fn() }));
const { FontCard } = await import("./FontCard.tsx");

beforeAll(async () => {
  for (const language of ["en", "ru", "uk"] as const) await loadNamespaces(language, ["workspace", "manage", "jobs"]);
});

function renderCard() {
  const router = createMemoryRouter([{ path: "*", element: <FontCard font={source} fonts={[source, target]} /> }]);
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe("font card", () => {
  it("merges with the action named on the button and says when the merge is done", async () => {
    await activateLanguage("ru");
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Объединить" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("button", { name: "OK" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Объединить" }));
    expect(await screen.findByTestId("merge-done")).toHaveProperty(
      "textContent",
      "Объединено со шрифтом «Рука». Букв добавлено: 2, заменено: 0, оставлено как было: 1.",
    );
    expect(api.joinFonts).toHaveBeenCalledWith("a", "b", "target");
  });

  it("asks before removing, with the action named on the button", async () => {
    await activateLanguage("uk");
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Видалити" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Видалити цей шрифт?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Видалити" }));
    await waitFor(() => expect(api.removeFont).toHaveBeenCalledWith("a"));
  });

  it("follows a build's job: shows how far it got, then the failure in the user's language", async () => {
    await activateLanguage("ru");
    const job = { id: "j1", kind: "build-font", subjectId: "a", error: null };
    api.buildFont.mockResolvedValueOnce({ ...job, state: "queued", progress: 0 });
    api.job.mockResolvedValueOnce({ ...job, state: "running", progress: 40 }).mockResolvedValue({
      ...job,
      state: "failed",
      progress: 100,
      error: { code: "BUILD_FAILED", message: "Не удалось собрать шрифт. Попробуйте ещё раз." },
    });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Собрать" }));
    expect((await screen.findByTestId("build-progress")).textContent).toBe("Собираем… 40 %");
    expect((await screen.findByRole("alert")).textContent).toContain("Не удалось собрать шрифт. Попробуйте ещё раз.");
    expect(screen.queryByTestId("build-progress")).toBeNull();
    expect(api.buildFont).toHaveBeenCalledTimes(1);
  });

  it("copies once for a double click", async () => {
    await activateLanguage("en");
    renderCard();
    const copy = screen.getByRole("button", { name: "Copy" });
    fireEvent.click(copy);
    fireEvent.click(copy);
    await waitFor(() => expect(api.copyFont).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.copyFont).toHaveBeenCalledTimes(1);
  });

  it("says how an empty font gets letters and leads to the draw editor", async () => {
    await activateLanguage("en");
    const empty = { ...font("e", "Empty"), characterCount: 0 };
    const router = createMemoryRouter([{ path: "*", element: <FontCard font={empty} fonts={[empty]} /> }]);
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(screen.getByTestId("font-empty").textContent).toMatch(/no letters yet/);
    expect(screen.getByRole("link", { name: "Draw letters" }).getAttribute("href")).toBe("/en/editor?font=e");
    // An empty font has no outline to edit yet.
    expect(screen.queryByRole("link", { name: "Edit outlines" })).toBeNull();
  });

  it("leads from a font with letters to both editors", async () => {
    await activateLanguage("uk");
    const full = { ...font("f", "Full"), characterCount: 3 };
    const router = createMemoryRouter([{ path: "*", element: <FontCard font={full} fonts={[full]} /> }]);
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(screen.getByRole("link", { name: "Малювати літери" }).getAttribute("href")).toBe("/uk/editor?font=f");
    expect(screen.getByRole("link", { name: "Редагувати контури" }).getAttribute("href")).toBe("/uk/editorSvg?font=f");
  });
});
