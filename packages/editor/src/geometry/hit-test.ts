import type { GlyphDocument, Point, UnitBox } from "@handfont/engine/fonts";
import { type PointKey, pointKey } from "../selection.ts";
import { contourSegments, segmentCubic } from "./contour-segments.ts";
import { nearestOnCubic } from "./cubic.ts";
import { distance, distanceToSegment, projectOnSegment } from "./vector.ts";

/** The contour point nearest to p within `tolerance` units, handles included. */
export function hitPoint(glyph: GlyphDocument, p: Point, tolerance: number): PointKey | null {
  let best: PointKey | null = null;
  let bestDistance = tolerance;
  glyph.contours.forEach((contour, c) => {
    contour.points.forEach((point, i) => {
      const d = distance(point, p);
      // On a tie an on-curve point wins: it is what a click near a point usually means.
      if (d < bestDistance || (d === bestDistance && best === null && point.on)) {
        bestDistance = d;
        best = pointKey(c, i);
      }
    });
  });
  return best;
}

/** A place on a contour's outline: which segment and where along it (0…1). */
export interface SegmentHit {
  contour: number;
  segment: number;
  t: number;
  distance: number;
}

/** The outline segment nearest to p within `tolerance` units. */
export function hitSegment(glyph: GlyphDocument, p: Point, tolerance: number): SegmentHit | null {
  let best: SegmentHit | null = null;
  glyph.contours.forEach((contour, c) => {
    for (const segment of contourSegments(contour)) {
      const a = contour.points[segment.from]!;
      const b = contour.points[segment.to]!;
      const found = segment.handles
        ? nearestOnCubic(segmentCubic(contour, segment), p)
        : { t: projectOnSegment(p, a, b), distance: distanceToSegment(p, a, b) };
      if (found.distance <= tolerance && (!best || found.distance < best.distance)) {
        best = { contour: c, segment: segment.index, t: found.t, distance: found.distance };
      }
    }
  });
  return best;
}

/** Every contour point inside the box, handles included. */
export function pointsInBox(glyph: GlyphDocument, box: UnitBox): PointKey[] {
  const keys: PointKey[] = [];
  glyph.contours.forEach((contour, c) => {
    contour.points.forEach((point, i) => {
      if (point.x >= box.xMin && point.x <= box.xMax && point.y >= box.yMin && point.y <= box.yMax) {
        keys.push(pointKey(c, i));
      }
    });
  });
  return keys;
}

/** The box spanned by two corners. */
export const boxOf = (a: Point, b: Point): UnitBox => ({
  xMin: Math.min(a.x, b.x),
  yMin: Math.min(a.y, b.y),
  xMax: Math.max(a.x, b.x),
  yMax: Math.max(a.y, b.y),
});
