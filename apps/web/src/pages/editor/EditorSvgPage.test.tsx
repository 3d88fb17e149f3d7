import {
  FontSettings,
  type FontSummary,
  type GlyphDocument,
  type LetterChange,
  type LetterState,
} from "@handfont/contract";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";

const square = (x: number, size: number): GlyphDocument => ({
  schemaVersion: 1,
  contours: [
    {
      points: [
        { x, y: 0, on: true, type: "corner" },
        { x: x + size, y: 0, on: true, type: "corner" },
        { x: x + size, y: size, on: true, type: "corner" },
        { x, y: size, on: true, type: "corner" },
      ],
    },
  ],
  strokes: [],
  metrics: { advance: null, leftSideBearing: null, rightSideBearing: null },
  adjustments: { scale: 1, baselineShift: 0 },
  source: { kind: "imported", fileName: null },
});
const letter = (chars: string, document: GlyphDocument, revision = 1): LetterState => ({
  chars,
  variant: 1,
  revision,
  document,
  path: "M0 0Z",
  warnings: [],
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const font: FontSummary = {
  id: "f1",
  name: "Hand",
  styleName: "Regular",
  characterCount: 2,
  glyphCount: 2,
  ligatureCount: 0,
  maxVariants: 1,
  settings: FontSettings.parse({}),
  lastBuild: null,
  specimenUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

// The server as the page sees it: the font's letters change only through changeLetters, with revisions.
let fontLetters: LetterState[] = [];
const written: LetterChange[][] = [];
const api = {
  fonts: vi.fn(async () => [font]),
  fontLetters: vi.fn(async () => fontLetters),
  letterScan: vi.fn(),
  changeLetters: vi.fn(async (_fontId: string, changes: LetterChange[]) => {
    written.push(changes);
    return changes.map((change) => {
      const before = fontLetters.find((entry) => entry.chars === change.chars);
      const next = letter(change.chars, change.document!, (before?.revision ?? 0) + 1);
      fontLetters = [...fontLetters.filter((entry) => entry !== before), next];
      return next;
    });
  }),
};
vi.mock("../../features/workspace/workspace-api.ts", () => ({ workspaceApi: api }));
vi.mock("../../features/workspace/use-live-preview.ts", () => ({ useLivePreview: () => null }));
vi.mock("../../features/workspace/WorkspaceLayout.tsx", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  withSignIn: (Page: ComponentType) => Page,
}));
vi.mock("../../features/auth/session.ts", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useAuth: () => ({ status: "loggedIn", user: { id: "u1" } }),
}));
const { default: EditorSvgPage } = await import("./EditorSvgPage.tsx");

beforeAll(async () => {
  await activateLanguage("en");
  await loadNamespaces("en", ["editor-outline", "glyph-editing", "workspace", "payments"]);
});

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  written.length = 0;
  fontLetters = [letter("A", square(100, 400)), letter("B", square(200, 300))];
});

function renderPage(search: string) {
  const router = createMemoryRouter([{ path: "/en/editorSvg", element: <EditorSvgPage /> }], {
    initialEntries: [`/en/editorSvg${search}`],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const points = () => document.querySelectorAll('[data-testid="outline-canvas"] [data-point]');
const xOf = (key: string) => Number((document.querySelector(`[data-point="${key}"]`) as SVGElement).dataset.x);

describe("the outline editor page", () => {
  it("opens the letter named in the address, and the next letter with ]", async () => {
    const router = renderPage("?font=f1&char=A");
    await waitFor(() => expect(points()).toHaveLength(4));
    expect(xOf("0:0")).toBe(100);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Edit outline: A");
    fireEvent.keyDown(window, { code: "BracketRight", key: "]" });
    await waitFor(() => expect(router.state.location.search).toBe("?font=f1&char=B"));
    await waitFor(() => expect(xOf("0:0")).toBe(200));
  });

  it("keeps an edit when the user moves to another letter and back, and saves it on the letter's revision", async () => {
    const router = renderPage("?font=f1&char=A");
    await waitFor(() => expect(points()).toHaveLength(4));
    fireEvent.keyDown(window, { code: "KeyA", key: "a", ctrlKey: true });
    fireEvent.keyDown(window, { code: "ArrowRight", key: "ArrowRight", shiftKey: true });
    expect(xOf("0:0")).toBe(110);
    await act(() => router.navigate("/en/editorSvg?font=f1&char=B"));
    await waitFor(() => expect(xOf("0:0")).toBe(200));
    await act(() => router.navigate("/en/editorSvg?font=f1&char=A"));
    await waitFor(() => expect(xOf("0:0")).toBe(110));
    await waitFor(() => expect(written.flat()).toHaveLength(1));
    expect(written[0]![0]).toMatchObject({ chars: "A", baseRevision: 1 });
    expect(written[0]![0]!.document!.contours[0]!.points[0]).toMatchObject({ x: 110, y: 0 });
  });

  it("starts a letter the font does not have yet from the New letter field", async () => {
    const router = renderPage("?font=f1&char=A");
    await waitFor(() => expect(points()).toHaveLength(4));
    fireEvent.change(screen.getByRole("textbox", { name: "New letter" }), { target: { value: "Ж" } });
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?font=f1&char=${encodeURIComponent("Ж")}`));
    await waitFor(() => expect(points()).toHaveLength(0));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Edit outline: Ж");
    // Nothing drawn, nothing sent.
    expect(written).toHaveLength(0);
  });
});
