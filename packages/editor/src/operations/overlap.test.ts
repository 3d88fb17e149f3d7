import {
  contourArea,
  emptyGlyphDocument,
  type GlyphDocument,
  outlineFromContours,
  outlineOf,
} from "@handfont/engine/fonts";
import { describe, expect, it } from "vitest";
import { applyChange } from "../change/change.ts";
import { GlyphEditor } from "../glyph-editor.ts";
import { documentWith, gesture, line, roundContour, squareContour } from "../test-support/gestures.ts";
import { removeOverlap, strokesToContours } from "./overlap.ts";

/** The filled area of a document's contours (outer contours positive; contourArea gives twice the area). */
const area = (glyph: GlyphDocument) =>
  outlineFromContours(glyph.contours).reduce((sum, contour) => sum + contourArea(contour), 0) / 2;

describe("remove overlap", () => {
  it("merges crossing contours into their union and keeps a separate contour as it was", () => {
    const apart = squareContour(1000, 0, 50);
    const glyph = documentWith([squareContour(0, 0, 100), squareContour(50, 50, 100), apart]);
    const after = applyChange(glyph, removeOverlap(glyph)).value;
    expect(after.contours).toHaveLength(2);
    // Two 100×100 squares overlapping in a 50×50 corner: 17,500 square units; the separate one 2,500.
    expect(area(after)).toBeCloseTo(17_500 + 2_500, -1);
    expect(after.contours).toContainEqual(apart);
  });

  it("keeps curves: two overlapping round contours become one contour with curves", () => {
    const glyph = documentWith([roundContour(0, 0, 200), roundContour(250, 0, 200)]);
    const after = applyChange(glyph, removeOverlap(glyph)).value;
    expect(after.contours).toHaveLength(1);
    const points = after.contours[0]!.points;
    expect(points.some((point) => !point.on)).toBe(true);
    expect(points.length).toBeLessThan(60);
    // The union of two circles of radius 200 whose centres are 250 apart: 2πr² minus the lens.
    const r = 200;
    const d = 250;
    const lens = 2 * r * r * Math.acos(d / (2 * r)) - (d / 2) * Math.sqrt(4 * r * r - d * d);
    expect(area(after) / (2 * Math.PI * r * r - lens)).toBeCloseTo(1, 2);
  });

  it("changes nothing when no contour crosses another, and is one undo step in the editor", () => {
    const glyph = documentWith([squareContour(0, 0, 100), squareContour(200, 0, 100)]);
    expect(removeOverlap(glyph).ops).toEqual([]);
    const editor = new GlyphEditor({ document: documentWith([squareContour(0, 0, 100), squareContour(50, 0, 100)]) });
    const before = editor.document;
    expect(editor.run("removeOverlap")).toBe(true);
    expect(editor.document.contours).toHaveLength(1);
    editor.undo();
    expect(editor.document).toEqual(before);
  });
});

describe("strokes to contours", () => {
  it("gives a drawn letter's outline as editable contours, the same ink as before", () => {
    const editor = new GlyphEditor({ document: emptyGlyphDocument() });
    gesture(editor, line([100, 0], [300, 600], 30));
    gesture(editor, line([300, 600], [500, 0], 30));
    const drawn = editor.document;
    const converted = applyChange(drawn, strokesToContours(drawn)).value;
    expect(converted.strokes).toEqual([]);
    expect(converted.contours.length).toBeGreaterThan(0);
    const inkBefore = outlineOf(drawn).reduce((sum, contour) => sum + contourArea(contour), 0) / 2;
    expect(area(converted) / inkBefore).toBeCloseTo(1, 3);
  });
});
