import { FontSettings, type LetterChange, type LetterState } from "@handfont/contract";
import { DEFAULT_ERASER_RADIUS } from "@handfont/editor";
import { emptyGlyphDocument, type GlyphDocument } from "@handfont/engine/fonts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";

const font = {
  id: "f1",
  name: "Hand",
  styleName: "Regular",
  characterCount: 0,
  glyphCount: 0,
  ligatureCount: 0,
  maxVariants: 1,
  settings: FontSettings.parse({}),
  lastBuild: null,
  specimenUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const drawn = (strokes: number): GlyphDocument => ({
  ...emptyGlyphDocument(),
  strokes: Array.from({ length: strokes }, (_, k) => ({
    id: `s${k + 1}`,
    points: [
      { x: 100 + 100 * k, y: 0, pressure: 0.5, t: 0 },
      { x: 100 + 100 * k, y: 500, pressure: 0.5, t: 50 },
    ],
    pen: { size: 16, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true },
  })),
});
const state = (chars: string, revision: number, document: GlyphDocument): LetterState => ({
  chars,
  variant: 1,
  revision,
  document,
  path: "",
  warnings: [],
  updatedAt: font.updatedAt,
});

const server = { letters: [] as LetterState[], sent: [] as LetterChange[][], conflictOnce: null as LetterState | null };
const api = {
  fonts: vi.fn(async () => [font]),
  fontLetters: vi.fn(async () => server.letters),
  changeLetters: vi.fn(async (_fontId: string, changes: LetterChange[]) => {
    server.sent.push(changes);
    if (server.conflictOnce) {
      const current = server.conflictOnce;
      server.conflictOnce = null;
      throw new ApiError(409, "LETTER_CONFLICT", "changed", {
        code: "LETTER_CONFLICT",
        message: "changed",
        conflicts: [{ chars: current.chars, variant: 1, current }],
      });
    }
    return changes.map((change) => state(change.chars, (change.baseRevision ?? 0) + 1, change.document!));
  }),
  createFont: vi.fn(),
};
vi.mock("../workspace/workspace-api.ts", () => ({ workspaceApi: api }));
vi.mock("../workspace/use-live-preview.ts", () => ({ useLivePreview: () => null }));
vi.mock("../auth/session.ts", () => ({
  session: { ready: async () => undefined },
  useAuth: () => ({ status: "loggedIn", user: { id: "u1" } }),
}));
const { default: DrawEditorPage } = await import("./DrawEditorPage.tsx");
const { ERASER_RANGE } = await import("./editor-settings.ts");

beforeAll(async () => {
  await loadNamespaces("en", ["editor", "glyph-editing", "workspace"]);
  await activateLanguage("en");
});
beforeEach(() => {
  server.letters = [];
  server.sent = [];
  server.conflictOnce = null;
  window.localStorage.clear();
});

function renderPage(search = "?font=f1") {
  const router = createMemoryRouter([{ path: "*", element: <DrawEditorPage /> }], {
    initialEntries: [`/en/editor${search}`],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

function drawStroke(x: number) {
  const canvas = screen.getByTestId("draw-canvas");
  const at = (y: number) => ({ pointerId: 1, pointerType: "pen", clientX: x, clientY: y, pressure: 0.7, button: 0 });
  fireEvent.pointerDown(canvas, at(100));
  for (let y = 110; y <= 300; y += 10) fireEvent.pointerMove(canvas, at(y));
  fireEvent.pointerUp(canvas, at(300));
}

describe("the draw letters page", { timeout: 15_000 }, () => {
  it("opens an empty font on its first letter, says how to add letters, and saves a drawn stroke", async () => {
    renderPage();
    expect(await screen.findByTestId("empty-font")).toBeTruthy();
    expect(screen.getByTestId("current-letter").textContent).toBe("Letter A");
    drawStroke(200);
    expect(screen.getByTestId("draw-canvas").getAttribute("data-strokes")).toBe("1");
    await waitFor(() => expect(server.sent).toHaveLength(1), { timeout: 3000 });
    const [change] = server.sent[0]!;
    expect(change).toMatchObject({ chars: "A", variant: 1, baseRevision: null });
    expect(change!.document!.strokes).toHaveLength(1);
    expect(change!.document!.strokes[0]!.points[0]!.pressure).toBe(0.7);
    await waitFor(() => expect(screen.getByTestId("save-status").getAttribute("data-status")).toBe("saved"));
    expect(screen.getByRole("button", { name: "A, variant 1: drawn" })).toBeTruthy();
  });

  it("goes to the next letter with the keyboard, by the Latin letter typed or by key position", async () => {
    renderPage();
    await screen.findByTestId("current-letter");
    fireEvent.keyDown(window, { key: "]", code: "BracketRight" });
    expect(screen.getByTestId("current-letter").textContent).toBe("Letter B");
    drawStroke(200);
    expect(screen.getByTestId("draw-canvas").getAttribute("data-strokes")).toBe("1");
    // German layout: the key typing "z" sits where US keyboards have Y.
    fireEvent.keyDown(window, { key: "z", code: "KeyY", ctrlKey: true });
    expect(screen.getByTestId("draw-canvas").getAttribute("data-strokes")).toBe("0");
    // Russian layout: no Latin letter typed, the position of Z counts; Ctrl+Shift+Z redoes.
    fireEvent.keyDown(window, { key: "Я", code: "KeyZ", ctrlKey: true, shiftKey: true });
    expect(screen.getByTestId("draw-canvas").getAttribute("data-strokes")).toBe("1");
  });

  it("prints the template's dotted circle on an accent mark's canvas, and on no letter's", async () => {
    renderPage(`?font=f1&letter=${encodeURIComponent("1:\u0306")}`);
    expect((await screen.findByTestId("current-letter")).textContent).toContain("\u25cc\u0306");
    expect(screen.getByTestId("mark-placeholder").querySelectorAll("circle").length).toBeGreaterThan(8);
    fireEvent.click(screen.getByRole("button", { name: "Next letter" }));
    await waitFor(() => expect(screen.queryByTestId("mark-placeholder")).toBeNull());
  });

  it("shows a letter saved elsewhere as a conflict and overwrites it only when the user keeps theirs", async () => {
    server.letters = [state("A", 1, drawn(1))];
    renderPage("?font=f1&letter=1%3AA");
    await screen.findByTestId("current-letter");
    expect(screen.getByTestId("draw-canvas").getAttribute("data-strokes")).toBe("1");
    server.conflictOnce = state("A", 2, drawn(3));
    drawStroke(300);
    const notice = await screen.findByTestId("conflict", {}, { timeout: 3000 });
    expect(server.sent[0]![0]!.baseRevision).toBe(1);
    fireEvent.click(within(notice).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(server.sent).toHaveLength(2), { timeout: 3000 });
    expect(server.sent[1]![0]).toMatchObject({ chars: "A", baseRevision: 2 });
    expect(server.sent[1]![0]!.document!.strokes).toHaveLength(2);
    await waitFor(() => expect(screen.queryByTestId("conflict")).toBeNull());
  });

  it("takes the other version into the letter as an undoable step, sending nothing", async () => {
    server.letters = [state("A", 1, drawn(1))];
    renderPage("?font=f1&letter=1%3AA");
    await screen.findByTestId("current-letter");
    server.conflictOnce = state("A", 2, drawn(3));
    drawStroke(300);
    const notice = await screen.findByTestId("conflict", {}, { timeout: 3000 });
    fireEvent.click(within(notice).getByRole("button", { name: "Take theirs" }));
    expect(screen.getByTestId("draw-canvas").getAttribute("data-strokes")).toBe("3");
    expect(screen.queryByTestId("conflict")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.sent).toHaveLength(1);
    // Undo brings back this device's version, which is then an edit to save on the server's revision.
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByTestId("draw-canvas").getAttribute("data-strokes")).toBe("2");
    await waitFor(() => expect(server.sent).toHaveLength(2), { timeout: 3000 });
    expect(server.sent[1]![0]).toMatchObject({ baseRevision: 2 });
  });

  it("plans the letters to draw: sets, further characters, ligatures and variants, remembered for the font", async () => {
    renderPage();
    await screen.findByTestId("current-letter");
    // Latin letters, the 13 accent marks and the digits.
    expect(screen.getByTestId("letter-count").textContent).toBe("0 of 75 drawn");
    fireEvent.click(screen.getByRole("checkbox", { name: "Digits" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Accent marks (é ü ç ñ from your letters)" }));
    expect(screen.getByTestId("letter-count").textContent).toBe("0 of 52 drawn");
    fireEvent.change(screen.getByRole("textbox", { name: /More characters/ }), { target: { value: "€" } });
    expect(screen.getByRole("button", { name: "€, variant 1: not drawn yet" })).toBeTruthy();
    const ligatures = screen.getAllByLabelText(/Ligatures/).find((element) => element.tagName === "INPUT")!;
    await userEvent.type(ligatures, "ff{Enter}");
    expect(screen.getByRole("button", { name: "ff, variant 1: not drawn yet" })).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: /Variants of each character/ }), { target: { value: "2" } });
    await waitFor(() => expect(screen.getByTestId("letter-count").textContent).toBe("0 of 108 drawn"));
    expect(screen.getByRole("button", { name: "A, variant 2: not drawn yet" })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem("handfont.editor.plan.f1") ?? "null")).toEqual({
      sets: ["latin"],
      custom: "€",
      ligatures: ["ff"],
      variants: 2,
    });
  });

  it("erases as wide as the eraser size set in the pen panel, and remembers the size on the device", async () => {
    renderPage();
    await screen.findByTestId("current-letter");
    // Every slider of the panel is named for screen readers (Mantine's thumb otherwise carries an empty label).
    for (const name of ["Size", "Thinning", "Smoothing", "Streamline"])
      expect(screen.getByRole("slider", { name })).toBeTruthy();
    const slider = screen.getByRole("slider", { name: "Eraser size" });
    expect(slider.getAttribute("aria-valuenow")).toBe(String(DEFAULT_ERASER_RADIUS));
    slider.focus();
    fireEvent.keyDown(slider, { key: "End" });
    expect(slider.getAttribute("aria-valuenow")).toBe(String(ERASER_RANGE.max));
    expect(JSON.parse(window.localStorage.getItem("handfont.editor.eraser") ?? "null")).toBe(ERASER_RANGE.max);

    await userEvent.click(screen.getByRole("button", { name: /Partial eraser/ }));
    const canvas = screen.getByTestId("draw-canvas");
    fireEvent.pointerDown(canvas, { pointerId: 2, pointerType: "mouse", clientX: 200, clientY: 200, button: 0 });
    // The eraser's circle, drawn in font units, has the radius set.
    expect(canvas.querySelector("circle")?.getAttribute("r")).toBe(String(ERASER_RANGE.max));
    fireEvent.pointerUp(canvas, { pointerId: 2, pointerType: "mouse", clientX: 200, clientY: 200, button: 0 });
  });

  it("lists the shortcuts with the keys of the user's layout where the browser tells it", async () => {
    const russian = new Map([
      ["KeyZ", "я"],
      ["KeyB", "и"],
      ["BracketRight", "ъ"],
    ]);
    Object.defineProperty(navigator, "keyboard", {
      configurable: true,
      value: { getLayoutMap: async () => russian },
    });
    try {
      renderPage();
      await screen.findByTestId("current-letter");
      fireEvent.keyDown(window, { key: "?", code: "Slash", shiftKey: true });
      const help = await screen.findByTestId("shortcut-help");
      const row = (name: string) => within(help).getByText(name).closest("tr")!;
      await waitFor(() => expect(row("Undo").textContent).toContain("Ctrl+Z/Я"));
      expect(row("Pen").textContent).toContain("B/И");
      expect(row("Next letter").textContent).toContain("Ъ");
    } finally {
      Reflect.deleteProperty(navigator, "keyboard");
    }
  });
});
