import { emptyGlyphDocument } from "@handfont/engine/fonts";
import { describe, expect, it } from "vitest";
import { GlyphEditor } from "../glyph-editor.ts";
import { gesture, line } from "../test-support/gestures.ts";

/** Half the ink of a default pen (size 16 pen units × 4 font units / 2). */
const HALF_WIDTH = 32;
const RADIUS = 24;

function drawnLetter(): GlyphEditor {
  const editor = new GlyphEditor({ document: emptyGlyphDocument(), eraserRadius: RADIUS });
  gesture(editor, line([0, 0], [400, 0], 20)); // s1: horizontal, a point every 20 units
  gesture(editor, line([0, 300], [400, 300], 20)); // s2: parallel, 300 units above
  return editor;
}

describe("stroke eraser", () => {
  it("removes every stroke it touches, whole, as one undoable step", () => {
    const editor = drawnLetter();
    const drawn = editor.document;
    editor.setTool("strokeEraser");
    gesture(editor, line([200, -100], [200, 100], 10));
    expect(editor.document.strokes.map((stroke) => stroke.id)).toEqual(["s2"]);
    expect(editor.history.undo.at(-1)!.label).toBe("erase");
    editor.undo();
    expect(editor.document).toEqual(drawn);
  });

  it("catches a stroke crossed between two samples of a fast eraser, and reaches the ink's edge", () => {
    const editor = drawnLetter();
    editor.setTool("strokeEraser");
    // Two samples far above and below s1: only the segment between them crosses it.
    gesture(editor, [
      [100, 150],
      [120, -150],
    ]);
    expect(editor.document.strokes.map((stroke) => stroke.id)).toEqual(["s2"]);
    // Passing just within radius + half the ink width of s2's centre line touches it.
    gesture(editor, line([0, 300 + RADIUS + HALF_WIDTH - 1], [400, 300 + RADIUS + HALF_WIDTH - 1], 8));
    expect(editor.document.strokes).toEqual([]);
  });

  it("records nothing when it touches nothing", () => {
    const editor = drawnLetter();
    editor.setTool("strokeEraser");
    gesture(editor, line([0, 150], [400, 150], 8));
    expect(editor.document.strokes).toHaveLength(2);
    expect(editor.history.undo).toHaveLength(2);
  });
});

describe("partial eraser", () => {
  it("cuts a stroke in two where it passes, each piece ending at the eraser's edge", () => {
    const editor = drawnLetter();
    const drawn = editor.document;
    editor.setTool("partialEraser");
    gesture(editor, line([200, -150], [200, 150], 6));
    const strokes = editor.document.strokes;
    expect(strokes.map((stroke) => stroke.id)).toEqual(["s3", "s4", "s2"]);
    const [left, right] = strokes;
    const reach = RADIUS + HALF_WIDTH;
    expect(left!.points[0]).toEqual(drawn.strokes[0]!.points[0]);
    expect(left!.points.at(-1)!.x).toBeCloseTo(200 - reach, 0);
    expect(right!.points[0]!.x).toBeCloseTo(200 + reach, 0);
    expect(right!.points[0]!.t).toBe(0);
    expect(right!.points.at(-1)).toMatchObject({ x: 400, y: 0 });
    expect(left!.pen).toEqual(drawn.strokes[0]!.pen);
    // Every remaining point lies outside the erased band.
    for (const stroke of [left!, right!]) {
      for (const point of stroke.points) expect(Math.abs(point.x - 200)).toBeGreaterThanOrEqual(reach - 0.1);
    }
    expect(editor.history.undo).toHaveLength(3);
    editor.undo();
    expect(editor.document).toEqual(drawn);
  });

  it("cuts a piece again when one pass crosses a stroke twice, in one step", () => {
    const editor = drawnLetter();
    editor.setTool("partialEraser");
    gesture(editor, [
      [100, -150],
      [100, 150],
      [300, 150],
      [300, -150],
    ]);
    const pieces = editor.document.strokes.slice(0, 3);
    expect(editor.document.strokes.map((stroke) => stroke.id)).toEqual(["s3", "s4", "s5", "s2"]);
    expect(pieces.map((stroke) => [Math.round(stroke.points[0]!.x), Math.round(stroke.points.at(-1)!.x)])).toEqual([
      [0, 44],
      [156, 244],
      [356, 400],
    ]);
    expect(editor.history.undo).toHaveLength(3);
  });

  it("removes a stroke it covers entirely", () => {
    const editor = drawnLetter();
    editor.setTool("partialEraser");
    editor.eraserRadius = 300;
    gesture(editor, [
      [200, 300],
      [200, 301],
    ]);
    // s2 lies within 300 + 32 units of the eraser everywhere; s1 only where |x − 200| < √(332² − 300²) ≈ 142.
    expect(editor.document.strokes.map((stroke) => stroke.id)).toEqual(["s3", "s4"]);
    expect(Math.round(editor.document.strokes[0]!.points.at(-1)!.x)).toBe(58);
  });

  it("shows the cut while the eraser moves, before anything is recorded", () => {
    const editor = drawnLetter();
    editor.setTool("partialEraser");
    editor.pointerDown({
      x: 200,
      y: -150,
      pressure: 0.5,
      t: 0,
      kind: "pen",
      shift: false,
      alt: false,
      unitsPerPixel: 1,
    });
    editor.pointerMove({
      x: 200,
      y: 150,
      pressure: 0.5,
      t: 8,
      kind: "pen",
      shift: false,
      alt: false,
      unitsPerPixel: 1,
    });
    expect(editor.view.strokes).toHaveLength(3);
    expect(editor.document.strokes).toHaveLength(2);
    expect(editor.tool.state).toBe("erasing");
  });
});
