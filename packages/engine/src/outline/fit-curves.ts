import { type FittedCubic, fitCubics } from "./fit-cubic.ts";
import type { Polygon } from "./flatten.ts";
import type { Contour, Point, Segment } from "./types.ts";

/** Distance from p to the segment a–b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Ramer–Douglas–Peucker on an open polyline: keeps its ends and every point needed to stay within `tolerance`. */
function simplifyOpen(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (d > distance) {
        farthest = i;
        distance = d;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * A closed polygon with fewer points, every dropped point within `tolerance` of the result: split at the point
 * farthest from the first, each half simplified open.
 */
export function simplifyPolygon(polygon: Polygon, tolerance: number): Polygon {
  if (polygon.length <= 3) return [...polygon];
  const first = polygon[0]!;
  let far = 1;
  for (let i = 2; i < polygon.length; i++) {
    const d = Math.hypot(polygon[i]!.x - first.x, polygon[i]!.y - first.y);
    if (d > Math.hypot(polygon[far]!.x - first.x, polygon[far]!.y - first.y)) far = i;
  }
  const a = simplifyOpen(polygon.slice(0, far + 1), tolerance);
  const b = simplifyOpen([...polygon.slice(far), first], tolerance);
  return [...a, ...b.slice(1, -1)];
}

/** Indices of the vertices of a closed polygon where it turns by more than `minTurn` radians. */
export function polygonCorners(polygon: Polygon, minTurn: number): number[] {
  const corners: number[] = [];
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const a = polygon[(i - 1 + n) % n]!;
    const p = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    const ax = p.x - a.x;
    const ay = p.y - a.y;
    const bx = b.x - p.x;
    const by = b.y - p.y;
    if (Math.abs(Math.atan2(ax * by - ay * bx, ax * bx + ay * by)) > minTurn) corners.push(i);
  }
  return corners;
}

const unit = (x: number, y: number): [number, number] => {
  const length = Math.hypot(x, y) || 1;
  return [x / length, y / length];
};

/** Fitted cubics as outline segments (each from the previous end). */
function toSegments(curves: FittedCubic[]): Segment[] {
  return curves.map((c) => ({ type: "C", x1: c[2], y1: c[3], x2: c[4], y2: c[5], x: c[6], y: c[7] }));
}

/**
 * A run of points with extra points on its long edges, so the curve fitted through them cannot bulge between two
 * distant samples (Schneider's fit only measures its error at the given points).
 */
function densify(run: readonly Point[], spacing: number): { xs: number[]; ys: number[] } {
  const xs = [run[0]!.x];
  const ys = [run[0]!.y];
  for (let i = 1; i < run.length; i++) {
    const a = run[i - 1]!;
    const b = run[i]!;
    const pieces = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / spacing);
    for (let k = 1; k <= pieces; k++) {
      xs.push(a.x + ((b.x - a.x) * k) / pieces);
      ys.push(a.y + ((b.y - a.y) * k) / pieces);
    }
  }
  return { xs, ys };
}

/** Cubics through a densified open run, with end tangents from its first and last legs. */
function fitOpen(run: readonly Point[], maxError: number): FittedCubic[] {
  const { xs, ys } = densify(run, 4 * maxError);
  const n = xs.length;
  const left = unit(xs[1]! - xs[0]!, ys[1]! - ys[0]!);
  const right = unit(xs[n - 2]! - xs[n - 1]!, ys[n - 2]! - ys[n - 1]!);
  return fitCubics(xs, ys, left, right, maxError);
}

/** The segments of an open run from its first point: a line when every point is within `maxError` of the chord. */
function fitRun(run: readonly Point[], maxError: number): Segment[] {
  const first = run[0]!;
  const last = run.at(-1)!;
  if (run.every((p) => distanceToSegment(p, first, last) <= maxError)) return [{ type: "L", x: last.x, y: last.y }];
  return toSegments(fitOpen(run, maxError));
}

/**
 * A closed polygon as a contour of cubic curves within about `maxError` units of its points (Schneider's algorithm,
 * fit-cubic.ts), split at corners (turns above `cornerTurn` radians) so sharp joins stay sharp and straight runs stay
 * lines; a polygon without corners is fitted as one loop whose start is smooth too.
 */
export function fitClosedPolygon(polygon: Polygon, maxError: number, cornerTurn = (55 * Math.PI) / 180): Contour {
  const points = polygon.filter((p, i) => {
    const next = polygon[(i + 1) % polygon.length]!;
    return p.x !== next.x || p.y !== next.y;
  });
  const n = points.length;
  if (n < 3) return { start: { ...points[0]! }, segments: points.slice(1).map((p) => ({ type: "L", x: p.x, y: p.y })) };
  const corners = polygonCorners(points, cornerTurn);
  if (corners.length === 0) {
    const { xs, ys } = densify([...points, points[0]!], 4 * maxError);
    const tangent = unit(points[1]!.x - points[n - 1]!.x, points[1]!.y - points[n - 1]!.y);
    const curves = fitCubics(xs, ys, tangent, [-tangent[0], -tangent[1]], maxError);
    return { start: { ...points[0]! }, segments: toSegments(curves) };
  }
  const segments: Segment[] = [];
  corners.forEach((corner, k) => {
    const next = corners[(k + 1) % corners.length]!;
    const run: Point[] = [];
    for (let i = corner; ; i = (i + 1) % n) {
      run.push(points[i]!);
      if (run.length > 1 && i === next) break;
    }
    segments.push(...fitRun(run, maxError));
  });
  return { start: { ...points[corners[0]!]! }, segments };
}
