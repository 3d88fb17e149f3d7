import { cubicAt, cubicExtremaT } from "./bezier.ts";
import type { CubicSegment, Outline, Point, Segment } from "./types.ts";

/**
 * Handle offsets (font units) up to which a handle is turned onto the axis instead of a point being added: the curve
 * moves by at most 4/9 of the offset, under a unit, as little as rounding to integers moves it.
 */
export const SNAP_HANDLE = 2;

/** Halvings of one curve at its extrema before it is left as it is (a cubic has at most four extrema). */
const MAX_SPLITS = 6;

/** Parameters this close to an end are the end itself (an extremum there is already a point). */
const END_T = 1e-6;

type Cubic = [number, number, number, number, number, number, number, number];

/** Whether four control values never turn back, so the curve through them has no extremum inside. */
export const inOrder = (a: number, b: number, c: number, d: number) =>
  (a <= b && b <= c && c <= d) || (a >= b && b >= c && c >= d);

/** The smallest parameter inside (END_T, 1 − END_T) where a cubic coordinate's derivative is zero, or 2 for none. */
function firstRoot(p0: number, p1: number, p2: number, p3: number): number {
  let first = 2;
  for (const t of cubicExtremaT(p0, p1, p2, p3)) if (t > END_T && t < 1 - END_T && t < first) first = t;
  return first;
}

/** The curve `c` split at t into two integer curves (de Casteljau) that keep its ends. */
function splitAt(c: Cubic, t: number): [Cubic, Cubic] {
  const left = [c[0], c[1], 0, 0, 0, 0, 0, 0] as Cubic;
  const right = [0, 0, 0, 0, 0, 0, c[6], c[7]] as Cubic;
  for (let axis = 0; axis < 2; axis++) {
    const [p0, p1, p2, p3] = [c[axis]!, c[axis + 2]!, c[axis + 4]!, c[axis + 6]!];
    const a = p0 + (p1 - p0) * t;
    const b = p1 + (p2 - p1) * t;
    const d = p2 + (p3 - p2) * t;
    const ab = a + (b - a) * t;
    const bd = b + (d - b) * t;
    const m = Math.round(ab + (bd - ab) * t);
    left[axis + 2] = Math.round(a);
    left[axis + 4] = Math.round(ab);
    left[axis + 6] = right[axis] = m;
    right[axis + 2] = Math.round(bd);
    right[axis + 4] = Math.round(d);
  }
  return [left, right];
}

/**
 * One integer cubic as integer cubics with a point at every extremum of x and y, each extremum point's handles along
 * the axis (so the point is the extremum, not a rounding away from it). An extremum right by an end whose handle lies
 * within SNAP_HANDLE of the axis (or that rounds onto the end) is moved onto the end by turning that handle instead:
 * splitting there would leave a curve of a unit or less, and an extremum that close to a point is what tools mistake
 * for a loop. `c` is the caller's to change.
 */
function splitAtExtrema(c: Cubic, out: Cubic[], depth = 0): void {
  for (; depth < MAX_SPLITS; depth++) {
    const tx = firstRoot(c[0], c[2], c[4], c[6]);
    const ty = firstRoot(c[1], c[3], c[5], c[7]);
    const t = Math.min(tx, ty);
    if (t > 1) break;
    const axis = tx <= ty ? 0 : 1;
    const nearStart = t < 0.5;
    // The handle at the near end, and how far it lies off the end along the axis.
    const handle = nearStart ? 2 + axis : 4 + axis;
    const end = nearStart ? axis : 6 + axis;
    const offset = Math.abs(c[handle]! - c[end]!);
    const mx = Math.round(cubicAt(c[0], c[2], c[4], c[6], t));
    const my = Math.round(cubicAt(c[1], c[3], c[5], c[7], t));
    // An extremum that rounds onto an end overshoots it by under a unit: the end becomes the extremum.
    const onEnd = (mx === c[0] && my === c[1]) || (mx === c[6] && my === c[7]);
    if (offset > 0 && (offset <= SNAP_HANDLE || onEnd)) {
      c[handle] = c[end]!;
      continue;
    }
    if (onEnd) break;
    const [left, right] = splitAt(c, t);
    // The handles on both sides of the new point lie along the axis: the point is where the curve turns back.
    left[4 + axis] = right[2 + axis] = axis === 0 ? mx : my;
    splitAtExtrema(left, out, depth + 1);
    splitAtExtrema(right, out, depth + 1);
    return;
  }
  out.push(c);
}

