import { contourArea, type GlyphContour } from "@handfont/engine/fonts";
import { describe, expect, it } from "vitest";
import { applyChange } from "../change/change.ts";
import { documentWith, squareContour } from "../test-support/gestures.ts";
import { deleteContours, flipAround, reverseContours, rotateAround, transformSelection } from "./contours.ts";

/** Signed area of a corner-only contour (positive = counter-clockwise, y up). */
const area = (contour: GlyphContour) =>
  contourArea({
    start: contour.points[0]!,
    segments: contour.points.slice(1).map((p) => ({ type: "L", x: p.x, y: p.y })),
  });

describe("contour operations", () => {
  it("reverses a contour's direction keeping its first point", () => {
    const glyph = documentWith([squareContour(0, 0, 100)]);
    const reversed = applyChange(glyph, reverseContours(glyph, [0])).value.contours[0]!;
    expect(reversed.points[0]).toEqual(glyph.contours[0]!.points[0]);
    expect(area(reversed)).toBe(-area(glyph.contours[0]!));
  });

  it("deletes contours by index", () => {
    const glyph = documentWith([squareContour(0, 0, 100), squareContour(200, 0, 100), squareContour(400, 0, 100)]);
    const after = applyChange(glyph, deleteContours(glyph, [2, 0])).value;
    expect(after.contours).toEqual([glyph.contours[1]]);
  });

  it("flips a whole contour and keeps its direction; flipping twice gives it back", () => {
    const glyph = documentWith([squareContour(100, 0, 200)]);
    const flip = flipAround({ x: 200, y: 100 }, "horizontal");
    const once = applyChange(glyph, transformSelection(glyph, new Set(), flip)).value;
    expect(area(once.contours[0]!)).toBe(area(glyph.contours[0]!));
    expect(once.contours[0]!.points.map((p) => p.x).sort()).toEqual([100, 100, 300, 300]);
    const twice = applyChange(once, transformSelection(once, new Set(), flip)).value;
    expect(new Set(twice.contours[0]!.points.map((p) => `${p.x},${p.y}`))).toEqual(
      new Set(glyph.contours[0]!.points.map((p) => `${p.x},${p.y}`)),
    );
  });

  it("rotates the selected points around a pivot, and the strokes too when nothing is selected", () => {
    const glyph = {
      ...documentWith([squareContour(0, 0, 100)]),
      strokes: [
        {
          id: "s1",
          pen: { size: 16, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: false },
          points: [{ x: 100, y: 0, pressure: 0.5, t: 0 }],
        },
      ],
    };
    const quarter = rotateAround({ x: 0, y: 0 }, 90);
    const one = applyChange(glyph, transformSelection(glyph, new Set(["0:1"]), quarter)).value;
    expect(one.contours[0]!.points[1]).toMatchObject({ x: 0, y: 100 });
    expect(one.contours[0]!.points[2]).toEqual(glyph.contours[0]!.points[2]);
    expect(one.strokes).toBe(glyph.strokes);
    const all = applyChange(glyph, transformSelection(glyph, new Set(), quarter)).value;
    expect(all.strokes[0]!.points[0]).toEqual({ x: 0, y: 100, pressure: 0.5, t: 0 });
  });
});
