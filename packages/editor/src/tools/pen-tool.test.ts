import { DEFAULT_PEN, emptyGlyphDocument } from "@handfont/engine/fonts";
import { describe, expect, it } from "vitest";
import { GlyphEditor } from "../glyph-editor.ts";
import { gesture, line, pointer } from "../test-support/gestures.ts";

describe("pen tool", () => {
  it("records a stroke in font units with the stylus's pressure, its time and the pen's parameters", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument() });
    expect(editor.tool.state).toBe("idle");
    editor.pointerDown(pointer(100, 200, { kind: "pen", pressure: 0.3, t: 5000 }));
    expect(editor.tool.state).toBe("drawing");
    editor.pointerMove(pointer(110.04, 205, { kind: "pen", pressure: 0.6, t: 5008 }));
    // A move of less than half a pixel adds nothing.
    editor.pointerMove(pointer(110.2, 205.1, { kind: "pen", pressure: 0.6, t: 5012 }));
    expect(editor.overlay).toMatchObject({ kind: "stroke" });
    expect(editor.document.strokes).toHaveLength(0);
    editor.pointerUp(pointer(130, 215, { kind: "pen", pressure: 0.9, t: 5016 }));
    expect(editor.tool.state).toBe("idle");
    expect(editor.document.strokes).toEqual([
      {
        id: "s1",
        pen: { ...DEFAULT_PEN, simulatePressure: false },
        points: [
          { x: 100, y: 200, pressure: 0.3, t: 0 },
          { x: 110, y: 205, pressure: 0.6, t: 8 },
          { x: 130, y: 215, pressure: 0.9, t: 16 },
        ],
      },
    ]);
  });

  it("simulates pressure for a mouse or a finger and draws with the pen set at the time", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument() });
    gesture(editor, line([0, 0], [100, 0], 4, 1), { kind: "mouse" });
    editor.pen = { ...editor.pen, size: 24, thinning: 0.2 };
    gesture(editor, line([0, 100], [100, 100], 4), { kind: "touch" });
    const [first, second] = editor.document.strokes;
    expect(first!.pen.simulatePressure).toBe(true);
    expect(first!.points.every((point) => point.pressure === 0.5)).toBe(true);
    expect(second!.id).toBe("s2");
    expect(second!.pen).toMatchObject({ size: 24, thinning: 0.2, smoothing: 0.5, streamline: 0.5 });
  });

  it("makes each stroke one undo step; undo and redo round-trip the document exactly", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument() });
    const states = [editor.document];
    for (let k = 0; k < 4; k++) {
      gesture(editor, line([k * 50, 0], [k * 50 + 30, 300], 20));
      states.push(editor.document);
    }
    expect(editor.history.undo).toHaveLength(4);
    for (let k = 3; k >= 0; k--) {
      expect(editor.undo()).toBe(true);
      expect(editor.document).toEqual(states[k]);
    }
    expect(editor.undo()).toBe(false);
    for (let k = 1; k <= 4; k++) {
      expect(editor.redo()).toBe(true);
      expect(editor.document).toEqual(states[k]);
    }
    // The stored history (JSON) replays to the same document in a fresh editor.
    const stored = JSON.parse(JSON.stringify(editor.history));
    const reloaded = new GlyphEditor({ document: editor.document, history: stored });
    reloaded.undo();
    reloaded.undo();
    expect(reloaded.document).toEqual(states[2]);
  });

  it("drops a stroke whose gesture is cancelled (a second finger arrived)", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument() });
    editor.pointerDown(pointer(0, 0, { kind: "touch" }));
    editor.pointerMove(pointer(40, 0, { kind: "touch" }));
    editor.cancelGesture();
    expect(editor.tool.state).toBe("idle");
    expect(editor.overlay.kind).toBe("none");
    expect(editor.document.strokes).toEqual([]);
    expect(editor.canUndo).toBe(false);
  });
});
