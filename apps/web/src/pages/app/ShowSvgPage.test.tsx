import {
  FontSettings,
  type FontSummary,
  type GlyphDocument,
  type LetterChange,
  type LetterState,
  PLAN_LIMITS,
  type ScanStatus,
} from "@handfont/contract";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";

const doc = (page = 1, adjustments = { scale: 1, baselineShift: 0 }): GlyphDocument => ({
  schemaVersion: 1,
  contours: [],
  strokes: [],
  metrics: { advance: null, leftSideBearing: null, rightSideBearing: null },
  adjustments,
  source: { kind: "scan", templateId: "t1", page, image: null },
});
const letter = (chars: string, options: Partial<LetterState> = {}): LetterState => ({
  chars,
  variant: 1,
  revision: 1,
  document: doc(),
  path: `M0 0L100 ${chars.codePointAt(0)}Z`,
  warnings: [],
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...options,
});
const font: FontSummary = {
  id: "f1",
  name: "Почерк",
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
};
const faint = { code: "CELL_FAINT", message: "Faint" };

// The server as the page sees it: a font's letters change only through changeLetters, with revisions.
let fontLetters: LetterState[] = [];
let scans: ScanStatus[] = [];
let setLetters: LetterState[] = [];
const written: LetterChange[][] = [];
const api = {
  fonts: vi.fn(async () => [font]),
  letterSets: vi.fn(async () => [
    { id: "s1", templateId: "t1", templateName: "Шаблон", letterCount: setLetters.length, updatedAt: font.updatedAt },
  ]),
  fontLetters: vi.fn(async () => fontLetters),
  letterSetLetters: vi.fn(async () => setLetters),
  changeLetters: vi.fn(async (_fontId: string, changes: LetterChange[]) => {
    written.push(changes);
    const states: LetterState[] = [];
    for (const change of changes) {
      const at = fontLetters.findIndex((entry) => entry.chars === change.chars && entry.variant === change.variant);
      const before = at >= 0 ? fontLetters[at] : undefined;
      if (change.document === null) {
        fontLetters = fontLetters.filter((_, index) => index !== at);
        continue;
      }
      const next = letter(change.chars, {
        revision: (before?.revision ?? 0) + 1,
        document: change.document,
        path: change.document.source.kind === "scan" ? `M${change.document.source.page}` : "M",
      });
      fontLetters = at >= 0 ? fontLetters.map((entry, index) => (index === at ? next : entry)) : [...fontLetters, next];
      states.push(next);
    }
    return states;
  }),
  addAsNewFont: vi.fn(),
  premium: vi.fn(async () => ({ isPremium: false, plan: "free", premiumUntil: null, limits: PLAN_LIMITS.free })),
  saveLetters: vi.fn(),
  scans: vi.fn(async () => scans),
  uploadScans: vi.fn(),
  removeScan: vi.fn(),
  clearScans: vi.fn(),
};
vi.mock("../../features/workspace/workspace-api.ts", () => ({ workspaceApi: api, saveBlob: vi.fn() }));
vi.mock("../../features/workspace/use-live-preview.ts", () => ({ useLivePreview: () => null }));
vi.mock("../../features/workspace/WorkspaceLayout.tsx", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  withSignIn: (Page: ComponentType) => Page,
}));
const { default: ShowSvgPage } = await import("./ShowSvgPage.tsx");

beforeAll(async () => {
  Element.prototype.scrollIntoView = vi.fn();
  for (const language of ["en", "ru", "uk"] as const) {
    await loadNamespaces(language, ["workspace", "manage", "payments", "letters", "font-settings"]);
  }
});

beforeEach(() => {
  localStorage.clear();
  written.length = 0;
  vi.clearAllMocks();
  fontLetters = [letter("A"), letter("B", { warnings: [faint] }), letter("C")];
  scans = [];
  setLetters = [];
});
afterEach(() => vi.useRealTimers());

