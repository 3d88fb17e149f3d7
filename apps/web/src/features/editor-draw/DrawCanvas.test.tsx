import { fitBox, GlyphEditor, PointerArbiter, toFontUnits } from "@handfont/editor";
import { emptyGlyphDocument } from "@handfont/engine/fonts";
import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";
import { DrawCanvas, LETTER_FRAME } from "./DrawCanvas.tsx";

beforeAll(async () => {
  await loadNamespaces("en", ["glyph-editing"]);
});

function setup(mode: "auto" | "off" = "auto") {
  const editor = new GlyphEditor({ document: emptyGlyphDocument() });
  const arbiter = new PointerArbiter(mode);
  const onPenModeChange = vi.fn();
  render(
    <TestProviders>
      <DrawCanvas
        editor={editor}
        arbiter={arbiter}
        chars="a"
        showReference
        neighbours={{ before: "", after: "" }}
        label="Drawing area"
        onPenModeChange={onPenModeChange}
      />
    </TestProviders>,
  );
  return { editor, arbiter, onPenModeChange, canvas: screen.getByTestId("draw-canvas") };
}

type Kind = "pen" | "mouse" | "touch";
const at = (x: number, y: number, kind: Kind, id: number, pressure: number) => ({
  pointerId: id,
  pointerType: kind,
  clientX: x,
  clientY: y,
  pressure,
  button: 0,
  buttons: 1,
});

/** A stroke of pointer events from (x, y) rightwards and down, in screen pixels. */
function stroke(
  canvas: HTMLElement,
  kind: Kind,
  options: { id?: number; x?: number; y?: number; pressure?: number } = {},
) {
  const { id = 1, x = 200, y = 150, pressure = kind === "pen" ? 0.8 : 0.5 } = options;
  fireEvent.pointerDown(canvas, at(x, y, kind, id, pressure));
  for (let k = 1; k <= 10; k++) fireEvent.pointerMove(canvas, at(x + 6 * k, y + 9 * k, kind, id, pressure));
  fireEvent.pointerUp(canvas, at(x + 60, y + 90, kind, id, pressure));
}

describe("the drawing canvas", () => {
  it("records a stylus stroke in font units with the pressure it was drawn with", () => {
    const { editor, canvas, onPenModeChange } = setup();
    stroke(canvas, "pen");
    expect(editor.document.strokes).toHaveLength(1);
    const drawn = editor.document.strokes[0]!;
    expect(drawn.pen.simulatePressure).toBe(false);
    expect(drawn.points.every((point) => point.pressure === 0.8)).toBe(true);
    expect(drawn.points.length).toBeGreaterThan(5);
    // Screen y grows downward, font y upward: the stroke went down on screen, so down in font units.
    expect(drawn.points.at(-1)!.y).toBeLessThan(drawn.points[0]!.y);
    expect(drawn.points.at(-1)!.x).toBeGreaterThan(drawn.points[0]!.x);
    expect(onPenModeChange).toHaveBeenCalledTimes(1);
    expect(canvas.getAttribute("data-strokes")).toBe("1");
    expect(screen.getByTestId("letter-ink").querySelectorAll("path").length).toBeGreaterThan(0);
  });

  it("lets a mouse draw with simulated pressure", () => {
    const { editor, canvas } = setup();
    stroke(canvas, "mouse");
    expect(editor.document.strokes).toHaveLength(1);
    expect(editor.document.strokes[0]!.pen.simulatePressure).toBe(true);
  });

  it("once a stylus was seen, a finger pans and never draws", () => {
    const { editor, arbiter, canvas } = setup();
    stroke(canvas, "pen");
    expect(arbiter.mode).toBe("on");
    const ink = screen.getByTestId("letter-ink").parentElement!;
    const before = ink.getAttribute("transform");
    stroke(canvas, "touch", { id: 2 });
    expect(editor.document.strokes).toHaveLength(1);
    expect(ink.getAttribute("transform")).not.toBe(before);
  });

  it("zooms with two fingers without leaving a mark, even with pen mode off", () => {
    const { editor, canvas } = setup("off");
    const ink = screen.getByTestId("letter-ink").parentElement!;
    const scaleOf = () => Number(/matrix\(([^ ]+)/.exec(ink.getAttribute("transform") ?? "")![1]);
    const before = scaleOf();
    fireEvent.pointerDown(canvas, at(200, 200, "touch", 1, 0.5));
    fireEvent.pointerDown(canvas, at(300, 200, "touch", 2, 0.5));
    fireEvent.pointerMove(canvas, at(150, 200, "touch", 1, 0.5));
    fireEvent.pointerMove(canvas, at(350, 200, "touch", 2, 0.5));
    fireEvent.pointerUp(canvas, at(150, 200, "touch", 1, 0.5));
    fireEvent.pointerUp(canvas, at(350, 200, "touch", 2, 0.5));
    expect(editor.document.strokes).toHaveLength(0);
    // The fingers moved twice as far apart: twice the zoom.
    expect(scaleOf()).toBeCloseTo(before * 2, 5);
  });

  it("erases a whole stroke with the stroke eraser, undoably", () => {
    const { editor, canvas } = setup();
    stroke(canvas, "pen");
    editor.setTool("strokeEraser");
    stroke(canvas, "pen", { x: 230, y: 195, id: 3 });
    expect(editor.document.strokes).toHaveLength(0);
    editor.undo();
    expect(editor.document.strokes).toHaveLength(1);
  });

  it("cuts a stroke in two where the partial eraser passes", () => {
    const { editor, canvas } = setup();
    // A vertical stroke, then the partial eraser across its middle.
    fireEvent.pointerDown(canvas, at(300, 100, "pen", 1, 0.6));
    for (let y = 110; y <= 400; y += 10) fireEvent.pointerMove(canvas, at(300, y, "pen", 1, 0.6));
    fireEvent.pointerUp(canvas, at(300, 400, "pen", 1, 0.6));
    expect(editor.document.strokes).toHaveLength(1);
    editor.setTool("partialEraser");
    fireEvent.pointerDown(canvas, at(250, 250, "pen", 2, 0.6));
    for (let x = 260; x <= 350; x += 10) fireEvent.pointerMove(canvas, at(x, 250, "pen", 2, 0.6));
    fireEvent.pointerUp(canvas, at(350, 250, "pen", 2, 0.6));
    expect(editor.document.strokes).toHaveLength(2);
    // The canvas falls back to 600 × 480 px where nothing is laid out: the eraser's line in font units.
    const eraserY = toFontUnits(fitBox(LETTER_FRAME, 600, 480), { x: 0, y: 250 }).y;
    const [upper, lower] = [...editor.document.strokes].sort((a, b) => b.points[0]!.y - a.points[0]!.y);
    expect(upper!.points.every((point) => point.y > eraserY)).toBe(true);
    expect(lower!.points.every((point) => point.y < eraserY)).toBe(true);
    editor.undo();
    expect(editor.document.strokes).toHaveLength(1);
  });
});
