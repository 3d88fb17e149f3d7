import { cubicAt, flatteningSteps } from "./bezier.ts";
import type { Outline, Point } from "./types.ts";

/** A closed polygon (the closing edge from the last point back to the first is implicit). */
export type Polygon = Point[];

/**
 * Approximates every contour by a polygon whose distance to the curves stays within `tolerance` units.
 * The number of pieces per cubic follows the bound error ≤ 3/4 · max|Δ²P| / n².
 */
export function flattenOutline(outline: Outline, tolerance = 0.5): Polygon[] {
  return outline.map((contour) => {
    const polygon: Polygon = [{ ...contour.start }];
    let from = contour.start;
    for (const s of contour.segments) {
      if (s.type === "C") {
        const n = flatteningSteps(from.x, from.y, s.x1, s.y1, s.x2, s.y2, s.x, s.y, tolerance);
        for (let i = 1; i < n; i++) {
          const t = i / n;
          polygon.push({ x: cubicAt(from.x, s.x1, s.x2, s.x, t), y: cubicAt(from.y, s.y1, s.y2, s.y, t) });
        }
      }
      polygon.push({ x: s.x, y: s.y });
      from = s;
    }
    const last = polygon.at(-1)!;
    if (polygon.length > 1 && last.x === contour.start.x && last.y === contour.start.y) polygon.pop();
    return polygon;
  });
}

/** Twice the signed area of a polygon (positive = counter-clockwise with y up). */
export function polygonArea(polygon: Polygon): number {
  let area = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    area += polygon[j]!.x * polygon[i]!.y - polygon[i]!.x * polygon[j]!.y;
  }
  return area;
}

/** Winding number of a polygon around a point (nonzero = inside). */
export function windingNumber(polygon: Polygon, point: Point): number {
  let winding = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[j]!;
    const b = polygon[i]!;
    const cross = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y);
    if (a.y <= point.y) {
      if (b.y > point.y && cross > 0) winding++;
    } else if (b.y <= point.y && cross < 0) winding--;
  }
  return winding;
}
