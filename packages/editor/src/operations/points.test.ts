import { describe, expect, it } from "vitest";
import { applyChange } from "../change/change.ts";
import { contourSegments, segmentCubic } from "../geometry/contour-segments.ts";
import { cubicAt } from "../geometry/cubic.ts";
import { documentWith, roundContour, squareContour } from "../test-support/gestures.ts";
import { deletePoints, insertPoint, togglePointType } from "./points.ts";

describe("point operations", () => {
  it("inserts a corner point on a line where it was asked", () => {
    const glyph = documentWith([squareContour(0, 0, 100)]);
    const inserted = insertPoint(glyph, 0, 3, 0.25)!; // the closing segment (0,100) → (0,0)
    const after = applyChange(glyph, inserted.change).value;
    expect(after.contours[0]!.points).toHaveLength(5);
    expect(after.contours[0]!.points[4]).toEqual({ x: 0, y: 75, on: true, type: "corner" });
    expect(inserted.point).toBe("0:4");
  });

  it("splits a curve at a point without changing its shape", () => {
    const glyph = documentWith([roundContour(0, 0, 100)]);
    const segment = contourSegments(glyph.contours[0]!)[1]!;
    const curve = segmentCubic(glyph.contours[0]!, segment);
    const inserted = insertPoint(glyph, 0, 1, 0.3)!;
    const after = applyChange(glyph, inserted.change).value.contours[0]!;
    expect(after.points).toHaveLength(15);
    expect(after.points[6]).toMatchObject({ on: true, type: "smooth" });
    const [left, right] = contourSegments(after)
      .slice(1, 3)
      .map((s) => segmentCubic(after, s));
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      const a = cubicAt(left!, t);
      const expected = cubicAt(curve, 0.3 * t);
      expect(a.x).toBeCloseTo(expected.x, 0);
      expect(a.y).toBeCloseTo(expected.y, 0);
      const b = cubicAt(right!, t);
      const expectedRight = cubicAt(curve, 0.3 + 0.7 * t);
      expect(b.x).toBeCloseTo(expectedRight.x, 0);
      expect(b.y).toBeCloseTo(expectedRight.y, 0);
    }
  });

  it("deletes an on-curve point, joining its curves through the outer handles", () => {
    const glyph = documentWith([roundContour(0, 0, 100)]);
    const after = applyChange(glyph, deletePoints(glyph, new Set(["0:3"]))).value.contours[0]!;
    expect(after.points.filter((p) => p.on)).toHaveLength(3);
    expect(after.points).toHaveLength(9);
    // The first curve now runs from (100, 0) with the old first handle to (−100, 0) with the old last handle.
    expect(after.points.slice(0, 4)).toEqual([
      glyph.contours[0]!.points[0],
      glyph.contours[0]!.points[1],
      glyph.contours[0]!.points[5],
      glyph.contours[0]!.points[6],
    ]);
  });

  it("makes a curve a line when one of its handles is deleted, and removes a contour left without area", () => {
    const glyph = documentWith([roundContour(0, 0, 100), squareContour(500, 0, 100)]);
    const after = applyChange(glyph, deletePoints(glyph, new Set(["0:2", "1:0", "1:1"]))).value;
    expect(after.contours).toHaveLength(1);
    expect(after.contours[0]!.points).toHaveLength(10);
    expect(after.contours[0]!.points.slice(0, 2)).toEqual([glyph.contours[0]!.points[0], glyph.contours[0]!.points[3]]);
  });

  it("toggles corners to smooth with their handles in one line, and back", () => {
    const glyph = documentWith([
      {
        points: [
          { x: 0, y: 0, on: true, type: "corner" },
          { x: 50, y: 0, on: false },
          { x: 100, y: 40, on: false },
          { x: 100, y: 100, on: true, type: "corner" },
          { x: 100, y: 160, on: false },
          { x: 40, y: 200, on: false },
          { x: 0, y: 200, on: true, type: "corner" },
        ],
      },
    ]);
    const smooth = applyChange(glyph, togglePointType(glyph, new Set(["0:3"]))).value.contours[0]!;
    const [before, node, after] = [smooth.points[2]!, smooth.points[3]!, smooth.points[4]!];
    expect(node).toMatchObject({ type: "smooth" });
    const cross = (before.x - node.x) * (after.y - node.y) - (before.y - node.y) * (after.x - node.x);
    expect(Math.abs(cross)).toBeLessThan(1);
    expect(Math.hypot(before.x - node.x, before.y - node.y)).toBeCloseTo(60, 0);
    const glyphSmooth = { ...glyph, contours: [smooth] };
    const corner = applyChange(glyphSmooth, togglePointType(glyphSmooth, new Set(["0:3"]))).value.contours[0]!;
    expect(corner.points[3]).toMatchObject({ type: "corner" });
  });
});
