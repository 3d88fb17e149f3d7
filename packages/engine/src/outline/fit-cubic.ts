/**
 * Fitting cubic Bézier curves to digitised points: Philip J. Schneider's algorithm ("An Algorithm for Automatically
 * Fitting Digitized Curves", Graphics Gems, 1990). Written on flat coordinate arrays because the curves of every drawn
 * letter are fitted on each edit: the array-per-vector style of the usual JavaScript ports spends most of its time
 * collecting garbage.
 */
import { cubicAt } from "./bezier.ts";

/** A fitted cubic: start, two controls, end. */
export type FittedCubic = [number, number, number, number, number, number, number, number];

const MAX_ITERATIONS = 20;

/** Fits cubics through points (xs[i], ys[i]) within `maxError` units, given unit end tangents (left points inward
 * from the start, right points inward from the end). */
export function fitCubics(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  leftTangent: [number, number],
  rightTangent: [number, number],
  maxError: number,
): FittedCubic[] {
  const out: FittedCubic[] = [];
  fitRange(xs, ys, 0, xs.length - 1, leftTangent, rightTangent, maxError * maxError, out);
  return out;
}

function fitRange(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  first: number,
  last: number,
  tl: [number, number],
  tr: [number, number],
  squaredError: number,
  out: FittedCubic[],
): void {
  const count = last - first + 1;
  const x0 = xs[first]!;
  const y0 = ys[first]!;
  const x3 = xs[last]!;
  const y3 = ys[last]!;
  if (count === 2) {
    const d = Math.hypot(x3 - x0, y3 - y0) / 3;
    out.push([x0, y0, x0 + tl[0] * d, y0 + tl[1] * d, x3 + tr[0] * d, y3 + tr[1] * d, x3, y3]);
    return;
  }
  const u = chordLengths(xs, ys, first, last);
  let curve = generateBezier(xs, ys, first, last, u, tl, tr);
  let [error, split] = maxDistance(xs, ys, first, last, curve, u);
  if (error < squaredError) {
    out.push(curve);
    return;
  }
  // Better parameters often bring it under (Newton–Raphson on each point's parameter). The largest distance does not
  // fall at every step, so the best curve seen is kept and a few steps without progress end the search.
  if (error < Math.max(squaredError * 64, 400)) {
    let stale = 0;
    let params = u;
    let current = curve;
    for (let i = 0; i < MAX_ITERATIONS && stale < 3; i++) {
      const better = reparameterize(xs, ys, first, current, params);
      if (!better) break;
      params = better;
      current = generateBezier(xs, ys, first, last, params, tl, tr);
      const [currentError, currentSplit] = maxDistance(xs, ys, first, last, current, params);
      if (currentError < error) {
        [curve, error, split] = [current, currentError, currentSplit];
        stale = 0;
        if (error < squaredError) {
          out.push(curve);
          return;
        }
      } else stale++;
    }
  }
  // Split at the worst point, with the tangent there shared by both halves so the join stays smooth.
  let cx = xs[split - 1]! - xs[split + 1]!;
  let cy = ys[split - 1]! - ys[split + 1]!;
  if (cx === 0 && cy === 0) {
    cx = xs[split - 1]! - xs[split]!;
    cy = ys[split - 1]! - ys[split]!;
  }
  const length = Math.hypot(cx, cy) || 1;
  const centre: [number, number] = [cx / length, cy / length];
  fitRange(xs, ys, first, split, tl, centre, squaredError, out);
  fitRange(xs, ys, split, last, [-centre[0], -centre[1]], tr, squaredError, out);
}

/** Parameters of the points in [0, 1] by their distance along the polyline. */
function chordLengths(xs: ArrayLike<number>, ys: ArrayLike<number>, first: number, last: number): Float64Array {
  const u = new Float64Array(last - first + 1);
  for (let i = first + 1; i <= last; i++) {
    u[i - first] = u[i - first - 1]! + Math.hypot(xs[i]! - xs[i - 1]!, ys[i]! - ys[i - 1]!);
  }
  const total = u[u.length - 1]!;
  if (total > 0) for (let i = 1; i < u.length; i++) u[i] = u[i]! / total;
  return u;
}

