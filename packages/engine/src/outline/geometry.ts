import { cubicAt, cubicExtremaT } from "./bezier.ts";
import type { BBox, Contour, Outline, Point, Segment } from "./types.ts";

/** Exact bounding box of an outline (curve extrema included); null when it has no contour. */
export function outlineBounds(outline: Outline): BBox | null {
  let box: BBox | null = null;
  const add = (x: number, y: number) => {
    if (!box) box = { xMin: x, yMin: y, xMax: x, yMax: y };
    else {
      if (x < box.xMin) box.xMin = x;
      if (x > box.xMax) box.xMax = x;
      if (y < box.yMin) box.yMin = y;
      if (y > box.yMax) box.yMax = y;
    }
  };
  for (const contour of outline) {
    let from = contour.start;
    add(from.x, from.y);
    for (const s of contour.segments) {
      add(s.x, s.y);
      if (s.type === "C") {
        for (const t of cubicExtremaT(from.x, s.x1, s.x2, s.x)) add(cubicAt(from.x, s.x1, s.x2, s.x, t), from.y);
        for (const t of cubicExtremaT(from.y, s.y1, s.y2, s.y)) add(from.x, cubicAt(from.y, s.y1, s.y2, s.y, t));
        // The extra `add` above keeps only the extremal coordinate of interest; the other one is inside already.
      }
      from = s;
    }
  }
  return box;
}

/** Applies x' = a·x + c·y + e, y' = b·x + d·y + f to every point. */
export function transformOutline(
  outline: Outline,
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
): Outline {
  const map = (x: number, y: number): Point => ({ x: a * x + c * y + e, y: b * x + d * y + f });
  return outline.map((contour) => ({
    start: map(contour.start.x, contour.start.y),
    segments: contour.segments.map((s): Segment => {
      const end = map(s.x, s.y);
      if (s.type === "L") return { type: "L", ...end };
      const c1 = map(s.x1, s.y1);
      const c2 = map(s.x2, s.y2);
      return { type: "C", x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, ...end };
    }),
  }));
}

/** Moves an outline by (dx, dy). */
export function translateOutline(outline: Outline, dx: number, dy: number): Outline {
  return transformOutline(outline, 1, 0, 0, 1, dx, dy);
}

/**
 * Rounds every coordinate to an integer (font formats store integers), drops segments that collapse and turns curves
 * that fit in 2 units into lines.
 */
export function roundOutline(outline: Outline): Outline {
  const result: Outline = [];
  for (const contour of outline) {
    const start = { x: Math.round(contour.start.x), y: Math.round(contour.start.y) };
    const segments: Segment[] = [];
    let from = start;
    for (const s of contour.segments) {
      const x = Math.round(s.x);
      const y = Math.round(s.y);
      if (s.type === "L") {
        if (x === from.x && y === from.y) continue;
        segments.push({ type: "L", x, y });
      } else {
        const x1 = Math.round(s.x1);
        const y1 = Math.round(s.y1);
        const x2 = Math.round(s.x2);
        const y2 = Math.round(s.y2);
        const tiny =
          Math.max(from.x, x1, x2, x) - Math.min(from.x, x1, x2, x) <= 2 &&
          Math.max(from.y, y1, y2, y) - Math.min(from.y, y1, y2, y) <= 2;
        if (tiny) {
          // A curve within 2 units is noise once rounded: as a line it cannot loop back on itself.
          if (x === from.x && y === from.y) continue;
          segments.push({ type: "L", x, y });
        } else segments.push({ type: "C", x1, y1, x2, y2, x, y });
      }
      from = { x, y };
    }
    const last = segments.at(-1);
    if (last?.type === "L" && last.x === start.x && last.y === start.y) segments.pop();
    if (segments.length > 0 && !(segments.length === 1 && segments[0]!.type === "L")) result.push({ start, segments });
  }
  return result;
}

const binomial = (n: number, k: number): number =>
  k < 0 || k > n ? 0 : k === 0 || k === n ? 1 : binomial(n - 1, k - 1) + binomial(n - 1, k);
/** ∫ b3_i(t) · b3_j'(t) dt over [0, 1] for cubic Bernstein polynomials, so the area of a cubic is a bilinear form. */
const cubicAreaWeights: number[][] = [0, 1, 2, 3].map((i) =>
  [0, 1, 2, 3].map((j) => {
    // b3_j' = 3 (b2_{j-1} - b2_j) and ∫ b3_i b2_k = C(3,i) C(2,k) / (C(5,i+k) · 6).
    const term = (k: number) => (k < 0 || k > 2 ? 0 : (binomial(3, i) * binomial(2, k)) / (binomial(5, i + k) * 6));
    return 3 * (term(j - 1) - term(j));
  }),
);

/** Twice the signed area enclosed by a contour (positive = counter-clockwise with y up), exact for cubics. */
export function contourArea(contour: Contour): number {
  let area = 0;
  let from = contour.start;
  const closing: Segment[] = [...contour.segments, { type: "L", x: contour.start.x, y: contour.start.y }];
  for (const s of closing) {
    if (s.type === "L") {
      area += from.x * s.y - s.x * from.y;
    } else {
      const xs = [from.x, s.x1, s.x2, s.x];
      const ys = [from.y, s.y1, s.y2, s.y];
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) area += cubicAreaWeights[i]![j]! * (xs[i]! * ys[j]! - ys[i]! * xs[j]!);
      }
    }
    from = s;
  }
  return area;
}

/** The same contour traversed the other way round, from the same start point. */
export function reverseContour(contour: Contour): Contour {
  const points: Point[] = [contour.start, ...contour.segments.map((s) => ({ x: s.x, y: s.y }))];
  const n = contour.segments.length;
  const last = points[n]!;
  const segments: Segment[] = [];
  // An implicit closing line (last -> start) becomes the first segment once reversed.
  if (last.x !== contour.start.x || last.y !== contour.start.y) segments.push({ type: "L", x: last.x, y: last.y });
  for (let i = n - 1; i >= 0; i--) {
    const s = contour.segments[i]!;
    const to = points[i]!;
    if (s.type === "L") segments.push({ type: "L", x: to.x, y: to.y });
    else segments.push({ type: "C", x1: s.x2, y1: s.y2, x2: s.x1, y2: s.y1, x: to.x, y: to.y });
  }
  const tail = segments.at(-1);
  if (tail?.type === "L" && tail.x === contour.start.x && tail.y === contour.start.y) segments.pop();
  return { start: { ...contour.start }, segments };
}
