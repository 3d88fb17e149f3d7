import type { TrueTypePoint } from "./glyf.ts";

/** A quadratic piece (a line has its control point at the middle) with its contour and place along it. */
interface Piece {
  x0: number;
  y0: number;
  cx: number;
  cy: number;
  x1: number;
  y1: number;
  contour: number;
  index: number;
}

/** Tolerance (font units) below which a quadratic counts as its chord. */
const FLAT = 0.02;

function pieces(contours: TrueTypePoint[][]): Piece[] {
  const out: Piece[] = [];
  contours.forEach((contour, c) => {
    const n = contour.length;
    let start = contour.findIndex((p) => p.on);
    if (start < 0) start = 0;
    // Walk from an on-curve point; implied on-curve points sit between two off-curve points.
    let from = contour[start]!.on
      ? contour[start]!
      : {
          x: (contour[(start - 1 + n) % n]!.x + contour[start]!.x) / 2,
          y: (contour[(start - 1 + n) % n]!.y + contour[start]!.y) / 2,
          on: true,
        };
    let index = 0;
    for (let k = 1; k <= n; k++) {
      const p = contour[(start + k) % n]!;
      if (p.on) {
        out.push({
          x0: from.x,
          y0: from.y,
          cx: (from.x + p.x) / 2,
          cy: (from.y + p.y) / 2,
          x1: p.x,
          y1: p.y,
          contour: c,
          index: index++,
        });
        from = p;
        continue;
      }
      const next = contour[(start + k + 1) % n]!;
      const end = next.on ? next : { x: (p.x + next.x) / 2, y: (p.y + next.y) / 2, on: true };
      out.push({ x0: from.x, y0: from.y, cx: p.x, cy: p.y, x1: end.x, y1: end.y, contour: c, index: index++ });
      from = end;
      if (next.on) k++;
    }
  });
  return out;
}

type Quad = [number, number, number, number, number, number];

const split = (q: Quad): [Quad, Quad] => {
  const [x0, y0, cx, cy, x1, y1] = q;
  const ax = (x0 + cx) / 2;
  const ay = (y0 + cy) / 2;
  const bx = (cx + x1) / 2;
  const by = (cy + y1) / 2;
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  return [
    [x0, y0, ax, ay, mx, my],
    [mx, my, bx, by, x1, y1],
  ];
};

/** The part of a quadratic between parameters t0 and t1. */
function subQuad(q: Quad, t0: number, t1: number): Quad {
  const at = (t: number, a: number, c: number, b: number) => (1 - t) * (1 - t) * a + 2 * (1 - t) * t * c + t * t * b;
  const slope = (t: number, a: number, c: number, b: number) => 2 * ((1 - t) * (c - a) + t * (b - c));
  const h = (t1 - t0) / 2;
  const x0 = at(t0, q[0], q[2], q[4]);
  const y0 = at(t0, q[1], q[3], q[5]);
  return [
    x0,
    y0,
    x0 + h * slope(t0, q[0], q[2], q[4]),
    y0 + h * slope(t0, q[1], q[3], q[5]),
    at(t1, q[0], q[2], q[4]),
    at(t1, q[1], q[3], q[5]),
  ];
}

const flatness = (q: Quad) => Math.abs(q[2] - (q[0] + q[4]) / 2) + Math.abs(q[3] - (q[1] + q[5]) / 2);

function boxesMeet(a: Quad, b: Quad): boolean {
  return (
    Math.max(a[0], a[2], a[4]) >= Math.min(b[0], b[2], b[4]) &&
    Math.max(b[0], b[2], b[4]) >= Math.min(a[0], a[2], a[4]) &&
    Math.max(a[1], a[3], a[5]) >= Math.min(b[1], b[3], b[5]) &&
    Math.max(b[1], b[3], b[5]) >= Math.min(a[1], a[3], a[5])
  );
}

