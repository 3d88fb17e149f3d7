import type { Outline } from "./types.ts";

/** A cubic piece of a contour: x0 y0, two controls, x3 y3. Lines and quadratics are stored as exact cubics. */
export type CubicPiece = [number, number, number, number, number, number, number, number];

/** Control legs (font units) below which a turn of more than 150° at a joint counts as a cusp. */
export const CUSP_LEG = 3;
/** Tolerance (font units) below which a cubic counts as its chord. */
const FLAT = 0.02;

/** The pieces of each contour of an outline, as cubics, moved right by dx. */
export function outlinePieces(outline: Outline, dx = 0): CubicPiece[][] {
  return outline.map((contour) => {
    const pieces: CubicPiece[] = [];
    let fx = contour.start.x + dx;
    let fy = contour.start.y;
    const closing = contour.segments.at(-1);
    const segments =
      closing && (closing.x !== contour.start.x || closing.y !== contour.start.y)
        ? [...contour.segments, { type: "L" as const, x: contour.start.x, y: contour.start.y }]
        : contour.segments;
    for (const s of segments) {
      const x = s.x + dx;
      if (s.type === "L")
        pieces.push([
          fx,
          fy,
          fx + (x - fx) / 3,
          fy + (s.y - fy) / 3,
          fx + (2 * (x - fx)) / 3,
          fy + (2 * (s.y - fy)) / 3,
          x,
          s.y,
        ]);
      else pieces.push([fx, fy, s.x1 + dx, s.y1, s.x2 + dx, s.y2, x, s.y]);
      fx = x;
      fy = s.y;
    }
    return pieces;
  });
}

function split(c: CubicPiece): [CubicPiece, CubicPiece] {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = c;
  const ax = (x0 + x1) / 2;
  const ay = (y0 + y1) / 2;
  const bx = (x1 + x2) / 2;
  const by = (y1 + y2) / 2;
  const cx = (x2 + x3) / 2;
  const cy = (y2 + y3) / 2;
  const dx = (ax + bx) / 2;
  const dy = (ay + by) / 2;
  const ex = (bx + cx) / 2;
  const ey = (by + cy) / 2;
  const mx = (dx + ex) / 2;
  const my = (dy + ey) / 2;
  return [
    [x0, y0, ax, ay, dx, dy, mx, my],
    [mx, my, ex, ey, cx, cy, x3, y3],
  ];
}

const flatness = (c: CubicPiece) =>
  Math.abs(c[2] - (2 * c[0] + c[6]) / 3) +
  Math.abs(c[3] - (2 * c[1] + c[7]) / 3) +
  Math.abs(c[4] - (c[0] + 2 * c[6]) / 3) +
  Math.abs(c[5] - (c[1] + 2 * c[7]) / 3);

function boxesMeet(a: CubicPiece, b: CubicPiece): boolean {
  return (
    Math.max(a[0], a[2], a[4], a[6]) >= Math.min(b[0], b[2], b[4], b[6]) &&
    Math.max(b[0], b[2], b[4], b[6]) >= Math.min(a[0], a[2], a[4], a[6]) &&
    Math.max(a[1], a[3], a[5], a[7]) >= Math.min(b[1], b[3], b[5], b[7]) &&
    Math.max(b[1], b[3], b[5], b[7]) >= Math.min(a[1], a[3], a[5], a[7])
  );
}

function chordsMeet(a: CubicPiece, b: CubicPiece): boolean {
  const o = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    (qx - px) * (ry - py) - (qy - py) * (rx - px);
  return (
    o(b[0], b[1], b[6], b[7], a[0], a[1]) * o(b[0], b[1], b[6], b[7], a[6], a[7]) <= 0 &&
    o(a[0], a[1], a[6], a[7], b[0], b[1]) * o(a[0], a[1], a[6], a[7], b[6], b[7]) <= 0
  );
}

