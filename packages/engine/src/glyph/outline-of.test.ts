import { describe, expect, it } from "vitest";
import { contourArea, outlineBounds, reverseContour } from "../outline/geometry.ts";
import { parseSvgPath } from "../outline/parse-path.ts";
import type { Outline } from "../outline/types.ts";
import { penStroke } from "../test-support/pen-strokes.ts";
import { contoursFromOutline } from "./contours.ts";
import {
  DEFAULT_PEN,
  emptyGlyphDocument,
  FONT_UNITS_PER_PEN_UNIT,
  type GlyphDocument,
  type PenStroke,
} from "./document.ts";
import { outlineOf, strokesOutline } from "./outline-of.ts";

const radius = (DEFAULT_PEN.size * FONT_UNITS_PER_PEN_UNIT) / 2;
const drawnLetter = (...strokes: PenStroke[]): GlyphDocument => ({ ...emptyGlyphDocument(), strokes });

/** Every coordinate of an outline, on- and off-curve. */
const coordinates = (outline: Outline) =>
  outline.flatMap((c) => [
    c.start.x,
    c.start.y,
    ...c.segments.flatMap((s) => (s.type === "C" ? [s.x1, s.y1, s.x2, s.y2, s.x, s.y] : [s.x, s.y])),
  ]);

describe("the outline of a letter", () => {
  it("applies the letter's scale around the origin and then its baseline shift to its contours", () => {
    const contours = contoursFromOutline(parseSvgPath("M0 0L100 0L100 200Z"));
    const outline = outlineOf({ ...emptyGlyphDocument(), contours, adjustments: { scale: 2, baselineShift: 10 } });
    expect(outline).toEqual([
      {
        start: { x: 0, y: 10 },
        segments: [
          { type: "L", x: 200, y: 10 },
          { type: "L", x: 200, y: 410 },
        ],
      },
    ]);
  });

  it("outlines a straight stroke as one counter-clockwise ring as wide as the pen, round caps beyond its ends", () => {
    const outline = outlineOf(
      drawnLetter(
        penStroke("a", [
          [100, 300],
          [500, 300],
        ]),
      ),
    );
    expect(outline).toHaveLength(1);
    expect(contourArea(outline[0]!)).toBeGreaterThan(0);
    const box = outlineBounds(outline)!;
    expect(box.yMax - box.yMin).toBeGreaterThan(2 * radius - 4);
    expect(box.yMax - box.yMin).toBeLessThan(2 * radius + 4);
    expect(box.xMin).toBeLessThan(100 - radius / 2);
    expect(box.xMax).toBeGreaterThan(500 + radius / 2);
  });

  it("keeps whole units, no repeated point and far fewer segments than the pen sampled points", () => {
    const stroke = penStroke("s", [
      [0, 0],
      [300, 500],
      [600, 0],
    ]);
    const outline = strokesOutline([stroke]);
    expect(coordinates(outline).every(Number.isInteger)).toBe(true);
    for (const contour of outline) {
      let from = contour.start;
      for (const s of contour.segments) {
        expect(s.x !== from.x || s.y !== from.y).toBe(true);
        from = s;
      }
    }
    const segments = outline.reduce((n, c) => n + c.segments.length, 0);
    expect(segments).toBeLessThan(stroke.points.length / 4);
  });

  it("unites crossing strokes into one ring", () => {
    const plus = strokesOutline([
      penStroke("h", [
        [0, 300],
        [600, 300],
      ]),
      penStroke("v", [
        [300, 0],
        [300, 600],
      ]),
    ]);
    expect(plus).toHaveLength(1);
  });

  it("gives a closed loop an outer ring and a clockwise hole", () => {
    const loop = Array.from({ length: 41 }, (_, i): [number, number] => [
      300 + 250 * Math.cos((i / 40) * 2 * Math.PI),
      300 + 250 * Math.sin((i / 40) * 2 * Math.PI),
    ]);
    const o = strokesOutline([penStroke("o", loop)]);
    expect(o).toHaveLength(2);
    const areas = o.map(contourArea).sort((a, b) => a - b);
    expect(areas[0]).toBeLessThan(0);
    expect(areas[1]).toBeGreaterThan(0);
  });

  it("keeps the tip of a V sharp: an on-curve point within a few units of where the pen turned", () => {
    const outline = strokesOutline([
      penStroke("v", [
        [0, 600],
        [300, 0],
        [600, 600],
      ]),
    ]);
    const ends = outline.flatMap((c) => [c.start, ...c.segments.map((s) => ({ x: s.x, y: s.y }))]);
    // Inside the V, the two edges meet above the tip at the pen's radius / sin(half angle).
    const halfAngle = Math.atan2(300, 600);
    const innerTip = { x: 300, y: radius / Math.sin(halfAngle) };
    const nearest = Math.min(...ends.map((p) => Math.hypot(p.x - innerTip.x, p.y - innerTip.y)));
    expect(nearest).toBeLessThan(6);
  });

  it("runs the strokes the contours' way round so both fill where they overlap", () => {
    const square = parseSvgPath("M0 0L0 400L400 400L400 0Z"); // clockwise, as TrueType draws outer contours
    expect(contourArea(square[0]!)).toBeLessThan(0);
    const document = {
      ...drawnLetter(
        penStroke("a", [
          [200, 200],
          [700, 200],
        ]),
      ),
      contours: contoursFromOutline(square),
    };
    const outline = outlineOf(document);
    expect(outline.every((contour) => contourArea(contour) < 0)).toBe(true);
    const counter = outlineOf({ ...document, contours: contoursFromOutline([reverseContour(square[0]!)]) });
    expect(counter.every((contour) => contourArea(contour) > 0)).toBe(true);
  });
});
