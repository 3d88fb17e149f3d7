import { cubicAt, flatteningSteps } from "./bezier.ts";
import { inOrder, sharpUnbalanced } from "./extrema.ts";
import { type FittedCubic, generateBezier } from "./fit-cubic.ts";
import type { Contour, CubicSegment, Outline, Point, Segment } from "./types.ts";

/**
 * How far (font units, 1/1000 em) merged curves may stray from the curves they replace: FontForge's Simplify at its
 * usual error bound, about what rounding to whole units moves a curve, and an eighth of a pixel of a 300 dpi scan of
 * a 10 mm letter (about 8 units a pixel), so nothing the scan could tell apart is lost.
 */
export const MERGE_TOLERANCE = 1;

/** How close (font units) the flattening the fit is measured against stays to the original curves. */
const SAMPLE_TOLERANCE = 0.2;

/** Joints whose tangents turn by less than this (cosine of 20°) are smooth: handle rounding turns short ones a little. */
const SMOOTH_COS = Math.cos((20 * Math.PI) / 180);

/** Gauss–Newton steps on the handle lengths of a merged curve. */
const HANDLE_STEPS = 4;
/** A run whose curves joined as if cut from one cubic stray this many tolerances is not fitted. */
const HOPELESS = 4;
/** A fit this close (font units) is kept without further steps. */
const GOOD_ENOUGH = 0.25;

type Cubic = FittedCubic;

/** The direction a segment leaves its start in (first control that differs from it), or null for none. */
function leaving(from: Point, s: Segment): [number, number] | null {
  const candidates = s.type === "C" ? [s.x1, s.y1, s.x2, s.y2, s.x, s.y] : [s.x, s.y];
  for (let k = 0; k < candidates.length; k += 2) {
    const dx = candidates[k]! - from.x;
    const dy = candidates[k + 1]! - from.y;
    if (dx !== 0 || dy !== 0) return unit(dx, dy);
  }
  return null;
}

/** The direction a segment arrives at its end in (from its last control that differs from the end), or null. */
function arriving(from: Point, s: Segment): [number, number] | null {
  const candidates = s.type === "C" ? [s.x2, s.y2, s.x1, s.y1, from.x, from.y] : [from.x, from.y];
  for (let k = 0; k < candidates.length; k += 2) {
    const dx = s.x - candidates[k]!;
    const dy = s.y - candidates[k + 1]!;
    if (dx !== 0 || dy !== 0) return unit(dx, dy);
  }
  return null;
}

/** The length of (x, y) (Math.hypot is several times slower, and this runs for every sample of every fit). */
const length2 = (x: number, y: number) => Math.sqrt(x * x + y * y);

function unit(x: number, y: number): [number, number] {
  const length = Math.sqrt(x * x + y * y);
  return [x / length, y / length];
}

/** Distance from p to the segment a–b. */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  // Clamped by comparisons (as in nearest): the value is finite, so they give what Math.max and Math.min would.
  const along = length === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / length;
  const t = along > 0 ? (along < 1 ? along : 1) : 0;
  const ex = px - (ax + t * dx);
  const ey = py - (ay + t * dy);
  return Math.sqrt(ex * ex + ey * ey);
}

/** Points along a curve from `from` (excluded) to its end, within SAMPLE_TOLERANCE of it as a polyline. */
function curveSamples(from: Point, s: CubicSegment): number[] {
  const n = Math.max(3, flatteningSteps(from.x, from.y, s.x1, s.y1, s.x2, s.y2, s.x, s.y, SAMPLE_TOLERANCE));
  const points: number[] = [];
  for (let k = 1; k <= n; k++) {
    points.push(cubicAt(from.x, s.x1, s.x2, s.x, k / n), cubicAt(from.y, s.y1, s.y2, s.y, k / n));
  }
  return points;
}

/**
 * Scratch arrays every fit reuses (fits run one at a time and keep nothing): the samples' coordinates, their
 * parameters and the best parameters seen. Small typed arrays made per fit cost more than the fit itself. The fits
 * read them through local names: a module's `let` is checked and loaded from its context at every use, which the
 * command line's compilers (no TurboFan) do not hoist out of the loops.
 */
let xs = new Float64Array(256);
let ys = new Float64Array(256);
let params = new Float64Array(256);
let bestParams = new Float64Array(256);

