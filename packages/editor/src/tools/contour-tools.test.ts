import { emptyGlyphDocument } from "@handfont/engine/fonts";
import { describe, expect, it } from "vitest";
import { GlyphEditor } from "../glyph-editor.ts";
import { click, documentWith, gesture, squareContour } from "../test-support/gestures.ts";

describe("contour pen tool", () => {
  it("places corner points by clicks and closes the contour on its first point", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument(), tool: "contourPen" });
    click(editor, 0, 0);
    expect(editor.tool.state).toBe("placing");
    click(editor, 200, 0);
    click(editor, 100, 300.4);
    expect(editor.document.contours).toEqual([]);
    click(editor, 3, 2);
    expect(editor.tool.state).toBe("idle");
    expect(editor.document.contours).toEqual([
      {
        points: [
          { x: 0, y: 0, on: true, type: "corner" },
          { x: 200, y: 0, on: true, type: "corner" },
          { x: 100, y: 300, on: true, type: "corner" },
        ],
      },
    ]);
    expect(editor.selection.size).toBe(3);
    expect(editor.history.undo).toHaveLength(1);
  });

  it("pulls handles out of a point dragged as it is placed, making the segments around it curves", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument(), tool: "contourPen" });
    click(editor, 0, 0);
    gesture(
      editor,
      [
        [200, 100],
        [200, 150],
        [200, 200],
      ],
      { kind: "mouse" },
    );
    click(editor, 0, 200);
    expect(editor.run("finish")).toBe(true);
    expect(editor.document.contours[0]!.points).toEqual([
      { x: 0, y: 0, on: true, type: "corner" },
      { x: 0, y: 0, on: false },
      { x: 200, y: 0, on: false },
      { x: 200, y: 100, on: true, type: "smooth" },
      { x: 200, y: 200, on: false },
      { x: 0, y: 200, on: false },
      { x: 0, y: 200, on: true, type: "corner" },
    ]);
  });

  it("takes back the last point with Backspace and drops the unfinished contour with Escape", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument(), tool: "contourPen" });
    click(editor, 0, 0);
    click(editor, 100, 0);
    expect(editor.run("delete")).toBe(true);
    expect(editor.overlay).toMatchObject({ kind: "contour", nodes: [{ x: 0, y: 0 }] });
    editor.run("cancel");
    expect(editor.tool.state).toBe("idle");
    expect(editor.overlay).toMatchObject({ nodes: [] });
    expect(editor.document.contours).toEqual([]);
  });
});

describe("add point tool", () => {
  it("puts a point on the outline where it is pressed and selects it", () => {
    const editor = new GlyphEditor({ document: documentWith([squareContour(0, 0, 100)]), tool: "addPoint" });
    click(editor, 40, 2);
    expect(editor.document.contours[0]!.points[1]).toEqual({ x: 40, y: 0, on: true, type: "corner" });
    expect([...editor.selection]).toEqual(["0:1"]);
    click(editor, 40, 50);
    expect(editor.document.contours[0]!.points).toHaveLength(5);
  });
});