/** The total turning (radians) of a cubic's control polygon, which bounds how far the curve itself turns. */
function turning(c: CubicPiece): number {
  let total = 0;
  let previous: [number, number] | null = null;
  for (let k = 0; k < 6; k += 2) {
    const leg: [number, number] = [c[k + 2]! - c[k]!, c[k + 3]! - c[k + 1]!];
    if (leg[0] === 0 && leg[1] === 0) continue;
    if (previous)
      total += Math.abs(
        Math.atan2(previous[0] * leg[1] - previous[1] * leg[0], previous[0] * leg[0] + previous[1] * leg[1]),
      );
    previous = leg;
  }
  return total;
}

/** Halving depth at which a piece that still turns back on itself (a cusp) is left as it is. */
const MAX_REFINE_DEPTH = 6;

/** A piece as halves that each turn less than 0.9 of a half turn (so none can meet itself), in order. */
function refinePiece(piece: CubicPiece, out: CubicPiece[], depth = 0): void {
  if (depth >= MAX_REFINE_DEPTH || turning(piece) < 0.9 * Math.PI) {
    out.push(piece);
    return;
  }
  const [first, second] = split(piece);
  refinePiece(first, out, depth + 1);
  refinePiece(second, out, depth + 1);
}

/**
 * A contour's pieces cut so that the pairwise test below sees every crossing: a piece that loops over itself (a
 * cubic whose controls cross) is halved until no half can, and a contour of fewer than three pieces (a teardrop, a
 * line and a curve) has its longest pieces halved, since the test skips pieces sharing both ends. The curve is
 * unchanged.
 */
function refineContour(pieces: CubicPiece[]): CubicPiece[] {
  const refined: CubicPiece[] = [];
  for (const piece of pieces) refinePiece(piece, refined);
  while (refined.length > 0 && refined.length < 3) {
    const chord = (c: CubicPiece) => Math.abs(c[6] - c[0]) + Math.abs(c[7] - c[1]) + flatness(c);
    const longest = refined.reduce((best, c, k) => (chord(c) > chord(refined[best]!) ? k : best), 0);
    refined.splice(longest, 1, ...split(refined[longest]!));
  }
  return refined;
}

/** Whether two cubics meet (touching counts), by subdividing until both are flat. */
function cubicsMeet(a: CubicPiece, b: CubicPiece, depth = 0): boolean {
  if (!boxesMeet(a, b)) return false;
  const fa = flatness(a);
  const fb = flatness(b);
  if ((fa <= FLAT && fb <= FLAT) || depth > 40) return chordsMeet(a, b);
  if (fa >= fb) {
    const [a1, a2] = split(a);
    return cubicsMeet(a1, b, depth + 1) || cubicsMeet(a2, b, depth + 1);
  }
  const [b1, b2] = split(b);
  return cubicsMeet(a, b1, depth + 1) || cubicsMeet(a, b2, depth + 1);
}

/** Halvings toward the joint of two neighbouring pieces below which they are taken to meet only there. */
const JOINT_DEPTH = 12;

/**
 * Whether `first`, which ends where `second` starts, meets it anywhere but at that shared point: the halves away
 * from the joint are tested whole, the halves at it are halved again (a hairpin that crosses right after its turn).
 */
function meetBeyondJoint(first: CubicPiece, second: CubicPiece, depth = 0): boolean {
  if (depth >= JOINT_DEPTH) return false;
  const [firstFar, firstNear] = split(first);
  const [secondNear, secondFar] = split(second);
  return (
    cubicsMeet(firstFar, second) ||
    cubicsMeet(firstNear, secondFar) ||
    meetBeyondJoint(firstNear, secondNear, depth + 1)
  );
}

/**
 * The contours that cross or touch themselves or another, tested on the curves themselves: the test FontForge's
 * validation makes. Two pieces of one contour joined by an arc that turns less than half a turn cannot meet and are
 * skipped. Neighbouring pieces share an end point and are tested everywhere but there; a joint
 * of a curve that turns back by more than 150° on a leg shorter than CUSP_LEG counts as crossing (rounding noise that
 * overlaps right at the joint). Pieces are swept by their left edge, so only pieces whose extents overlap are compared.
 */