/** Makes the scratch arrays hold at least n samples. */
function reserve(n: number): void {
  if (xs.length >= n) return;
  const size = 2 * n;
  [xs, ys, params, bestParams] = [
    new Float64Array(size),
    new Float64Array(size),
    new Float64Array(size),
    new Float64Array(size),
  ];
}

/** Parameters of the first n samples in [0, 1] by their distance along the polyline, into u. */
function chordParameters(n: number, u: Float64Array): void {
  const sampleX = xs;
  const sampleY = ys;
  u[0] = 0;
  for (let i = 1; i < n; i++) {
    const dx = sampleX[i]! - sampleX[i - 1]!;
    const dy = sampleY[i]! - sampleY[i - 1]!;
    u[i] = u[i - 1]! + Math.sqrt(dx * dx + dy * dy);
  }
  const total = u[n - 1]!;
  for (let i = 1; i < n; i++) u[i] = u[i]! / total;
}

/**
 * How far curve c strays from the polyline of the first n samples, both ways: each sample from the curve at its
 * parameter, and the curve between two samples' parameters from the leg between them; infinite when the parameters
 * do not run forward. Stops at the first distance past `limit`.
 */
function farthest(c: Cubic, n: number, u: Float64Array, limit: number): number {
  const sampleX = xs;
  const sampleY = ys;
  const x0 = c[0];
  const y0 = c[1];
  const x1 = c[2];
  const y1 = c[3];
  const x2 = c[4];
  const y2 = c[5];
  const x3 = c[6];
  const y3 = c[7];
  let worst = 0;
  // The Bernstein weights are worked out once for x and y (the same products, in the same order, as cubicAt), and
  // lengths written out as length2 is: the command line runs without V8's optimising compiler, which would
  // otherwise share them and inline the calls.
  for (let i = 1; i < n && worst <= limit; i++) {
    if (!(u[i]! >= u[i - 1]!)) return Number.POSITIVE_INFINITY;
    const t = u[i]!;
    let s = 1 - t;
    let b0 = s * s * s;
    let b1 = 3 * s * s * t;
    let b2 = 3 * s * t * t;
    let b3 = t * t * t;
    const ex = b0 * x0 + b1 * x1 + b2 * x2 + b3 * x3 - sampleX[i]!;
    const ey = b0 * y0 + b1 * y1 + b2 * y2 + b3 * y3 - sampleY[i]!;
    const d = Math.sqrt(ex * ex + ey * ey);
    const m = (u[i - 1]! + t) / 2;
    s = 1 - m;
    b0 = s * s * s;
    b1 = 3 * s * s * m;
    b2 = 3 * s * m * m;
    b3 = m * m * m;
    const mx = b0 * x0 + b1 * x1 + b2 * x2 + b3 * x3;
    const my = b0 * y0 + b1 * y1 + b2 * y2 + b3 * y3;
    worst = Math.max(worst, d, toSegment(mx, my, sampleX[i - 1]!, sampleY[i - 1]!, sampleX[i]!, sampleY[i]!));
  }
  return worst;
}

/** Moves each parameter (in place) by Newton steps towards its sample's nearest point on c, within [0, 1]. */
function nearest(c: Cubic, n: number, u: Float64Array, steps: number): void {
  const sampleX = xs;
  const sampleY = ys;
  const x0 = c[0];
  const y0 = c[1];
  const x1 = c[2];
  const y1 = c[3];
  const x2 = c[4];
  const y2 = c[5];
  const x3 = c[6];
  const y3 = c[7];
  for (let i = 1; i < n - 1; i++) {
    let t = u[i]!;
    for (let step = 0; step < steps; step++) {
      const s = 1 - t;
      // Bernstein weights shared by x and y, as in farthest.
      const b0 = s * s * s;
      const b1 = 3 * s * s * t;
      const b2 = 3 * s * t * t;
      const b3 = t * t * t;
      const px = b0 * x0 + b1 * x1 + b2 * x2 + b3 * x3 - sampleX[i]!;
      const py = b0 * y0 + b1 * y1 + b2 * y2 + b3 * y3 - sampleY[i]!;
      const d1x = 3 * (s * s * (x1 - x0) + 2 * s * t * (x2 - x1) + t * t * (x3 - x2));
      const d1y = 3 * (s * s * (y1 - y0) + 2 * s * t * (y2 - y1) + t * t * (y3 - y2));
      const d2x = 6 * (s * (x2 - 2 * x1 + x0) + t * (x3 - 2 * x2 + x1));
      const d2y = 6 * (s * (y2 - 2 * y1 + y0) + t * (y3 - 2 * y2 + y1));
      const denominator = d1x * d1x + d1y * d1y + px * d2x + py * d2y;
      if (!(denominator > 0)) break;
      // Clamped by comparisons: without TurboFan (the command line's build) Math.max and Math.min are calls, and
      // this runs for every sample of every step; the step is finite (the denominator is positive).
      const next = t - (px * d1x + py * d1y) / denominator;
      t = next > 0 ? (next < 1 ? next : 1) : 0;
    }
    u[i] = t;
  }
}