/**
 * A piece as a segment: a curve whose controls fit in 2 units is a line (as roundOutline has it: rounding noise, and
 * a curve that small can turn back on itself).
 */
function toSegment(c: Cubic): Segment {
  const tiny =
    Math.max(c[0], c[2], c[4], c[6]) - Math.min(c[0], c[2], c[4], c[6]) <= 2 &&
    Math.max(c[1], c[3], c[5], c[7]) - Math.min(c[1], c[3], c[5], c[7]) <= 2;
  return tiny
    ? { type: "L", x: c[6], y: c[7] }
    : { type: "C", x1: c[2], y1: c[3], x2: c[4], y2: c[5], x: c[6], y: c[7] };
}

/** The first of three values that differs from `point` (the side a curve lies on), or `point` when none does. */
const firstOther = (point: number, a: number, b: number, c: number) => (a !== point ? a : b !== point ? b : c);

/**
 * Whether two curves meet at an extremum of the contour along one axis (the contour comes from one side of the point
 * and goes back to it) with both handles within SNAP_HANDLE of the axis and not both on it yet: a rounded top or side
 * whose handles are to be turned onto the axis. `before` lists the incoming curve's controls from the point backwards,
 * `after` the outgoing curve's from the point onwards. A sharper corner is left as it is.
 */
function levelAt(point: number, in2: number, in1: number, inFrom: number, out1: number, out2: number, out3: number) {
  if (in2 === point && out1 === point) return false;
  if (Math.abs(in2 - point) > SNAP_HANDLE || Math.abs(out1 - point) > SNAP_HANDLE) return false;
  const comeFrom = Math.sign(point - firstOther(point, in2, in1, inFrom));
  const goTo = Math.sign(firstOther(point, out1, out2, out3) - point);
  return comeFrom !== 0 && comeFrom === -goTo;
}

/** Turns onto the axis both handles at the joint after segments[i] where levelAt says so (new segment objects). */
function alignJoint(segments: Segment[], i: number, beforeFrom: Point): boolean {
  const n = segments.length;
  const before = segments[i]!;
  const after = segments[(i + 1) % n]!;
  if (before.type !== "C" || after.type !== "C") return false;
  const x = levelAt(before.x, before.x2, before.x1, beforeFrom.x, after.x1, after.x2, after.x);
  const y = levelAt(before.y, before.y2, before.y1, beforeFrom.y, after.y1, after.y2, after.y);
  if (!x && !y) return false;
  segments[i] = { ...before, x2: x ? before.x : before.x2, y2: y ? before.y : before.y2 };
  segments[(i + 1) % n] = { ...after, x1: x ? before.x : after.x1, y1: y ? before.y : after.y1 };
  return true;
}

/**
 * Handle ratio above which a sharp joint (the contour turns back by more than a quarter turn) gets a point on the curve
 * with the long handle, a quarter of the way in handle terms: FontForge's crossing test walks the long curve in steps
 * too coarse for the short one there and reports the shared point as a crossing a little way along the short curve.
 */
export const SHARP_JOINT_RATIO = 8;

/** Whether curve `before` and segment `after` meet at a sharp joint with handles more than SHARP_JOINT_RATIO apart. */
export function sharpUnbalanced(before: CubicSegment, after: Segment): boolean {
  if (after.type !== "C") return false;
  const inX = before.x - before.x2;
  const inY = before.y - before.y2;
  const outX = after.x1 - before.x;
  const outY = after.y1 - before.y;
  if (inX * outX + inY * outY >= 0) return false;
  const lengthIn = Math.hypot(inX, inY);
  const lengthOut = Math.hypot(outX, outY);
  return (
    lengthIn > 0 && lengthOut > 0 && Math.max(lengthIn, lengthOut) > SHARP_JOINT_RATIO * Math.min(lengthIn, lengthOut)
  );
}

