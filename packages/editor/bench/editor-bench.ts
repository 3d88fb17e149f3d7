// Editor benchmark (issue 10): the cost of one pointer event while drawing a long stroke, of undo on a busy letter,
// and of one partial-eraser move over it. Prints a table and one JSON line; targets in README.md.
import { emptyGlyphDocument, type GlyphDocument } from "@handfont/engine/fonts";
import { GlyphEditor } from "../src/glyph-editor.ts";
import type { ToolPointer } from "../src/tools/tool.ts";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

const event = (x: number, y: number, t: number): ToolPointer => ({
  x,
  y,
  pressure: 0.4 + 0.3 * Math.sin(t / 50),
  t,
  kind: "pen",
  shift: false,
  alt: false,
  unitsPerPixel: 1,
});

/** A handwriting-like path: loops along a baseline, a point every ~4 units. */
const loop = (k: number, offset: number) => ({
  x: offset + k * 1.2 + 60 * Math.cos(k / 9),
  y: 300 + 250 * Math.sin(k / 9) + offset / 10,
});

/** A letter of `strokes` strokes of `points` points each, drawn through the editor. */
function busyLetter(strokes: number, points: number): GlyphEditor {
  const editor = new GlyphEditor({ document: emptyGlyphDocument(), now: () => 0 });
  for (let s = 0; s < strokes; s++) {
    for (let k = 0; k < points; k++) {
      const { x, y } = loop(k, s * 20);
      const e = event(x, y, k * 8);
      if (k === 0) editor.pointerDown(e);
      else if (k === points - 1) editor.pointerUp(e);
      else editor.pointerMove(e);
    }
  }
  return editor;
}

export function runEditorBench(): Record<string, number> {
  // One pointer event on a stroke already 500 points long.
  const moves: number[] = [];
  for (let run = 0; run < 20; run++) {
    const editor = new GlyphEditor({ document: emptyGlyphDocument() });
    editor.pointerDown(event(0, 0, 0));
    for (let k = 1; k < 500; k++) editor.pointerMove(event(loop(k, 0).x, loop(k, 0).y, k * 8));
    const started = performance.now();
    editor.pointerMove(event(loop(500, 0).x, loop(500, 0).y, 4000));
    moves.push(performance.now() - started);
  }

  // Undo and redo on a letter of 40 strokes × 300 points.
  const editor = busyLetter(40, 300);
  const undo: number[] = [];
  for (let run = 0; run < 30; run++) {
    let started = performance.now();
    editor.undo();
    undo.push(performance.now() - started);
    started = performance.now();
    editor.redo();
    undo.push(performance.now() - started);
  }

  // One partial-eraser move across that letter.
  const erase: number[] = [];
  editor.setTool("partialEraser");
  for (let run = 0; run < 20; run++) {
    editor.pointerDown(event(100 + run * 10, -100, 0));
    const started = performance.now();
    editor.pointerMove(event(100 + run * 10, 700, 8));
    erase.push(performance.now() - started);
    editor.cancelGesture();
  }

  const document: GlyphDocument = editor.document;
  return {
    pointerEventOn500PointStrokeMs: Math.round(median(moves) * 1000) / 1000,
    pointerEventP95Ms: Math.round(p95(moves) * 1000) / 1000,
    undoMs: Math.round(median(undo) * 1000) / 1000,
    undoP95Ms: Math.round(p95(undo) * 1000) / 1000,
    partialEraserMoveMs: Math.round(median(erase) * 100) / 100,
    busyLetterPoints: document.strokes.reduce((sum, stroke) => sum + stroke.points.length, 0),
  };
}

if (import.meta.main) {
  const result = runEditorBench();
  console.log("Editor benchmark (targets: pointer event ≤ 4 ms, undo ≤ 16 ms)");
  console.table(result);
  console.log(JSON.stringify({ editor: result }));
}