function renderPage(search = "?font=f1") {
  const router = createMemoryRouter(
    [
      { path: "/ru/app/showsvg", element: <ShowSvgPage /> },
      { path: "/ru/app", element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/ru/app/showsvg${search}`] },
  );
  const view = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...view };
}

const tile = (chars: string) =>
  screen.getAllByTestId("glyph-tile").find((element) => element.textContent?.startsWith(chars))!;

describe("letter edits on the Letters page", () => {
  it("save themselves after a pause, on the revision they were made on", async () => {
    await activateLanguage("ru");
    renderPage();
    await screen.findAllByTestId("glyph-tile");
    fireEvent.change(within(tile("A")).getByRole("textbox", { name: "Масштаб" }), { target: { value: "1.5" } });
    expect(screen.getByTestId("autosave-status").textContent).toBe("Сохраняем…");
    await waitFor(() => expect(written).toHaveLength(1), { timeout: 3000 });
    expect(written[0]).toEqual([
      { chars: "A", variant: 1, baseRevision: 1, document: doc(1, { scale: 1.5, baselineShift: 0 }) },
    ]);
    await waitFor(() => expect(screen.getByTestId("autosave-status").textContent).toBe("Все изменения сохранены"));
    expect(localStorage.length).toBe(0);
  });

  it("are saved at once when the user leaves the page before the pause is over", async () => {
    await activateLanguage("en");
    const { router } = renderPage();
    await screen.findAllByTestId("glyph-tile");
    fireEvent.change(within(tile("C")).getByRole("textbox", { name: "Baseline shift" }), { target: { value: "40" } });
    await act(() => router.navigate("/ru/app"));
    await screen.findByText("elsewhere");
    expect(written).toEqual([
      [{ chars: "C", variant: 1, baseRevision: 1, document: doc(1, { scale: 1, baselineShift: 40 }) }],
    ]);
  });

  it("kept in the browser by a visit that ended before saving are put back and saved", async () => {
    await activateLanguage("uk");
    const key = "1\u0000B";
    localStorage.setItem(
      "handfont.letterEdits.f1",
      JSON.stringify({
        [key]: { edit: { scale: 0.8, baselineShift: -20, deleted: false }, revision: 1 },
        // Made on a revision the letter no longer has: another device saved meanwhile, so it is dropped.
        "1\u0000A": { edit: { scale: 3, baselineShift: 0, deleted: false }, revision: 7 },
      }),
    );
    renderPage();
    await waitFor(() => expect(written).toHaveLength(1), { timeout: 3000 });
    expect(written[0]).toEqual([
      { chars: "B", variant: 1, baseRevision: 1, document: doc(1, { scale: 0.8, baselineShift: -20 }) },
    ]);
    await waitFor(() => expect(screen.getByTestId("autosave-status").textContent).toBe("Усі зміни збережено"));
  });

  it("a deleted letter stays on the grid and can be taken back", async () => {
    await activateLanguage("en");
    renderPage();
    await screen.findAllByTestId("glyph-tile");
    fireEvent.click(within(tile("A")).getByRole("button", { name: "Delete A, variant 1" }));
    await waitFor(() => expect(written).toHaveLength(1), { timeout: 3000 });
    expect(written[0]).toEqual([{ chars: "A", variant: 1, baseRevision: 1, document: null }]);
    await waitFor(() => expect(screen.getByTestId("autosave-status").textContent).toBe("All changes saved"));
    // Still in its place, first in the grid, marked deleted.
    expect(screen.getAllByTestId("glyph-tile")[0]!.textContent).toMatch(/^A/);
    fireEvent.click(within(tile("A")).getByRole("button", { name: "Keep A, variant 1" }));
    await waitFor(() => expect(written).toHaveLength(2), { timeout: 3000 });
    expect(written[1]).toEqual([{ chars: "A", variant: 1, baseRevision: null, document: doc() }]);
  });

  it("a failed save says so and saves when asked again", async () => {
    await activateLanguage("ru");
    api.changeLetters.mockRejectedValueOnce(new ApiError(500, "INTERNAL", "Ошибка сервера", null));
    renderPage();
    await screen.findAllByTestId("glyph-tile");
    fireEvent.change(within(tile("A")).getByRole("textbox", { name: "Масштаб" }), { target: { value: "2" } });
    await screen.findByText("Пока не сохранено.", undefined, { timeout: 3000 });
    expect(screen.getByRole("alert").textContent).toContain("Ошибка сервера");
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    await waitFor(() => expect(screen.getByTestId("autosave-status").textContent).toBe("Все изменения сохранены"));
    expect(written).toHaveLength(1);
  });
});

describe("finding letters in a large font", () => {
  it("filters by warnings, missing characters and set, and jumps to a character", async () => {
    await activateLanguage("uk");
    renderPage();
    await screen.findAllByTestId("glyph-tile");
    const filter = screen.getByRole("combobox", { name: "Показати" });
    expect((filter as HTMLInputElement).value).toBe("Усі літери (3)");

    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole("option", { name: "Із зауваженнями (1)", hidden: true }));
    expect(screen.getAllByTestId("glyph-tile").map((element) => element.textContent?.[0])).toEqual(["B"]);

    fireEvent.click(filter);
    // Latin has 52 letters; A, B and C are written.
    fireEvent.click(await screen.findByRole("option", { name: "Бракує (49)", hidden: true }));
    expect(screen.queryAllByTestId("glyph-tile")).toHaveLength(0);
    expect(screen.getAllByTestId("missing-tile")).toHaveLength(49);

    // A jump to a written letter that this filter hides goes back to all letters and focuses its box.
    fireEvent.change(screen.getByRole("textbox", { name: "Перейти до символу" }), { target: { value: "C" } });
    fireEvent.click(screen.getByRole("button", { name: "Перейти" }));
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Видалити C, варіант 1"));
    expect(screen.getAllByTestId("glyph-tile")).toHaveLength(3);

    fireEvent.change(screen.getByRole("textbox", { name: "Перейти до символу" }), { target: { value: "Ж" } });
    fireEvent.click(screen.getByRole("button", { name: "Перейти" }));
    expect((await screen.findByTestId("jump-not-found")).textContent).toBe("Клітинки «Ж» серед цих літер немає.");
  });

  it("shows the accented letters the font composes from a written letter and mark as composed, not missing", async () => {
    await activateLanguage("en");
    fontLetters = [letter("e"), letter("c"), letter("à"), letter("\u00b4"), letter("\u00b8")];
    renderPage();
    await screen.findAllByTestId("glyph-tile");
    const filter = screen.getByRole("combobox", { name: "Show" });
    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole("option", { name: "French letters", hidden: true }));
    const composed = screen.getAllByTestId("composed-tile");
    const eAcute = composed.find((element) => element.textContent?.startsWith("é"))!;
    expect(eAcute.getAttribute("aria-label")).toBe("é: built from e and \u00b4");
    expect(within(eAcute).getByRole("link", { name: "Draw é in the editor" }).getAttribute("href")).toBe(
      "/en/editor?font=f1&letter=1%3A%C3%A9",
    );
    expect(composed.some((element) => element.textContent?.startsWith("ç"))).toBe(true);
    expect(screen.getAllByTestId("missing-tile").some((element) => element.textContent?.startsWith("é"))).toBe(false);
    expect(screen.getAllByTestId("missing-tile").some((element) => element.textContent?.startsWith("ê"))).toBe(true);
  });

  it("draws a thousand letters a page at a time", async () => {
    await activateLanguage("en");
    fontLetters = Array.from({ length: 1000 }, (_, index) => letter(String.fromCodePoint(0x4e00 + index)));
    renderPage();
    await screen.findAllByTestId("glyph-tile");
    expect(screen.getAllByTestId("glyph-tile")).toHaveLength(120);
    expect(screen.getByTestId("grid-count").textContent).toBe("120 of 1000 boxes shown");
    fireEvent.click(screen.getByRole("button", { name: "Show 120 more" }));
    expect(screen.getAllByTestId("glyph-tile")).toHaveLength(240);
  }, 60_000);
});

describe("the way to the draw editor", () => {
  it("links each letter of a font, drawn or missing, to the editor on that letter", async () => {
    await activateLanguage("en");
    renderPage();
    await screen.findAllByTestId("glyph-tile");
    expect(within(tile("B")).getByRole("link", { name: "Draw B, variant 1 in the editor" }).getAttribute("href")).toBe(
      "/en/editor?font=f1&letter=1%3AB",
    );
    const filter = screen.getByRole("combobox", { name: "Show" });
    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole("option", { name: "Missing (49)", hidden: true }));
    const missing = screen.getAllByTestId("missing-tile").find((element) => element.textContent?.startsWith("D"))!;
    expect(within(missing).getByRole("link", { name: "Draw D in the editor" }).getAttribute("href")).toBe(
      "/en/editor?font=f1&letter=1%3AD",
    );
  });

  it("says how an empty font gets letters instead of waiting for a preview", async () => {
    await activateLanguage("en");
    fontLetters = [];
    renderPage();
    const notice = await screen.findByTestId("empty-font");
    expect(notice.textContent).toMatch(/no letters yet/);
    expect(within(notice).getByRole("link", { name: "Draw letters" }).getAttribute("href")).toBe("/en/editor?font=f1");
    expect(screen.queryByTestId("live-preview")).toBeNull();
  });
});

describe("a page uploaded again while a font is open", () => {
  it("is compared box by box, applies only the chosen letters to the font, and can be undone", async () => {
    await activateLanguage("en");
    // The server is reading the page: the panel follows it until it is done.
    scans = [
      {
        id: "00000000-0000-4000-8000-000000000001",
        fileName: "retake.jpg",
        mediaType: "image/jpeg",
        status: "reading",
        progress: 40,
        pages: [],
        error: null,
        createdAt: font.createdAt,
        updatedAt: font.updatedAt,
      },
    ];
    renderPage();
    await screen.findAllByTestId("upload-item");
    // The retake: A reads worse (a warning it did not have), B reads better, D is new, C is the same.
    setLetters = [
      letter("A", { document: doc(2), path: "M2A", warnings: [faint] }),
      letter("B", { document: doc(2), path: "M2B" }),
      letter("C"),
      letter("D", { document: doc(2), path: "M2D" }),
    ];
    fontLetters = fontLetters.map((entry) => ({ ...entry, document: doc(1) }));
    setLetters[2] = { ...fontLetters[2]!, document: doc(2) };
    scans = [
      {
        ...scans[0]!,
        status: "done",
        progress: 100,
        pages: [
          {
            filePage: 1,
            templateId: "t1",
            page: 2,
            lettersFound: 4,
            emptyCells: 0,
            warnings: [],
            cellWarnings: [],
            error: null,
          },
        ],
      },
    ];
    const dialog = await screen.findByRole("dialog", undefined, { timeout: 4000 });
    expect(within(dialog).getAllByTestId("review-row")).toHaveLength(3);
    const row = (chars: string) =>
      within(dialog)
        .getAllByTestId("review-row")
        .find((element) => element.textContent?.startsWith(`${chars},`))!;
    expect(within(row("A")).getByRole("radio", { name: "Keep" })).toHaveProperty("checked", true);
    expect(within(row("B")).getByRole("radio", { name: "Take new" })).toHaveProperty("checked", true);
    expect(within(row("D")).getByRole("radio", { name: "Take new" })).toHaveProperty("checked", true);
    // The user decides D is not wanted after all.
    fireEvent.click(within(row("D")).getByRole("radio", { name: "Don’t add" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply 1 change" }));

    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toEqual([{ chars: "B", variant: 1, baseRevision: 1, document: doc(2) }]);
    const applied = await screen.findByTestId("reupload-applied");
    expect(applied.textContent).toContain("1 letter updated in “Почерк”.");

    fireEvent.click(within(applied).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(written).toHaveLength(2));
    expect(written[1]).toEqual([{ chars: "B", variant: 1, baseRevision: 2, document: doc(1) }]);
    expect((await screen.findByTestId("reupload-note")).textContent).toBe(
      "Undone: the font has its letters from before.",
    );
  });
});

describe("saving a template's letters as a new font", () => {
  it("lets the user choose the letters to keep when there are more than the plan allows", async () => {
    await activateLanguage("ru");
    setLetters = [letter("A"), letter("B"), letter("C")];
    api.fonts.mockResolvedValue([]);
    api.addAsNewFont
      .mockRejectedValueOnce(new ApiError(403, "PLAN_LIMIT_CHARACTERS", "Слишком много символов", null))
      .mockResolvedValueOnce({ ...font, id: "f2" });
    renderPage("?set=s1");
    await screen.findAllByTestId("glyph-tile");
    fireEvent.click(screen.getByRole("button", { name: "Сохранить как новый шрифт" }));
    const dialog = await screen.findByTestId("keep-letters");
    fireEvent.click(within(dialog).getByRole("button", { name: /Создать шрифт/ }));
    await waitFor(() => expect(api.addAsNewFont).toHaveBeenCalledTimes(2));
    expect(api.addAsNewFont.mock.calls[1]).toEqual([
      "Мой почерк",
      { kind: "letterSet", letterSetId: "s1" },
      ["A", "B", "C"],
    ]);
  });
});