/**
 * The handle lengths along the end tangents that bring the curve closest to the samples by their distance from the
 * curve itself: from `guess` (or Schneider's least squares at fixed parameters), Gauss–Newton steps on the residuals
 * along the curve's normal at each sample's nearest point (least squares at fixed parameters alone converges slowly
 * where the parameters and the handles pull against each other). The curve whose farthest sample is nearest wins,
 * with the samples' parameters on it.
 */
function fitHandles(
  n: number,
  start: [number, number],
  backwards: [number, number],
  guess: [number, number] | null,
  tolerance: number,
): Cubic | null {
  const sampleX = xs;
  const sampleY = ys;
  const last = n - 1;
  const u = params;
  chordParameters(n, u);
  const [x0, y0, x3, y3] = [sampleX[0]!, sampleY[0]!, sampleX[last]!, sampleY[last]!];
  let c: Cubic;
  if (!guess) {
    c = generateBezier(sampleX, sampleY, 0, last, u.subarray(0, n), start, backwards);
    guess = [length2(c[2] - x0, c[3] - y0), length2(c[4] - x3, c[5] - y3)];
  }
  // Handle lengths, signed along the tangents.
  let [a, b] = guess;
  let best: Cubic | null = null;
  let bestError = Number.POSITIVE_INFINITY;
  for (let iteration = 0; iteration <= HANDLE_STEPS; iteration++) {
    c = [x0, y0, x0 + start[0] * a, y0 + start[1] * a, x3 + backwards[0] * b, y3 + backwards[1] * b, x3, y3];
    nearest(c, n, u, iteration === 0 ? 2 : 1);
    let jaa = 0;
    let jab = 0;
    let jbb = 0;
    let ra = 0;
    let rb = 0;
    let error = 0;
    const cx0 = c[0];
    const cy0 = c[1];
    const cx1 = c[2];
    const cy1 = c[3];
    const cx2 = c[4];
    const cy2 = c[5];
    const cx3 = c[6];
    const cy3 = c[7];
    for (let i = 1; i < last; i++) {
      const t = u[i]!;
      const s = 1 - t;
      // Weights shared by x and y, the same products in the same order as cubicSlope and cubicAt (see farthest).
      const d0 = s * s;
      const d1 = 2 * s * t;
      const d2 = t * t;
      const dx = 3 * (d0 * (cx1 - cx0) + d1 * (cx2 - cx1) + d2 * (cx3 - cx2));
      const dy = 3 * (d0 * (cy1 - cy0) + d1 * (cy2 - cy1) + d2 * (cy3 - cy2));
      const length = Math.sqrt(dx * dx + dy * dy);
      if (length === 0) continue;
      const nx = -dy / length;
      const ny = dx / length;
      const b0 = s * s * s;
      const b1 = 3 * s * s * t;
      const b2 = 3 * s * t * t;
      const b3 = t * t * t;
      const r =
        nx * (b0 * cx0 + b1 * cx1 + b2 * cx2 + b3 * cx3 - sampleX[i]!) +
        ny * (b0 * cy0 + b1 * cy1 + b2 * cy2 + b3 * cy3 - sampleY[i]!);
      const ja = 3 * s * s * t * (nx * start[0] + ny * start[1]);
      const jb = 3 * s * t * t * (nx * backwards[0] + ny * backwards[1]);
      jaa += ja * ja;
      jab += ja * jb;
      jbb += jb * jb;
      ra += ja * r;
      rb += jb * r;
      if (Math.abs(r) > error) error = Math.abs(r);
    }
    if (a > 0 && b > 0 && error < bestError) {
      best = c;
      bestParams.set(u.subarray(0, n));
      bestError = error;
      // Well within the tolerance: rounding the handles is what is left to judge.
      if (error < GOOD_ENOUGH) break;
    }
    // Still far off after a few steps: the run is not one curve.
    if (iteration >= 2 && bestError > 3 * tolerance) break;
    // A little damping keeps the step finite where one handle barely moves the curve.
    jaa *= 1.001;
    jbb *= 1.001;
    const determinant = jaa * jbb - jab * jab;
    if (!(determinant > 0)) break;
    const da = -(jbb * ra - jab * rb) / determinant;
    const db = -(jaa * rb - jab * ra) / determinant;
    // Handles end up rounded to whole units: a step of a fraction of one changes nothing that matters.
    if (Math.abs(da) + Math.abs(db) < 0.2) break;
    a += da;
    b += db;
  }
  return best;
}