export function curvesCross(contours: CubicPiece[][]): Set<number> {
  const crossing = new Set<number>();
  type Entry = {
    piece: CubicPiece;
    contour: number;
    index: number;
    lo: number;
    hi: number;
    bottom: number;
    top: number;
  };
  const entries: Entry[] = [];
  // Per contour, running sums of how much the curve turns (pieces and joints), for the half-turn rule below.
  const sums: Float64Array[] = [];
  const jointTurns: Float64Array[] = [];
  const refinedContours = contours.map(refineContour);
  for (let c = 0; c < refinedContours.length; c++) {
    const pieces = refinedContours[c]!;
    const n = pieces.length;
    const joints = new Float64Array(n);
    const sum = new Float64Array(n + 1);
    for (let k = 0; k < n; k++) {
      const a = pieces[k]!;
      entries.push({
        piece: a,
        contour: c,
        index: k,
        lo: Math.min(a[0], a[2], a[4], a[6]),
        hi: Math.max(a[0], a[2], a[4], a[6]),
        bottom: Math.min(a[1], a[3], a[5], a[7]),
        top: Math.max(a[1], a[3], a[5], a[7]),
      });
      // The joint from this piece into the next one.
      const b = pieces[(k + 1) % n]!;
      let inX = a[6] - a[4];
      let inY = a[7] - a[5];
      if (inX === 0 && inY === 0) [inX, inY] = [a[6] - a[0], a[7] - a[1]];
      let outX = b[2] - b[0];
      let outY = b[3] - b[1];
      if (outX === 0 && outY === 0) [outX, outY] = [b[6] - b[0], b[7] - b[1]];
      const lengthIn = Math.hypot(inX, inY);
      const lengthOut = Math.hypot(outX, outY);
      const dot = inX * outX + inY * outY;
      const cross = inX * outY - inY * outX;
      joints[(k + 1) % n] = Math.abs(Math.atan2(cross, dot));
      // Two straight pieces meet only at their shared point however sharply they turn (a spike of a polygon); an
      // exact turn back along the line is caught by the pairwise test.
      if (
        n > 2 &&
        (flatness(a) > 0 || flatness(b) > 0) &&
        dot < 0 &&
        Math.abs(cross) < 0.5 * lengthIn * lengthOut &&
        Math.min(lengthIn, lengthOut) < CUSP_LEG
      ) {
        crossing.add(c);
      }
    }
    for (let k = 0; k < n; k++) sum[k + 1] = sum[k]! + joints[k]! + turning(pieces[k]!);
    sums.push(sum);
    jointTurns.push(joints);
  }
  // How much the contour turns along the shorter way from piece i to piece j (both included).
  const arcTurn = (c: number, i: number, j: number) => {
    const [lo, hi] = i < j ? [i, j] : [j, i];
    const sum = sums[c]!;
    const joints = jointTurns[c]!;
    const forward = sum[hi + 1]! - sum[lo]! - joints[lo]!;
    const backward = sum[sum.length - 1]! - (sum[hi]! - sum[lo + 1]!) - joints[hi]!;
    return Math.min(forward, backward);
  };
  entries.sort((a, b) => a.lo - b.lo);
  for (let i = 0; i < entries.length; i++) {
    const a = entries[i]!;
    for (let j = i + 1; j < entries.length && entries[j]!.lo <= a.hi; j++) {
      const b = entries[j]!;
      if (b.bottom > a.top || a.bottom > b.top || (crossing.has(a.contour) && crossing.has(b.contour))) continue;
      if (a.contour === b.contour) {
        const n = refinedContours[a.contour]!.length;
        // An arc that turns less than half a turn cannot meet itself: such pairs need no subdividing.
        if (arcTurn(a.contour, a.index, b.index) < 0.9 * Math.PI) continue;
        const gap = Math.abs(a.index - b.index);
        if (gap === 1 || gap === n - 1) {
          const aFirst = (a.index + 1) % n === b.index;
          if (aFirst ? meetBeyondJoint(a.piece, b.piece) : meetBeyondJoint(b.piece, a.piece)) {
            crossing.add(a.contour);
          }
          continue;
        }
      }
      if (cubicsMeet(a.piece, b.piece)) {
        crossing.add(a.contour);
        crossing.add(b.contour);
      }
    }
  }
  return crossing;
}
