import { describe, expect, it } from "vitest";
import { GlyphEditor } from "../glyph-editor.ts";
import { click, documentWith, gesture, roundContour, squareContour } from "../test-support/gestures.ts";

const outlineEditor = (contours = [squareContour(100, 0, 400), roundContour(1000, 300, 200)]) =>
  new GlyphEditor({
    document: documentWith(contours),
    tool: "select",
    automaticBearings: () => ({ left: 50, right: 50 }),
    now: () => 0,
  });

describe("select tool", () => {
  it("selects a point by a click, adds with Shift, and clears on a click in empty space", () => {
    const editor = outlineEditor();
    click(editor, 102, 3);
    expect([...editor.selection]).toEqual(["0:0"]);
    click(editor, 500, 400, { shift: true });
    expect([...editor.selection].sort()).toEqual(["0:0", "0:2"]);
    click(editor, 500, 400, { shift: true });
    expect([...editor.selection]).toEqual(["0:0"]);
    click(editor, 700, 700);
    expect(editor.selection.size).toBe(0);
    expect(editor.tool.state).toBe("idle");
  });

  it("picks both ends of a segment clicked on its line", () => {
    const editor = outlineEditor();
    click(editor, 300, 1);
    expect([...editor.selection].sort()).toEqual(["0:0", "0:1"]);
  });

  it("hits with a finger's wider radius", () => {
    const editor = outlineEditor();
    click(editor, 115, 15, { kind: "mouse" });
    expect(editor.selection.size).toBe(0);
    click(editor, 115, 15, { kind: "touch" });
    expect([...editor.selection]).toEqual(["0:0"]);
  });

  it("moves the selected points by dragging, in whole units, as one step, and undoes it", () => {
    const editor = outlineEditor();
    const before = editor.document;
    gesture(
      editor,
      [
        [500, 400],
        [520.4, 390],
        [530.4, 380.2],
      ],
      { kind: "mouse" },
    );
    expect(editor.document.contours[0]!.points[2]).toMatchObject({ x: 530, y: 380 });
    expect(editor.document.contours[0]!.points[1]).toMatchObject({ x: 500, y: 0 });
    expect(editor.history.undo).toHaveLength(1);
    editor.undo();
    expect(editor.document).toEqual(before);
  });

  it("shows the drag as a preview and commits nothing until the pointer lifts", () => {
    const editor = outlineEditor();
    click(editor, 100, 0);
    editor.pointerDown({
      x: 100,
      y: 0,
      pressure: 0.5,
      t: 0,
      kind: "mouse",
      shift: false,
      alt: false,
      unitsPerPixel: 1,
    });
    editor.pointerMove({
      x: 150,
      y: 0,
      pressure: 0.5,
      t: 8,
      kind: "mouse",
      shift: false,
      alt: false,
      unitsPerPixel: 1,
    });
    expect(editor.tool.state).toBe("dragging");
    expect(editor.view.contours[0]!.points[0]).toMatchObject({ x: 150 });
    expect(editor.document.contours[0]!.points[0]).toMatchObject({ x: 100 });
    editor.cancelGesture();
    expect(editor.view).toBe(editor.document);
  });

  it("takes an on-curve point's handles along, and turns the opposite handle of a smooth point", () => {
    const editor = outlineEditor();
    click(editor, 1200, 300); // the smooth point at 0° of the round contour (index 0)
    gesture(
      editor,
      [
        [1200, 300],
        [1210, 300],
      ],
      { kind: "mouse" },
    );
    const moved = editor.document.contours[1]!.points;
    expect(moved[0]).toMatchObject({ x: 1210, y: 300 });
    expect(moved[1]).toMatchObject({ x: 1210, y: 410 });
    expect(moved[11]).toMatchObject({ x: 1210, y: 190 });
    // Drag the handle at index 1 to the left: the handle on the other side (11) turns to stay in line.
    click(editor, 1210, 410);
    gesture(
      editor,
      [
        [1210, 410],
        [1160, 410],
      ],
      { kind: "mouse" },
    );
    const [anchor, handle, , , , , , , , , , opposite] = editor.document.contours[1]!.points;
    const cross =
      (handle!.x - anchor!.x) * (opposite!.y - anchor!.y) - (handle!.y - anchor!.y) * (opposite!.x - anchor!.x);
    expect(Math.abs(cross)).toBeLessThan(60); // collinear within the tenth-unit rounding
    expect(Math.hypot(opposite!.x - anchor!.x, opposite!.y - anchor!.y)).toBeCloseTo(110, 0);
  });

  it("selects the points inside a dragged box; Shift toggles them against the selection", () => {
    const editor = outlineEditor();
    gesture(
      editor,
      [
        [20, -50],
        [300, 200],
        [550, 200],
      ],
      { kind: "mouse" },
    );
    expect([...editor.selection].sort()).toEqual(["0:0", "0:1"]);
    gesture(
      editor,
      [
        [450, -50],
        [550, 450],
      ],
      { kind: "mouse", shift: true },
    );
    expect([...editor.selection].sort()).toEqual(["0:0", "0:2"]);
  });

  it("drags a side bearing line, setting that bearing and nothing else", () => {
    const editor = outlineEditor([squareContour(100, 0, 400)]);
    expect(editor.metricLines).toMatchObject({ left: 50, right: 550 });
    gesture(
      editor,
      [
        [50, 800],
        [20, 800],
      ],
      { kind: "mouse" },
    );
    expect(editor.document.metrics).toEqual({ advance: null, leftSideBearing: 80, rightSideBearing: null });
    gesture(
      editor,
      [
        [550, 800],
        [600, 800],
      ],
      { kind: "mouse" },
    );
    expect(editor.document.metrics).toEqual({ advance: null, leftSideBearing: 80, rightSideBearing: 100 });
    expect(editor.metricLines).toMatchObject({ left: 20, right: 600 });
  });
});
