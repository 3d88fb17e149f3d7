import type { ContourPoint, GlyphContour, Point } from "@handfont/engine/fonts";
import type { Cubic } from "./cubic.ts";

/**
 * One segment of a contour by point indices: from an on-curve point to the next, through two handles (a cubic) or
 * none (a line). The last segment of a contour returns to its first point (`to` is 0).
 */
export interface ContourSegment {
  index: number;
  from: number;
  handles: [number, number] | null;
  to: number;
}

/** The segments of a closed contour, in order. Off-curve runs that are not pairs are read as lines. */
export function contourSegments(contour: GlyphContour): ContourSegment[] {
  const points = contour.points;
  const segments: ContourSegment[] = [];
  if (points.length === 0 || !points[0]!.on) return segments;
  let from = 0;
  while (from < points.length) {
    let next = from + 1;
    while (next < points.length && !points[next]!.on) next++;
    const offs = next - from - 1;
    segments.push({
      index: segments.length,
      from,
      handles: offs === 2 ? [from + 1, from + 2] : null,
      to: next < points.length ? next : 0,
    });
    from = next;
  }
  return segments;
}

/** The segment as a cubic (a line becomes a cubic with handles on its thirds). */
export function segmentCubic(contour: GlyphContour, segment: ContourSegment): Cubic {
  const p = contour.points;
  const a = p[segment.from]!;
  const b = p[segment.to]!;
  if (segment.handles) return [a, p[segment.handles[0]]!, p[segment.handles[1]]!, b];
  return [a, third(a, b, 1), third(a, b, 2), b];
}

const third = (a: Point, b: Point, k: number): Point => ({
  x: a.x + ((b.x - a.x) * k) / 3,
  y: a.y + ((b.y - a.y) * k) / 3,
});

/** Index of the previous / next point of a closed contour. */
export const previousIndex = (contour: GlyphContour, index: number): number =>
  (index - 1 + contour.points.length) % contour.points.length;
export const nextIndex = (contour: GlyphContour, index: number): number => (index + 1) % contour.points.length;

/** An on-curve point of the given type at (x, y). */
export const onCurve = (x: number, y: number, type: "corner" | "smooth" = "corner"): ContourPoint => ({
  x,
  y,
  on: true,
  type,
});
export const offCurve = (x: number, y: number): ContourPoint => ({ x, y, on: false });
