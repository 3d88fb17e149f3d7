import type { LetterChange, LetterState } from "@handfont/contract";
import { DEFAULT_PEN, emptyGlyphDocument, type GlyphContour, type GlyphDocument } from "@handfont/engine/fonts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";
import { AutosaveSession } from "../glyph-editing/autosave-session.ts";
import { memoryLetterStore } from "../glyph-editing/letter-store.ts";
import { LetterEditor } from "./LetterEditor.tsx";
import type { TracingImage } from "./OutlineCanvas.tsx";

beforeAll(async () => {
  await activateLanguage("en");
  await loadNamespaces("en", ["editor-outline", "glyph-editing", "workspace"]);
});

// jsdom lays nothing out: the canvas gets its width from here and sits at the page's origin.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
});
afterEach(() => vi.restoreAllMocks());

const square = (x: number, y: number, size: number): GlyphContour => ({
  points: [
    { x, y, on: true, type: "corner" },
    { x: x + size, y, on: true, type: "corner" },
    { x: x + size, y: y + size, on: true, type: "corner" },
    { x, y: y + size, on: true, type: "corner" },
  ],
});

const SLOT = { chars: "A", variant: 1 };
const letterWith = (document: GlyphDocument, revision = 3): LetterState => ({
  ...SLOT,
  revision,
  document,
  path: "",
  warnings: [],
  updatedAt: new Date(0).toISOString(),
});

const documentOf = (contours: GlyphContour[]): GlyphDocument => ({
  ...emptyGlyphDocument({ kind: "drawn" }),
  contours,
});

type Send = (changes: LetterChange[]) => Promise<LetterState[]>;

function Harness(props: { session: AutosaveSession; tracing: TracingImage | null }) {
  const snapshot = useSyncExternalStore(props.session.subscribe, props.session.snapshot);
  return (
    <LetterEditor
      slot={SLOT}
      session={props.session}
      snapshot={snapshot}
      tracing={props.tracing}
      onNeighbour={() => {}}
    />
  );
}

/** The editor on a font's autosave (kept in memory) whose server holds `server` and answers through `send`. */
async function renderEditor(server: LetterState | null, send: Send, tracing: TracingImage | null = null) {
  const session = new AutosaveSession({ owner: "u1", fontId: "font-1", store: memoryLetterStore(), send, delayMs: 5 });
  await session.open(server ? [server] : []);
  render(
    <TestProviders>
      <Harness session={session} tracing={tracing} />
    </TestProviders>,
  );
  return { session, canvas: screen.getByTestId("outline-canvas") };
}

const point = (key: string) => document.querySelector(`[data-point="${key}"]`) as SVGElement;
const at = (key: string) => ({ x: Number(point(key).dataset.x), y: Number(point(key).dataset.y) });

/** The point's centre on screen, read from what was drawn. */
function screenOf(key: string) {
  const element = point(key);
  if (element.tagName === "circle") {
    return { clientX: Number(element.getAttribute("cx")), clientY: Number(element.getAttribute("cy")) };
  }
  const half = Number(element.getAttribute("width")) / 2;
  return {
    clientX: Number(element.getAttribute("x")) + half,
    clientY: Number(element.getAttribute("y")) + half,
  };
}

const mouse = { pointerId: 1, pointerType: "mouse", button: 0 };

function click(canvas: HTMLElement, position: { clientX: number; clientY: number }, shift = false) {
  fireEvent.pointerDown(canvas, { ...mouse, ...position, shiftKey: shift });
  fireEvent.pointerUp(canvas, { ...mouse, ...position, shiftKey: shift });
}