function chordsMeet(a: Quad, b: Quad): boolean {
  const o = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    (qx - px) * (ry - py) - (qy - py) * (rx - px);
  const d1 = o(b[0], b[1], b[4], b[5], a[0], a[1]);
  const d2 = o(b[0], b[1], b[4], b[5], a[4], a[5]);
  const d3 = o(a[0], a[1], a[4], a[5], b[0], b[1]);
  const d4 = o(a[0], a[1], a[4], a[5], b[4], b[5]);
  return d1 * d2 <= 0 && d3 * d4 <= 0;
}

/** Whether two quadratics meet (touching counts), by subdividing until both are flat. */
function quadsMeet(a: Quad, b: Quad, depth = 0): boolean {
  if (!boxesMeet(a, b)) return false;
  const fa = flatness(a);
  const fb = flatness(b);
  if ((fa <= FLAT && fb <= FLAT) || depth > 24) return chordsMeet(a, b);
  if (fa >= fb) {
    const [a1, a2] = split(a);
    return quadsMeet(a1, b, depth + 1) || quadsMeet(a2, b, depth + 1);
  }
  const [b1, b2] = split(b);
  return quadsMeet(a, b1, depth + 1) || quadsMeet(a, b2, depth + 1);
}

/**
 * Whether any TrueType contour crosses or touches itself or another, tested on the quadratic curves themselves.
 * Neighbouring pieces share an end point; they are tested without a small part next to it. Pieces are swept by
 * their left edge, so only pieces whose extents overlap are compared.
 */
export function trueTypeContoursCross(contours: TrueTypePoint[][]): boolean {
  const all = pieces(contours);
  const counts = contours.map((_, c) => all.filter((piece) => piece.contour === c).length);
  // A joint where the curve turns back on itself by more than 150° (a cusp left by rounding) makes the two pieces
  // overlap right next to their shared point, closer than any trimming would see.
  for (let k = 0; k < all.length; k++) {
    const a = all[k]!;
    const b = all[k + 1]?.contour === a.contour ? all[k + 1]! : all.find((piece) => piece.contour === a.contour)!;
    let inX = a.x1 - a.cx;
    let inY = a.y1 - a.cy;
    if (inX === 0 && inY === 0) [inX, inY] = [a.x1 - a.x0, a.y1 - a.y0];
    let outX = b.cx - b.x0;
    let outY = b.cy - b.y0;
    if (outX === 0 && outY === 0) [outX, outY] = [b.x1 - b.x0, b.y1 - b.y0];
    const dot = inX * outX + inY * outY;
    const cross = inX * outY - inY * outX;
    if (dot < 0 && Math.abs(cross) < 0.5 * Math.hypot(inX, inY) * Math.hypot(outX, outY)) return true;
  }
  const quad = (p: Piece): Quad => [p.x0, p.y0, p.cx, p.cy, p.x1, p.y1];
  // Pieces sorted by left edge, compared while their x extents overlap (a sweep).
  const sorted = all
    .map((piece) => ({ piece, lo: Math.min(piece.x0, piece.cx, piece.x1), hi: Math.max(piece.x0, piece.cx, piece.x1) }))
    .sort((a, b) => a.lo - b.lo);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.lo <= a.hi; j++) {
      const b = sorted[j]!;
      let qa = quad(a.piece);
      let qb = quad(b.piece);
      if (!boxesMeet(qa, qb)) continue;
      if (a.piece.contour === b.piece.contour) {
        const n = counts[a.piece.contour]!;
        const gap = Math.abs(a.piece.index - b.piece.index);
        if (n <= 2) continue;
        if (gap === 1 || gap === n - 1) {
          // Neighbours share a point: test them without the sixteenth of each next to it.
          const aFirst = (a.piece.index + 1) % n === b.piece.index;
          qa = aFirst ? subQuad(qa, 0, 15 / 16) : subQuad(qa, 1 / 16, 1);
          qb = aFirst ? subQuad(qb, 1 / 16, 1) : subQuad(qb, 0, 15 / 16);
        }
      }
      if (quadsMeet(qa, qb)) return true;
    }
  }
  return false;
}
