import { describe, expect, it } from "vitest";
import { curvesCross, outlinePieces } from "./curve-crossings.ts";
import { orientOutline } from "./direction.ts";
import { flattenOutline } from "./flatten.ts";
import { contourArea, outlineBounds, reverseContour, roundOutline, transformOutline } from "./geometry.ts";
import { findCrossingContours, removeOverlaps } from "./overlap.ts";
import { OutlineError, parseSvgPath } from "./parse-path.ts";
import { inkProfile } from "./profile.ts";
import { outlineToSvgPath } from "./serialize-path.ts";

const square = (x: number, y: number, size: number, clockwise = false) =>
  clockwise
    ? `M${x} ${y}L${x} ${y + size}L${x + size} ${y + size}L${x + size} ${y}Z`
    : `M${x} ${y}L${x + size} ${y}L${x + size} ${y + size}L${x} ${y + size}Z`;

describe("SVG path data", () => {
  it("reads absolute and relative lines, H/V, curves and closes every subpath", () => {
    const outline = parseSvgPath("M10 10h100v50H10z m0 100 l50 0 l0 50 Z");
    expect(outline).toHaveLength(2);
    expect(outline[0]!.segments.map((s) => [s.x, s.y])).toEqual([
      [110, 10],
      [110, 60],
      [10, 60],
    ]);
    expect(outline[1]!.start).toEqual({ x: 10, y: 110 });
  });

  it("turns quadratics (Q, T) into the exact cubics and reflects S controls", () => {
    const [q] = parseSvgPath("M0 0Q30 60 60 0Z");
    expect(q!.segments[0]).toEqual({ type: "C", x1: 20, y1: 40, x2: 40, y2: 40, x: 60, y: 0 });
    const [s] = parseSvgPath("M0 0C0 10 10 20 20 20S40 10 40 0Z");
    expect(s!.segments[1]).toMatchObject({ x1: 30, y1: 20 });
  });

  it("approximates arcs with cubics that stay on the circle", () => {
    const outline = parseSvgPath("M0 50A50 50 0 1 0 100 50A50 50 0 1 0 0 50Z");
    const box = outlineBounds(outline)!;
    expect(box.xMin).toBeCloseTo(0, 0);
    expect(box.xMax).toBeCloseTo(100, 0);
    expect(Math.abs(box.yMax - box.yMin)).toBeCloseTo(100, 0);
    expect(Math.abs(contourArea(outline[0]!)) / 2).toBeCloseTo(Math.PI * 2500, -1);
  });

  it("reads exponents and packed numbers", () => {
    const [c] = parseSvgPath("M1e2,0L-.5.5L1.5e1-2Z");
    expect(c!.start).toEqual({ x: 100, y: 0 });
    expect(c!.segments.map((s) => [s.x, s.y])).toEqual([
      [-0.5, 0.5],
      [15, -2],
    ]);
  });

  it("rejects garbage with a typed error", () => {
    expect(() => parseSvgPath("M0 0 L10 x")).toThrow(OutlineError);
    expect(() => parseSvgPath("10 10")).toThrow(OutlineError);
  });

  it("writes path data that reads back to the same outline", () => {
    const outline = parseSvgPath("M0 0C10 20 30 40 50 0L25 -10Z");
    expect(parseSvgPath(outlineToSvgPath(outline))).toEqual(outline);
  });
});

describe("geometry", () => {
  it("measures bounds through curve extrema, not control points", () => {
    const box = outlineBounds(parseSvgPath("M0 0C0 100 100 100 100 0Z"))!;
    expect(box.yMax).toBeCloseTo(75, 5);
  });

  it("gives counter-clockwise contours a positive area and reverses them exactly", () => {
    const [ccw] = parseSvgPath(square(0, 0, 10));
    expect(contourArea(ccw!)).toBe(200);
    expect(contourArea(reverseContour(ccw!))).toBe(-200);
    const [curvy] = parseSvgPath("M0 0C10 20 30 40 50 0L25 -10Z");
    expect(contourArea(reverseContour(curvy!))).toBeCloseTo(-contourArea(curvy!), 9);
  });

  it("rounds to integers and transforms", () => {
    const moved = transformOutline(parseSvgPath("M0.4 0.6L10.5 0L5 5Z"), 2, 0, 0, 2, 1, 1);
    expect(roundOutline(moved)[0]!.start).toEqual({ x: 2, y: 2 });
    expect(roundOutline(moved)[0]!.segments.map((s) => [s.x, s.y])).toEqual([
      [22, 1],
      [11, 11],
    ]);
  });
});