const key = (code: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(window, { code, key: code.startsWith("Key") ? code.slice(3).toLowerCase() : code, ...init });

const saved = (changes: LetterChange[], revision: number): LetterState[] =>
  changes.map((change) => ({
    ...letterWith(change.document!, revision),
    chars: change.chars,
    variant: change.variant,
  }));

const conflictWith = (theirs: LetterState) =>
  new ApiError(409, "LETTER_CONFLICT", "Changed elsewhere.", {
    code: "LETTER_CONFLICT",
    message: "Changed elsewhere.",
    conflicts: [{ ...SLOT, current: theirs }],
  });

describe("outline editor", () => {
  it("selects a point with a click and nudges it by 1 and 10 units, then saves on the letter's revision", async () => {
    const send = vi.fn(async (changes: LetterChange[]) => saved(changes, 4));
    const { canvas } = await renderEditor(letterWith(documentOf([square(100, 0, 400)])), send);
    expect(document.querySelectorAll("[data-point]")).toHaveLength(4);

    click(canvas, screenOf("0:2"));
    expect(point("0:2").dataset.selected).toBe("true");
    key("ArrowRight");
    key("ArrowUp", { shiftKey: true });
    expect(at("0:2")).toEqual({ x: 501, y: 410 });
    expect(at("0:1")).toEqual({ x: 500, y: 0 });

    await waitFor(() => expect(send).toHaveBeenCalled());
    const [change] = send.mock.calls.at(-1)![0];
    expect(change!.baseRevision).toBe(3);
    expect(change!.document!.contours[0]!.points[2]).toMatchObject({ x: 501, y: 410 });
    await waitFor(() => expect(screen.getByTestId("save-status").dataset.status).toBe("saved"));
  });

  it("moves the selection by dragging, selects with a box and with Shift, and undoes a drag", async () => {
    const send = vi.fn(async (changes: LetterChange[]) => saved(changes, 4));
    const { canvas } = await renderEditor(letterWith(documentOf([square(100, 0, 400), square(600, 0, 100)])), send);

    // A box around the second square selects its four points; Shift+click adds one of the first.
    const a = screenOf("1:0");
    const b = screenOf("1:2");
    fireEvent.pointerDown(canvas, { ...mouse, clientX: a.clientX - 10, clientY: a.clientY + 10 });
    fireEvent.pointerMove(canvas, { ...mouse, clientX: b.clientX + 10, clientY: b.clientY - 10 });
    fireEvent.pointerUp(canvas, { ...mouse, clientX: b.clientX + 10, clientY: b.clientY - 10 });
    const selected = () =>
      [...document.querySelectorAll("[data-selected]")].map((e) => (e as SVGElement).dataset.point);
    expect(selected()).toEqual(["1:0", "1:1", "1:2", "1:3"]);
    click(canvas, screenOf("0:0"), true);
    expect(selected()).toEqual(["0:0", "1:0", "1:1", "1:2", "1:3"]);

    // Dragging one selected point moves them all by the same whole number of units.
    const from = screenOf("1:0");
    const before = at("1:0");
    fireEvent.pointerDown(canvas, { ...mouse, ...from });
    fireEvent.pointerMove(canvas, { ...mouse, clientX: from.clientX + 30, clientY: from.clientY });
    fireEvent.pointerUp(canvas, { ...mouse, clientX: from.clientX + 30, clientY: from.clientY });
    const moved = at("1:0").x - before.x;
    expect(moved).toBeGreaterThan(0);
    expect(at("0:0")).toEqual({ x: 100 + moved, y: 0 });
    expect(at("1:2")).toEqual({ x: 700 + moved, y: 100 });

    key("KeyZ", { ctrlKey: true });
    expect(at("1:0")).toEqual(before);
    expect(at("0:0")).toEqual({ x: 100, y: 0 });
  });

  it("draws a new contour with the pen tool, clicking its corners and back on the first", async () => {
    const { canvas } = await renderEditor(
      null,
      vi.fn(async (changes: LetterChange[]) => saved(changes, 1)),
    );
    fireEvent.click(screen.getByRole("button", { name: "Pen: draw a new contour" }));
    expect(canvas.dataset.tool).toBe("contourPen");
    for (const [x, y] of [
      [300, 300],
      [400, 300],
      [400, 200],
      [300, 300],
    ] as const) {
      click(canvas, { clientX: x, clientY: y });
    }
    expect(document.querySelectorAll("[data-point]")).toHaveLength(3);
  });

  it("deletes points and contours, toggles smooth, flips, and takes shortcuts typed on a Russian layout", async () => {
    const { canvas } = await renderEditor(
      letterWith(documentOf([square(100, 0, 400), square(600, 0, 100)])),
      vi.fn(async (changes: LetterChange[]) => saved(changes, 4)),
    );
    click(canvas, screenOf("0:1"));
    fireEvent.click(screen.getByRole("button", { name: "Toggle corner or smooth" }));
    expect(point("0:1").dataset.type).toBe("smooth");
    // "ы" is what the S key types on a Russian layout: the key's position decides.
    key("KeyS", { key: "ы" });
    expect(point("0:1").dataset.type).toBe("corner");

    key("Delete");
    expect(document.querySelectorAll('[data-point^="0:"]')).toHaveLength(3);
    click(canvas, screenOf("1:0"));
    key("Delete", { shiftKey: true });
    expect(document.querySelectorAll('[data-point^="1:"]')).toHaveLength(0);

    // With nothing selected a flip turns the whole letter around its middle.
    key("Escape");
    const before = at("0:0");
    key("KeyH", { shiftKey: true, key: "H" });
    expect(at("0:0").y).toBe(before.y);
    expect(at("0:0").x).not.toBe(before.x);
  });

  it("shows a conflict when the letter changed elsewhere, and keeping mine saves on the server's revision", async () => {
    const theirs = letterWith(documentOf([square(0, 0, 50)]), 7);
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(conflictWith(theirs))
      .mockImplementation(async (changes) => saved(changes, 8));
    const { canvas } = await renderEditor(letterWith(documentOf([square(100, 0, 400)])), send);
    click(canvas, screenOf("0:0"));
    key("ArrowLeft");

    expect(await screen.findByTestId("conflict")).toBeTruthy();
    // Nothing is sent again until the user chooses.
    key("ArrowLeft");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(send).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    const [change] = send.mock.calls[1]![0];
    expect(change!.baseRevision).toBe(7);
    expect(change!.document!.contours[0]!.points[0]).toMatchObject({ x: 98, y: 0 });
    await waitFor(() => expect(screen.queryByTestId("conflict")).toBeNull());
  });

  it("takes their version in a conflict as one undoable step", async () => {
    const theirs = letterWith(documentOf([square(0, 0, 50)]), 7);
    const send = vi.fn(async (): Promise<LetterState[]> => Promise.reject(conflictWith(theirs)));
    const { canvas } = await renderEditor(letterWith(documentOf([square(100, 0, 400)])), send);
    click(canvas, screenOf("0:0"));
    key("ArrowLeft");
    fireEvent.click(await screen.findByRole("button", { name: "Take theirs" }));
    expect(at("0:1")).toEqual({ x: 50, y: 0 });
    expect(screen.getByTestId("save-status").dataset.status).toBe("saved");
    key("KeyZ", { ctrlKey: true });
    expect(at("0:0")).toEqual({ x: 99, y: 0 });
  });

  it("turns a drawn letter's strokes into contours, with a notice", async () => {
    const stroke = {
      id: "s1",
      pen: DEFAULT_PEN,
      points: [0, 1, 2, 3, 4, 5].map((k) => ({ x: 100 + 60 * k, y: 200, pressure: 0.5, t: 8 * k })),
    };
    await renderEditor(
      letterWith({ ...emptyGlyphDocument({ kind: "drawn" }), strokes: [stroke] }),
      vi.fn(async (changes: LetterChange[]) => saved(changes, 4)),
    );
    expect(screen.getByTestId("strokes-converted")).toBeTruthy();
    expect(document.querySelectorAll("[data-point]").length).toBeGreaterThan(3);
  });

  it("shows the scan under the outline where it lies, and hides it with its button or G", async () => {
    await renderEditor(
      letterWith(documentOf([square(100, 0, 400)])),
      vi.fn(async (changes: LetterChange[]) => saved(changes, 4)),
      { url: "blob:scan", box: { xMin: 100, yMin: 0, xMax: 500, yMax: 400 } },
    );
    const image = screen.getByTestId("tracing-image");
    // The picture's corners are where the square's corners are drawn.
    expect(Number(image.getAttribute("x"))).toBeCloseTo(screenOf("0:0").clientX, 0);
    expect(Number(image.getAttribute("y"))).toBeCloseTo(screenOf("0:2").clientY, 0);
    fireEvent.click(screen.getByRole("button", { name: "Show or hide the scan" }));
    expect(screen.queryByTestId("tracing-image")).toBeNull();
    key("KeyG");
    expect(screen.getByTestId("tracing-image")).toBeTruthy();
  });

  it("drags the right side bearing line on the canvas and sends the new bearing", async () => {
    const send = vi.fn(async (changes: LetterChange[]) => saved(changes, 4));
    const { canvas } = await renderEditor(letterWith(documentOf([square(100, 0, 400)])), send);
    const lines = screen.getByTestId("side-bearings").querySelectorAll("line");
    const right = Number(lines[1]!.getAttribute("x1"));
    const bearing = Number((screen.getByRole("textbox", { name: "Right side bearing" }) as HTMLInputElement).value);
    // 40 pixels to the right, at the middle of the letter's height (no point there).
    const y = screenOf("0:1").clientY - 60;
    fireEvent.pointerDown(canvas, { ...mouse, clientX: right, clientY: y });
    fireEvent.pointerMove(canvas, { ...mouse, clientX: right + 40, clientY: y });
    fireEvent.pointerUp(canvas, { ...mouse, clientX: right + 40, clientY: y });
    const unitsPerPixel = 400 / (screenOf("0:1").clientX - screenOf("0:0").clientX);
    const expected = bearing + 40 * unitsPerPixel;
    const field = screen.getByRole("textbox", { name: "Right side bearing" }) as HTMLInputElement;
    expect(Math.abs(Number(field.value) - expected)).toBeLessThanOrEqual(1);
    await waitFor(() => expect(send).toHaveBeenCalled());
    const metrics = send.mock.calls.at(-1)![0][0]!.document!.metrics;
    expect(Math.abs(metrics.rightSideBearing! - expected)).toBeLessThanOrEqual(1);
  });

  it("zooms with the wheel around the pointer and pans with Space held", async () => {
    const { canvas } = await renderEditor(
      letterWith(documentOf([square(100, 0, 400)])),
      vi.fn(async (changes: LetterChange[]) => saved(changes, 4)),
    );
    const a = screenOf("0:0");
    const b = screenOf("0:1");
    fireEvent.wheel(canvas, { deltaY: -200, clientX: a.clientX, clientY: a.clientY });
    // The point under the pointer stays; the square grows.
    expect(screenOf("0:0").clientX).toBeCloseTo(a.clientX, 0);
    expect(screenOf("0:1").clientX - screenOf("0:0").clientX).toBeGreaterThan(b.clientX - a.clientX);

    const before = screenOf("0:0");
    fireEvent.keyDown(window, { code: "Space", key: " " });
    fireEvent.pointerDown(canvas, { ...mouse, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(canvas, { ...mouse, clientX: 60, clientY: 30 });
    fireEvent.pointerUp(canvas, { ...mouse, clientX: 60, clientY: 30 });
    fireEvent.keyUp(window, { code: "Space", key: " " });
    expect(screenOf("0:0").clientX).toBeCloseTo(before.clientX + 50, 0);
    expect(screenOf("0:0").clientY).toBeCloseTo(before.clientY + 20, 0);
    // Panning moved no point.
    expect(at("0:0")).toEqual({ x: 100, y: 0 });
  });

  it("zooms with two fingers and never edits while they pinch", async () => {
    const { canvas } = await renderEditor(
      letterWith(documentOf([square(100, 0, 400)])),
      vi.fn(async (changes: LetterChange[]) => saved(changes, 4)),
    );
    const width = () => screenOf("0:1").clientX - screenOf("0:0").clientX;
    const before = width();
    const finger = (pointerId: number, clientX: number) => ({
      pointerId,
      pointerType: "touch",
      button: 0,
      clientX,
      clientY: 200,
    });
    const a = screenOf("0:0");
    // The first finger lands on a point: alone it would drag it; the second turns the gesture into a pinch.
    fireEvent.pointerDown(canvas, finger(1, a.clientX));
    fireEvent.pointerDown(canvas, finger(2, a.clientX + 100));
    fireEvent.pointerMove(canvas, finger(1, a.clientX - 50));
    fireEvent.pointerMove(canvas, finger(2, a.clientX + 150));
    fireEvent.pointerUp(canvas, finger(1, a.clientX - 50));
    fireEvent.pointerUp(canvas, finger(2, a.clientX + 150));
    expect(width() / before).toBeCloseTo(2, 1);
    expect(at("0:0")).toEqual({ x: 100, y: 0 });
  });

  it("adds a point on a segment, removes an overlap and reverses a contour", async () => {
    const { canvas } = await renderEditor(
      letterWith(documentOf([square(100, 0, 400), square(300, 200, 400)])),
      vi.fn(async (changes: LetterChange[]) => saved(changes, 4)),
    );
    key("KeyA");
    const a = screenOf("0:0");
    const b = screenOf("0:1");
    click(canvas, { clientX: (a.clientX + b.clientX) / 2, clientY: a.clientY });
    expect(document.querySelectorAll('[data-point^="0:"]')).toHaveLength(5);
    expect(at("0:1").y).toBe(0);

    // The two squares overlap: one outline remains, with the corners of both.
    fireEvent.click(screen.getByRole("button", { name: "Remove overlap" }));
    expect(document.querySelectorAll('[data-point^="1:"]')).toHaveLength(0);
    expect(document.querySelectorAll('[data-point^="0:"]').length).toBeGreaterThanOrEqual(8);

    const order = () => [...document.querySelectorAll('[data-point^="0:"]')].map((e) => (e as SVGElement).dataset.x);
    const before = order();
    fireEvent.click(screen.getByRole("button", { name: "Reverse contour direction" }));
    expect(order()).not.toEqual(before);
    expect([...order()].sort()).toEqual([...before].sort());
  });

  it("sets the advance width from its field and sends it with the letter", async () => {
    const send = vi.fn(async (changes: LetterChange[]) => saved(changes, 4));
    await renderEditor(letterWith(documentOf([square(100, 0, 400)])), send);
    const field = screen.getByRole("textbox", { name: "Advance width" }) as HTMLInputElement;
    const automatic = field.value;
    for (const typed of ["6", "65", "650"]) fireEvent.change(field, { target: { value: typed } });
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls.at(-1)![0][0]!.document!.metrics.advance).toBe(650);
    // Typing the number was one step: one undo returns to the automatic width.
    key("KeyZ", { ctrlKey: true });
    expect(field.value).toBe(automatic);
  });

  it("copies parts of one letter and pastes them into another through the clipboard events", async () => {
    const first = await renderEditor(
      letterWith(documentOf([square(100, 0, 400)])),
      vi.fn(async (changes: LetterChange[]) => saved(changes, 4)),
    );
    click(first.canvas, screenOf("0:0"));
    const data = new Map<string, string>();
    const clipboardData = {
      setData: (type: string, text: string) => data.set(type, text),
      getData: (type: string) => data.get(type) ?? "",
    };
    act(() => {
      const copy = new Event("copy", { bubbles: true, cancelable: true });
      Object.assign(copy, { clipboardData });
      window.dispatchEvent(copy);
    });
    expect(JSON.parse(data.get("text/plain")!).contours).toHaveLength(1);

    cleanup();
    await renderEditor(
      null,
      vi.fn(async (changes: LetterChange[]) => saved(changes, 1)),
    );
    expect(document.querySelectorAll("[data-point]")).toHaveLength(0);
    act(() => {
      const paste = new Event("paste", { bubbles: true, cancelable: true });
      Object.assign(paste, { clipboardData });
      window.dispatchEvent(paste);
    });
    expect(document.querySelectorAll("[data-point]")).toHaveLength(4);
    expect(at("0:0")).toEqual({ x: 100, y: 0 });
  });
});
