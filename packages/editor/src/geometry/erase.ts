import { FONT_UNITS_PER_PEN_UNIT, type PenStroke, type Point, type StrokePoint } from "@handfont/engine/fonts";
import { distanceToSegment, segmentDistance } from "./vector.ts";

/** Half the widest ink of a stroke in font units (its pen size at full pressure). */
export const strokeHalfWidth = (stroke: PenStroke): number => (stroke.pen.size * FONT_UNITS_PER_PEN_UNIT) / 2;

/** One move of the eraser: the segment it swept and its radius, in font units. */
export interface EraserSweep {
  from: Point;
  to: Point;
  radius: number;
}

function boxesApart(points: readonly Point[], sweep: EraserSweep, reach: number): boolean {
  let xMin = Number.POSITIVE_INFINITY;
  let yMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  let yMax = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    if (p.x < xMin) xMin = p.x;
    if (p.x > xMax) xMax = p.x;
    if (p.y < yMin) yMin = p.y;
    if (p.y > yMax) yMax = p.y;
  }
  const { from, to } = sweep;
  return (
    Math.max(from.x, to.x) + reach < xMin ||
    Math.min(from.x, to.x) - reach > xMax ||
    Math.max(from.y, to.y) + reach < yMin ||
    Math.min(from.y, to.y) - reach > yMax
  );
}

/** Whether the eraser's sweep touches the stroke's ink. */
export function sweepTouchesStroke(stroke: PenStroke, sweep: EraserSweep): boolean {
  const reach = sweep.radius + strokeHalfWidth(stroke);
  const points = stroke.points;
  if (points.length === 0 || boxesApart(points, sweep, reach)) return false;
  if (points.length === 1) return distanceToSegment(points[0]!, sweep.from, sweep.to) <= reach;
  for (let i = 1; i < points.length; i++) {
    if (segmentDistance(points[i - 1]!, points[i]!, sweep.from, sweep.to) <= reach) return true;
  }
  return false;
}

const interpolate = (a: StrokePoint, b: StrokePoint, t: number): StrokePoint => ({
  x: Math.round((a.x + (b.x - a.x) * t) * 10) / 10,
  y: Math.round((a.y + (b.y - a.y) * t) * 10) / 10,
  pressure: Math.round((a.pressure + (b.pressure - a.pressure) * t) * 100) / 100,
  t: Math.round(a.t + (b.t - a.t) * t),
});

/** The parameter in [lo, hi] where `inside` flips, by bisection (`inside(lo)` differs from `inside(hi)`). */
function boundary(inside: (t: number) => boolean, lo: number, hi: number): number {
  const atLo = inside(lo);
  for (let k = 0; k < 20; k++) {
    const mid = (lo + hi) / 2;
    if (inside(mid) === atLo) lo = mid;
    else hi = mid;
  }
  return atLo ? hi : lo;
}

/**
 * Cuts a run of stroke points where the eraser swept: the parts of the centre line within `reach` of the sweep
 * (eraser radius plus half the stroke's width, so all ink under the eraser goes) are removed, and each cut ends
 * exactly at the eraser's edge. Returns the runs that remain (possibly none), or null when the sweep missed.
 */
export function cutRun(points: readonly StrokePoint[], sweep: EraserSweep, reach: number): StrokePoint[][] | null {
  if (points.length === 0 || boxesApart(points, sweep, reach)) return null;
  const inside = (p: Point) => distanceToSegment(p, sweep.from, sweep.to) < reach;
  const runs: StrokePoint[][] = [];
  let current: StrokePoint[] = [];
  let cut = false;
  const close = () => {
    if (current.length >= 2) runs.push(current);
    current = [];
  };
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const pIn = inside(p);
    if (i > 0) {
      const q = points[i - 1]!;
      const qIn = inside(q);
      const along = (t: number) => inside(interpolate(q, p, t));
      if (!qIn && pIn) {
        current.push(interpolate(q, p, boundary(along, 0, 1)));
        close();
        cut = true;
      } else if (qIn && !pIn) {
        current = [interpolate(q, p, boundary(along, 0, 1))];
      } else if (!qIn && !pIn && segmentDistance(q, p, sweep.from, sweep.to) < reach) {
        // The sweep crosses this segment between its two points: find the closest place, then both edges.
        let lo = 0;
        let hi = 1;
        const gap = (t: number) => distanceToSegment(interpolate(q, p, t), sweep.from, sweep.to);
        for (let k = 0; k < 40; k++) {
          const m1 = lo + (hi - lo) / 3;
          const m2 = hi - (hi - lo) / 3;
          if (gap(m1) < gap(m2)) hi = m2;
          else lo = m1;
        }
        const deepest = (lo + hi) / 2;
        if (gap(deepest) < reach) {
          current.push(interpolate(q, p, boundary(along, 0, deepest)));
          close();
          current = [interpolate(q, p, boundary(along, deepest, 1))];
          cut = true;
        }
      }
    } else if (pIn) cut = true;
    if (!pIn) current.push(p);
  }
  close();
  return cut ? runs : null;
}