describe("direction and overlaps", () => {
  it("orients outer contours counter-clockwise and holes clockwise (TrueType: the reverse)", () => {
    const ring = parseSvgPath(square(0, 0, 100, true) + square(25, 25, 50, true));
    const [outer, hole] = orientOutline(ring);
    expect(contourArea(outer!)).toBeGreaterThan(0);
    expect(contourArea(hole!)).toBeLessThan(0);
    const [ttOuter] = orientOutline(ring, true);
    expect(contourArea(ttOuter!)).toBeLessThan(0);
  });

  it("merges two overlapping strokes into one contour and leaves separate ones alone", () => {
    const cross = parseSvgPath("M0 40L100 40L100 60L0 60Z M40 0L60 0L60 100L40 100Z");
    expect(findCrossingContours(flattenOutline(cross)).size).toBe(2);
    const merged = removeOverlaps(cross);
    expect(merged).toHaveLength(1);
    expect(Math.abs(contourArea(merged[0]!)) / 2).toBeCloseTo(100 * 20 + 20 * 100 - 20 * 20, -1);
    const apart = parseSvgPath(square(0, 0, 10) + square(20, 0, 10));
    expect(removeOverlaps(apart)).toBe(apart);
  });

  it("finds a self-intersecting bow tie", () => {
    expect(findCrossingContours(flattenOutline(parseSvgPath("M0 0L100 100L100 0L0 100Z")))).toEqual(new Set([0]));
  });

  it("finds a curve that loops over itself and a curve that crosses its closing line, not a teardrop or a spike", () => {
    const crosses = (path: string) => curvesCross(outlinePieces(parseSvgPath(path))).size > 0;
    // Controls pulled across each other: the cubic makes a loop, within one piece of a longer contour or of two.
    expect(crosses("M100 100L300 0L500 100C0 700 600 700 100 100Z")).toBe(true);
    expect(crosses("M100 100L500 100C0 700 600 700 100 100Z")).toBe(true);
    // An S-shaped curve closed by a straight line crosses that line halfway.
    expect(crosses("M0 0C100 200 200 -200 300 0Z")).toBe(true);
    // A single curve out and back to its start only meets itself there; a polygon's sharp spike only at its tip.
    expect(crosses("M0 0C200 300 -200 300 0 0Z")).toBe(false);
    expect(crosses("M348 89L354 90L369 97L368 86Z")).toBe(false);
  });

  it("leaves no contour crossing or touching after merging, and keeps the nonzero fill", () => {
    // The loop's union is two rings meeting at the crossing point; they are joined into one contour.
    const loop = parseSvgPath("M100 100C600 700 0 700 500 100Z");
    const merged = removeOverlaps(loop);
    expect(curvesCross(outlinePieces(merged)).size).toBe(0);
    const filled = (outline: typeof loop) => {
      // Area of the nonzero fill, counted on a 2-unit grid of sample points.
      const polygons = flattenOutline(outline, 0.25);
      let inside = 0;
      for (let x = 1; x < 700; x += 2)
        for (let y = 1; y < 700; y += 2) {
          let winding = 0;
          for (const polygon of polygons) {
            for (let i = 0; i < polygon.length; i++) {
              const a = polygon[i]!;
              const b = polygon[(i + 1) % polygon.length]!;
              if (a.y <= y && b.y > y && (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) > 0) winding++;
              else if (a.y > y && b.y <= y && (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) < 0) winding--;
            }
          }
          if (winding !== 0) inside += 4;
        }
      return inside;
    };
    expect(filled(merged) / filled(loop)).toBeCloseTo(1, 1);
    // A letter whose strokes cross, with a counter inside them: the counter stays open.
    const o = parseSvgPath(`${square(0, 0, 400)}${square(100, 100, 200, true)}M-50 180L450 180L450 220L-50 220Z`);
    const letter = removeOverlaps(o);
    expect(curvesCross(outlinePieces(letter)).size).toBe(0);
    expect(filled(letter)).toBe(filled(o));
  });

  it("profiles the ink extent per band", () => {
    const profile = inkProfile(flattenOutline(parseSvgPath("M0 0L100 0L0 100Z")), 0, 10, 10);
    expect(profile.left[0]).toBe(0);
    expect(profile.right[0]).toBeCloseTo(100, 5);
    expect(profile.right[5]).toBeCloseTo(50, 5);
  });
});