/**
 * One integer cubic for a run of curves that meet smoothly, with the run's end points and end tangents, or null
 * when none stays within `tolerance` of the run or the cubic would turn back along an axis (the run's ends keep the
 * contour's extrema).
 */
function fitRun(
  from: Point,
  run: readonly CubicSegment[],
  runSamples: readonly number[][],
  guess: Guess | null,
  tolerance: number,
): CubicSegment | null {
  const first = run[0]!;
  const last = run[run.length - 1]!;
  const start = leaving(from, first);
  const before = run.length > 1 ? run[run.length - 2]! : from;
  const end = arriving(before, last);
  if (!start || !end) return null;
  let count = 1;
  for (const points of runSamples) count += points.length / 2;
  reserve(count);
  xs[0] = from.x;
  ys[0] = from.y;
  let at = 1;
  for (const points of runSamples) {
    for (let k = 0; k < points.length; k += 2, at++) {
      xs[at] = points[k]!;
      ys[at] = points[k + 1]!;
    }
  }
  const backwards: [number, number] = [-end[0], -end[1]];
  /** The curve rounded, if it runs one way along both axes and stays within the tolerance at parameters u. */
  const limit = tolerance - SAMPLE_TOLERANCE;
  /**
   * The curve rounded and how far it strays (judged at parameters refined for it, against samples that may be
   * SAMPLE_TOLERANCE off), or null when it would turn back along an axis.
   */
  const judge = (curve: Cubic, u: Float64Array, steps: number, stop: number): [Cubic, number] | null => {
    const rounded = curve.map(Math.round) as Cubic;
    if (
      !inOrder(rounded[0], rounded[2], rounded[4], rounded[6]) ||
      !inOrder(rounded[1], rounded[3], rounded[5], rounded[7])
    )
      return null;
    nearest(rounded, count, u, steps);
    return [rounded, farthest(rounded, count, u, stop)];
  };
  let rounded: Cubic | null = null;
  if (guess) {
    // The curve the run's halves come from is often close enough as it is, without a fit; one far off says the run
    // is not one curve, which no fit would change.
    const [a, b] = guess.handles;
    const [x3, y3] = [last.x, last.y];
    const curve: Cubic = [
      from.x,
      from.y,
      from.x + start[0] * a,
      from.y + start[1] * a,
      x3 + backwards[0] * b,
      y3 + backwards[1] * b,
      x3,
      y3,
    ];
    params[0] = 0;
    for (let k = 0, at = 1; k < runSamples.length; k++) {
      const begin = k === 0 ? 0 : guess.ends[k - 1]!;
      const span = guess.ends[k]! - begin;
      const m = runSamples[k]!.length / 2;
      for (let j = 1; j <= m; j++, at++) params[at] = begin + (span * j) / m;
    }
    const judged = judge(curve, params, 2, HOPELESS * tolerance);
    if (judged && judged[1] <= limit) rounded = judged[0];
    else if (judged && judged[1] > HOPELESS * tolerance) return null;
  }
  if (!rounded) {
    const fit = fitHandles(count, start, backwards, guess?.handles ?? null, tolerance);
    const judged = fit && judge(fit, bestParams, 3, limit);
    if (judged && judged[1] <= limit) rounded = judged[0];
  }
  if (!rounded) return null;
  return { type: "C", x1: rounded[2], y1: rounded[3], x2: rounded[4], y2: rounded[5], x: rounded[6], y: rounded[7] };
}

