import type { Point } from "@handfont/engine/fonts";
import { distance, lerp } from "./vector.ts";

/** A cubic Bézier curve from p0 to p3 with handles p1 and p2. */
export type Cubic = [Point, Point, Point, Point];

/** The point of the curve at parameter t. */
export function cubicAt([p0, p1, p2, p3]: Cubic, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** The two halves of the curve cut at t (de Casteljau), which together trace exactly the same shape. */
export function splitCubic([p0, p1, p2, p3]: Cubic, t: number): [Cubic, Cubic] {
  const a = lerp(p0, p1, t);
  const b = lerp(p1, p2, t);
  const c = lerp(p2, p3, t);
  const ab = lerp(a, b, t);
  const bc = lerp(b, c, t);
  const middle = lerp(ab, bc, t);
  return [
    [p0, a, ab, middle],
    [middle, bc, c, p3],
  ];
}

/** The parameter of the curve's point nearest to p: coarse samples, then a narrowing search around the best. */
export function nearestOnCubic(curve: Cubic, p: Point): { t: number; distance: number } {
  const samples = 24;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= samples; i++) {
    const d = distance(cubicAt(curve, i / samples), p);
    if (d < bestDistance) {
      bestDistance = d;
      best = i / samples;
    }
  }
  let step = 1 / samples;
  while (step > 1e-5) {
    step /= 2;
    for (const t of [best - step, best + step]) {
      if (t < 0 || t > 1) continue;
      const d = distance(cubicAt(curve, t), p);
      if (d < bestDistance) {
        bestDistance = d;
        best = t;
      }
    }
  }
  return { t: best, distance: bestDistance };
}