/** The least-squares cubic with the given end tangents through the points at parameters u (Schneider's §2). */
export function generateBezier(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  first: number,
  last: number,
  u: Float64Array,
  tl: [number, number],
  tr: [number, number],
): FittedCubic {
  const x0 = xs[first]!;
  const y0 = ys[first]!;
  const x3 = xs[last]!;
  const y3 = ys[last]!;
  let c00 = 0;
  let c01 = 0;
  let c11 = 0;
  let r0 = 0;
  let r1 = 0;
  for (let i = 0; i < u.length; i++) {
    const t = u[i]!;
    const s = 1 - t;
    const b1 = 3 * s * s * t;
    const b2 = 3 * s * t * t;
    const a1x = tl[0] * b1;
    const a1y = tl[1] * b1;
    const a2x = tr[0] * b2;
    const a2y = tr[1] * b2;
    c00 += a1x * a1x + a1y * a1y;
    c01 += a1x * a2x + a1y * a2y;
    c11 += a2x * a2x + a2y * a2y;
    // The point minus the curve made of the end points alone (controls on the ends).
    const b03 = s * s * s + b1;
    const b33 = b2 + t * t * t;
    const dx = xs[first + i]! - (x0 * b03 + x3 * b33);
    const dy = ys[first + i]! - (y0 * b03 + y3 * b33);
    r0 += a1x * dx + a1y * dy;
    r1 += a2x * dx + a2y * dy;
  }
  const determinant = c00 * c11 - c01 * c01;
  let alphaL = determinant === 0 ? 0 : (r0 * c11 - c01 * r1) / determinant;
  let alphaR = determinant === 0 ? 0 : (c00 * r1 - c01 * r0) / determinant;
  const segment = Math.hypot(x3 - x0, y3 - y0);
  const epsilon = 1e-6 * segment;
  // Negative or vanishing handle lengths mean the fit failed: fall back to Wu and Barsky's heuristic.
  if (alphaL < epsilon || alphaR < epsilon) {
    alphaL = segment / 3;
    alphaR = segment / 3;
  }
  return [x0, y0, x0 + tl[0] * alphaL, y0 + tl[1] * alphaL, x3 + tr[0] * alphaR, y3 + tr[1] * alphaR, x3, y3];
}

/** The largest squared distance of a point from the curve at its parameter, and that point's index. */
function maxDistance(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  first: number,
  last: number,
  c: FittedCubic,
  u: Float64Array,
): [number, number] {
  let worst = 0;
  let split = Math.floor((first + last) / 2);
  for (let i = first + 1; i < last; i++) {
    const t = u[i - first]!;
    const dx = cubicAt(c[0], c[2], c[4], c[6], t) - xs[i]!;
    const dy = cubicAt(c[1], c[3], c[5], c[7], t) - ys[i]!;
    const d = dx * dx + dy * dy;
    if (d > worst) {
      worst = d;
      split = i;
    }
  }
  return [worst, split];
}

/** One Newton–Raphson step per point towards the parameter of its nearest curve point; null when it goes astray. */
function reparameterize(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  first: number,
  c: FittedCubic,
  u: Float64Array,
): Float64Array | null {
  const next = new Float64Array(u.length);
  for (let i = 0; i < u.length; i++) {
    const t = u[i]!;
    const s = 1 - t;
    const px = cubicAt(c[0], c[2], c[4], c[6], t) - xs[first + i]!;
    const py = cubicAt(c[1], c[3], c[5], c[7], t) - ys[first + i]!;
    // First and second derivatives of the cubic at t.
    const d1x = 3 * (s * s * (c[2] - c[0]) + 2 * s * t * (c[4] - c[2]) + t * t * (c[6] - c[4]));
    const d1y = 3 * (s * s * (c[3] - c[1]) + 2 * s * t * (c[5] - c[3]) + t * t * (c[7] - c[5]));
    const d2x = 6 * (s * (c[4] - 2 * c[2] + c[0]) + t * (c[6] - 2 * c[4] + c[2]));
    const d2y = 6 * (s * (c[5] - 2 * c[3] + c[1]) + t * (c[7] - 2 * c[5] + c[3]));
    const numerator = px * d1x + py * d1y;
    const denominator = d1x * d1x + d1y * d1y + px * d2x + py * d2y;
    next[i] = denominator === 0 ? t : t - numerator / denominator;
    if (!Number.isFinite(next[i]!)) return null;
  }
  return next;
}