/**
 * The cubic that two curves meeting smoothly would be halves of: a cubic split at t keeps t of its first handle and
 * 1 − t of its last, and the handles at the split are in the ratio t : 1 − t. Exact for curves cut from one cubic,
 * and a close start for the fit otherwise; null when a handle at the joint is missing.
 */
function joined(from: Point, left: CubicSegment, right: CubicSegment): { curve: CubicSegment; t: number } | null {
  const inner = length2(left.x - left.x2, left.y - left.y2);
  const outer = length2(right.x1 - left.x, right.y1 - left.y);
  if (inner === 0 || outer === 0) return null;
  const t = inner / (inner + outer);
  const curve: CubicSegment = {
    type: "C",
    x1: from.x + (left.x1 - from.x) / t,
    y1: from.y + (left.y1 - from.y) / t,
    x2: right.x + (right.x2 - right.x) / (1 - t),
    y2: right.y + (right.y2 - right.y) / (1 - t),
    x: right.x,
    y: right.y,
  };
  return { curve, t };
}

/**
 * A start for a run's fit: the handle lengths of its curves joined as if cut from one cubic, and where each curve
 * ends on it (parameter), so each sample's parameter is known before any Newton step.
 */
type Guess = { handles: [number, number]; ends: number[] };

/** A guess for `run` with one more curve, `next`, joined to the curve `so far` stands for; null when they cannot be. */
function extend(from: Point, soFar: CubicSegment, ends: readonly number[], next: CubicSegment) {
  const join = joined(from, soFar, next);
  if (!join) return null;
  return { curve: join.curve, ends: [...ends.map((e) => e * join.t), 1] };
}

/** The handle lengths of a curve from `from`, as the fit takes them. */
const handles = (from: Point, c: CubicSegment): [number, number] => [
  length2(c.x1 - from.x, c.y1 - from.y),
  length2(c.x2 - c.x, c.y2 - c.y),
];

/** Whether every point a run of lines passes is within `tolerance` of the line from its start to its end. */
function straight(from: Point, run: readonly Segment[], tolerance: number): boolean {
  const last = run[run.length - 1]!;
  return run.every((s) => toSegment(s.x, s.y, from.x, from.y, last.x, last.y) <= tolerance);
}

/** Whether the segments before and after a point meet smoothly: both curves, or both lines, going on the same way. */
function smoothJoint(beforeFrom: Point, before: Segment, after: Segment): boolean {
  if (before.type !== after.type) return false;
  const a = arriving(beforeFrom, before);
  const b = leaving(before, after);
  return a !== null && b !== null && a[0] * b[0] + a[1] * b[1] >= SMOOTH_COS;
}

