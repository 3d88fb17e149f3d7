import { emptyGlyphDocument } from "@handfont/engine/fonts";
import { describe, expect, it } from "vitest";
import { GlyphEditor } from "./glyph-editor.ts";
import { parseClipboard } from "./operations/clipboard.ts";
import { click, documentWith, gesture, line, squareContour } from "./test-support/gestures.ts";

describe("editor commands", () => {
  it("nudges the selection by 1 and 10 units; a run of nudges is one undo step", () => {
    let clock = 0;
    const editor = new GlyphEditor({
      document: documentWith([squareContour(0, 0, 100)]),
      tool: "select",
      now: () => clock,
    });
    const before = editor.document;
    click(editor, 0, 0);
    for (const command of ["nudgeRight", "nudgeRight", "nudgeUpFar", "nudgeLeft"] as const) {
      clock += 100;
      editor.run(command);
    }
    expect(editor.document.contours[0]!.points[0]).toMatchObject({ x: 1, y: 10 });
    expect(editor.history.undo).toHaveLength(1);
    clock += 5000;
    editor.run("nudgeDown");
    expect(editor.history.undo).toHaveLength(2);
    editor.undo();
    editor.undo();
    expect(editor.document).toEqual(before);
    expect(editor.run("nudgeLeft")).toBe(true);
    editor.run("cancel");
    expect(editor.run("nudgeLeft")).toBe(false);
  });

  it("deletes the contours of the selection and selects all", () => {
    const editor = new GlyphEditor({
      document: documentWith([squareContour(0, 0, 100), squareContour(300, 0, 100)]),
      tool: "select",
    });
    editor.run("selectAll");
    expect(editor.selection.size).toBe(8);
    // A click on a point already selected keeps the selection (so it can be dragged together); Escape clears it.
    editor.run("cancel");
    click(editor, 300, 0);
    editor.run("deleteContour");
    expect(editor.document.contours).toEqual([squareContour(0, 0, 100)]);
    expect(editor.selection.size).toBe(0);
  });

  it("copies strokes from one letter and pastes them into another, with ids of their own", () => {
    const a = new GlyphEditor({ document: emptyGlyphDocument() });
    gesture(a, line([0, 0], [100, 100], 5));
    const b = new GlyphEditor({ document: emptyGlyphDocument() });
    gesture(b, line([0, 500], [100, 500], 5));
    const text = JSON.stringify(a.copy());
    expect(b.paste(parseClipboard(text)!)).toBe(true);
    expect(b.document.strokes.map((stroke) => stroke.id)).toEqual(["s1", "s2"]);
    expect(b.document.strokes[1]!.points).toEqual(a.document.strokes[0]!.points);
    b.undo();
    expect(b.document.strokes).toHaveLength(1);
  });

  it("copies the contours of the selection, and cut removes them", () => {
    const a = new GlyphEditor({
      document: documentWith([squareContour(0, 0, 100), squareContour(300, 0, 50)]),
      tool: "select",
    });
    click(a, 300, 0);
    const parts = a.copy();
    expect(parts.contours).toEqual([squareContour(300, 0, 50)]);
    a.run("cut");
    expect(a.document.contours).toEqual([squareContour(0, 0, 100)]);
    const b = new GlyphEditor({ document: documentWith([squareContour(0, 0, 10)]), tool: "select" });
    b.paste(parts);
    expect(b.document.contours).toEqual([squareContour(0, 0, 10), squareContour(300, 0, 50)]);
    expect([...b.selection].sort()).toEqual(["1:0", "1:1", "1:2", "1:3"]);
  });

  it("refuses clipboard text that is not letter parts", () => {
    expect(parseClipboard("hello")).toBeNull();
    expect(
      parseClipboard(JSON.stringify({ kind: "handfont-glyph-parts", contours: [{ points: [{ x: "1" }] }] })),
    ).toBeNull();
    expect(parseClipboard(JSON.stringify({ kind: "other" }))).toBeNull();
  });

  it("flips and rotates the whole letter when nothing is selected, each one undo step", () => {
    const editor = new GlyphEditor({ document: documentWith([squareContour(0, 0, 100)]), tool: "select" });
    const before = editor.document;
    editor.run("flipVertical");
    editor.run("rotateLeft");
    editor.run("rotateRight");
    expect(editor.history.undo.map((step) => step.label)).toEqual(["flip", "rotate", "rotate"]);
    editor.run("flipVertical");
    expect(new Set(editor.document.contours[0]!.points.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`))).toEqual(
      new Set(before.contours[0]!.points.map((p) => `${p.x},${p.y}`)),
    );
  });

  it("replaces the document as one undoable step (taking the other copy after a conflict)", () => {
    const editor = new GlyphEditor({ document: documentWith([squareContour(0, 0, 100)]) });
    const theirs = documentWith([squareContour(5, 5, 10)]);
    editor.replaceDocument(theirs, "take theirs");
    expect(editor.document).toEqual(theirs);
    editor.undo();
    expect(editor.document.contours).toEqual([squareContour(0, 0, 100)]);
  });

  it("tells listeners what changed", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument() });
    const events: string[] = [];
    const stop = editor.subscribe((event) => events.push(event));
    gesture(editor, line([0, 0], [10, 10], 2));
    stop();
    editor.undo();
    expect(events.filter((event) => event === "document")).toHaveLength(1);
    expect(events).toContain("view");
  });
});