/** Splits, at sharp joints of curves, the curve whose handle is more than SHARP_JOINT_RATIO times the other's. */
function balanceSharpJoints(start: Point, segments: Segment[]): Segment[] {
  const n = segments.length;
  const closed = n > 0 && segments[n - 1]!.x === start.x && segments[n - 1]!.y === start.y;
  if (!closed || !segments.some((s, i) => s.type === "C" && sharpUnbalanced(s, segments[(i + 1) % n]!)))
    return segments;
  const cubics: (Cubic | null)[] = segments.map((s, i) => {
    const from = i === 0 ? start : segments[i - 1]!;
    return s.type === "C" ? [from.x, from.y, s.x1, s.y1, s.x2, s.y2, s.x, s.y] : null;
  });
  // Per segment, the parameter at which it is split near its start and near its end (0 / 1: not split).
  const splitStart = new Float64Array(n);
  const splitEnd = new Float64Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    const before = cubics[i];
    const after = cubics[(i + 1) % n];
    if (!before || !after) continue;
    const inX = before[6] - before[4];
    const inY = before[7] - before[5];
    const outX = after[2] - after[0];
    const outY = after[3] - after[1];
    const lengthIn = Math.hypot(inX, inY);
    const lengthOut = Math.hypot(outX, outY);
    if (lengthIn === 0 || lengthOut === 0 || inX * outX + inY * outY >= 0) continue;
    if (lengthIn > SHARP_JOINT_RATIO * lengthOut) splitEnd[i] = 1 - (4 * lengthOut) / lengthIn;
    else if (lengthOut > SHARP_JOINT_RATIO * lengthIn) splitStart[(i + 1) % n] = (4 * lengthIn) / lengthOut;
  }
  const result: Segment[] = [];
  for (let i = 0; i < n; i++) {
    const c = cubics[i];
    if (!c || (splitStart[i] === 0 && splitEnd[i] === 1)) {
      result.push(segments[i]!);
      continue;
    }
    // Both ends of one curve at sharp joints: one point serves both when the two would be out of order.
    const cuts = [splitStart[i]!, splitEnd[i]!].filter((t) => t > 0 && t < 1);
    if (cuts.length === 2 && cuts[0]! >= cuts[1]!) cuts.pop();
    let rest = c;
    let at = 0;
    for (const t of cuts) {
      const [left, right] = splitAt(rest, (t - at) / (1 - at));
      if (left[6] !== left[0] || left[7] !== left[1]) result.push(toSegment(left));
      rest = right;
      at = t;
    }
    result.push(toSegment(rest));
  }
  return result;
}

/**
 * An integer outline with on-curve points at the extrema of its curves, as type designers draw them and font tools
 * expect (FontForge flags a curve without them, and its crossing test splits curves there: a curve that turns back
 * by a fraction of a unit next to its end is what it mistakes for a loop). Each extremum point's handles lie along
 * the axis; extrema right by an end move onto it instead; curves that meet at a shallow extremum get aligned handles.
 * Lines are unchanged. Every point stays an integer; the curves move by less than a unit.
 */
export function withExtrema(outline: Outline): Outline {
  return outline.map((contour) => {
    const segments: Segment[] = [];
    let changed = false;
    let from = contour.start;
    for (const s of contour.segments) {
      // Most curves run one way along both axes (controls in order): they have no extremum inside and stay as given.
      if (s.type === "L" || (inOrder(from.x, s.x1, s.x2, s.x) && inOrder(from.y, s.y1, s.y2, s.y))) segments.push(s);
      else {
        const pieces: Cubic[] = [];
        splitAtExtrema([from.x, from.y, s.x1, s.y1, s.x2, s.y2, s.x, s.y], pieces);
        for (const piece of pieces) {
          if (piece[0] !== piece[6] || piece[1] !== piece[7]) segments.push(toSegment(piece));
        }
        changed = true;
      }
      from = s;
    }
    const n = segments.length;
    const closed = n > 0 && segments[n - 1]!.x === contour.start.x && segments[n - 1]!.y === contour.start.y;
    for (let i = 0; i < (closed ? n : n - 1); i++) {
      if (alignJoint(segments, i, i === 0 ? contour.start : segments[i - 1]!)) changed = true;
    }
    const balanced = balanceSharpJoints(contour.start, segments);
    // A contour that needed nothing is returned as it came (no copy to make or collect).
    return changed || balanced !== segments ? { start: { ...contour.start }, segments: balanced } : contour;
  });
}
