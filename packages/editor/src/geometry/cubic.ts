import { cubicAt as cubicValue, type Point, subCubic } from "@handfont/engine/fonts";
import { distance } from "./vector.ts";

/** A cubic Bézier curve from p0 to p3 with handles p1 and p2. */
export type Cubic = [Point, Point, Point, Point];

/** The point of the curve at parameter t (the engine's one Bézier module evaluates each coordinate). */
export function cubicAt([p0, p1, p2, p3]: Cubic, t: number): Point {
  return { x: cubicValue(p0.x, p1.x, p2.x, p3.x, t), y: cubicValue(p0.y, p1.y, p2.y, p3.y, t) };
}

/** The part of the curve between parameters t0 and t1, itself a cubic. */
function part([p0, p1, p2, p3]: Cubic, t0: number, t1: number): Cubic {
  const xs = subCubic(p0.x, p1.x, p2.x, p3.x, t0, t1);
  const ys = subCubic(p0.y, p1.y, p2.y, p3.y, t0, t1);
  return [0, 1, 2, 3].map((k) => ({ x: xs[k]!, y: ys[k]! })) as Cubic;
}

/** The two halves of the curve cut at t, which together trace exactly the same shape. */
export function splitCubic(curve: Cubic, t: number): [Cubic, Cubic] {
  return [part(curve, 0, t), part(curve, t, 1)];
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