/** One contour with merged runs; see mergeCurves. */
function mergeContour(contour: Contour, tolerance: number): Contour {
  const segments = contour.segments;
  const n = segments.length;
  if (n < 2) return contour;
  const closed = segments[n - 1]!.x === contour.start.x && segments[n - 1]!.y === contour.start.y;
  const startOf = (i: number): Point => (i === 0 ? contour.start : segments[i - 1]!);
  // Which way a segment goes along each axis: a curve going the other way than the one before meets it at an
  // extremum, which stays a point.
  const dx = segments.map((s, i) => Math.sign(s.x - startOf(i).x));
  const dy = segments.map((s, i) => Math.sign(s.y - startOf(i).y));
  const agrees = (a: number, b: number) => a === 0 || b === 0 || a === b;
  // joins[i]: whether segment i may be one with segment i − 1. An open contour's implied closing line meets its
  // first and last segments at corners.
  const joins = segments.map((s, i) => {
    const previous = (i + n - 1) % n;
    return (
      (closed || i > 0) &&
      agrees(dx[previous]!, dx[i]!) &&
      agrees(dy[previous]!, dy[i]!) &&
      smoothJoint(startOf(previous), segments[previous]!, s)
    );
  });
  const first = joins.indexOf(false);
  // A closed contour always turns back somewhere; one that seems not to is left alone.
  if (first < 0) return contour;
  const sampled: number[][] = [];
  const samplesOf = (i: number) => {
    sampled[i] ??= curveSamples(startOf(i), segments[i] as CubicSegment);
    return sampled[i];
  };
  /** The curve for segments[from…to) (indices past n wrap), or null when none fits. */
  const fit = (from: number, to: number, guess: Guess | null): CubicSegment | null => {
    const run: CubicSegment[] = [];
    const runSamples: number[][] = [];
    for (let j = from; j < to; j++) {
      run.push(segments[j % n] as CubicSegment);
      runSamples.push(samplesOf(j % n));
    }
    const candidate = fitRun(startOf(from % n), run, runSamples, guess, tolerance);
    // A merged curve must not meet its neighbours at a sharp joint of very unequal handles (extrema.ts splits such
    // joints for FontForge's crossing test).
    const previous = closed || from % n > 0 ? segments[(from + n - 1) % n]! : null;
    const next = closed || to % n > 0 ? segments[to % n]! : null;
    if (
      candidate &&
      ((previous?.type === "C" && sharpUnbalanced(previous, candidate)) || (next && sharpUnbalanced(candidate, next)))
    )
      return null;
    return candidate;
  };
  const merged: Segment[] = [];
  /** Segments[from…to) of one kind joined smoothly: as one when one fits, else greedily from the start. */
  const mergeRun = (from: number, to: number) => {
    const kind = segments[from % n]!.type;
    if (to - from > 2 && kind === "C") {
      // The start: the run's curves joined two by two as if cut from one cubic.
      const begin = startOf(from % n);
      let joinedSoFar: { curve: CubicSegment; ends: number[] } | null = {
        curve: segments[from % n] as CubicSegment,
        ends: [1],
      };
      for (let j = from + 1; j < to && joinedSoFar; j++) {
        joinedSoFar = extend(begin, joinedSoFar.curve, joinedSoFar.ends, segments[j % n] as CubicSegment);
      }
      const whole = fit(
        from,
        to,
        joinedSoFar && { handles: handles(begin, joinedSoFar.curve), ends: joinedSoFar.ends },
      );
      if (whole) {
        merged.push(whole);
        return;
      }
    }
    let runStart = from;
    let fitted: Segment = segments[from % n]!;
    // Where each curve of the run ends on the curve that stands for it so far.
    let ends = [1];
    for (let j = from + 1; j <= to; j++) {
      if (j < to) {
        const s = segments[j % n]!;
        const begin = startOf(runStart % n);
        let candidate: Segment | null = null;
        if (kind === "L") {
          const run = [];
          for (let m = runStart; m <= j; m++) run.push(segments[m % n]!);
          if (straight(begin, run, tolerance)) candidate = { type: "L", x: s.x, y: s.y };
        } else {
          const grown = extend(begin, fitted as CubicSegment, ends, s as CubicSegment);
          candidate = fit(runStart, j + 1, grown && { handles: handles(begin, grown.curve), ends: grown.ends });
          if (candidate && grown) ends = grown.ends;
        }
        if (candidate) {
          fitted = candidate;
          continue;
        }
      }
      merged.push(fitted);
      if (j < to) {
        runStart = j;
        fitted = segments[j % n]!;
        ends = [1];
      }
    }
  };
  let runFrom = first;
  for (let k = 1; k <= n; k++) {
    const i = first + k;
    if (k === n || !joins[i % n]) {
      mergeRun(runFrom, i);
      runFrom = i;
    }
  }
  if (merged.length === n) return contour;
  const begin = startOf(first);
  return { start: { x: begin.x, y: begin.y }, segments: merged };
}

/**
 * An integer outline with points at its extrema (withExtrema) with fewer points: neighbouring curves that meet
 * smoothly become one curve when one cubic with the same ends and end tangents stays within `tolerance` of both and
 * runs one way along both axes (so extrema stay points, handles along the axis), and lines that go on in the same
 * direction become one line. Corners, extrema and lines between curves stay; every point stays an integer.
 */
export function mergeCurves(outline: Outline, tolerance = MERGE_TOLERANCE): Outline {
  return outline.map((contour) => mergeContour(contour, tolerance));
}
