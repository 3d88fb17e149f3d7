/// <reference path="../types/clipper-lib.d.ts" />
import ClipperLib from "clipper-lib";
import { curvesCross, outlinePieces } from "./curve-crossings.ts";
import { flattenOutline, type Polygon } from "./flatten.ts";
import type { Contour, Outline } from "./types.ts";

/** Legs (font units) below which a turn of more than 150° counts as a spike to merge away. */
export const SPIKE_LEG = 3;

/**
 * Indices of the contours that cross themselves or another contour, compared on their polygons. Edges are kept in
 * flat typed arrays and a grid, so a glyph of a few thousand edges is checked in well under a millisecond. With
 * `touching` false only edges that pass through each other count: points shared or lying on another edge, and spikes
 * between neighbours, do not.
 */
export function findCrossingContours(polygons: Polygon[], touching = true): Set<number> {
  let count = 0;
  for (const polygon of polygons) count += polygon.length;
  const crossing = new Set<number>();
  if (count === 0) return crossing;
  const ax = new Float64Array(count);
  const ay = new Float64Array(count);
  const bx = new Float64Array(count);
  const by = new Float64Array(count);
  const contourOf = new Int32Array(count);
  const indexOf = new Int32Array(count);
  let e = 0;
  let yMin = Number.POSITIVE_INFINITY;
  let yMax = Number.NEGATIVE_INFINITY;
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  polygons.forEach((polygon, contour) => {
    for (let i = 0; i < polygon.length; i++, e++) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      ax[e] = a.x;
      ay[e] = a.y;
      bx[e] = b.x;
      by[e] = b.y;
      contourOf[e] = contour;
      indexOf[e] = i;
      if (a.y < yMin) yMin = a.y;
      if (a.y > yMax) yMax = a.y;
      if (a.x < xMin) xMin = a.x;
      if (a.x > xMax) xMax = a.x;
    }
  });
  // A uniform grid over the glyph, cells about four average edges wide: each edge goes into the cells its box
  // touches, and only edges sharing a cell are compared, so the cost grows with the number of edges, not its square.
  let totalLength = 0;
  for (let k = 0; k < count; k++) totalLength += Math.abs(bx[k]! - ax[k]!) + Math.abs(by[k]! - ay[k]!);
  const cell = Math.max(1, (4 * totalLength) / count);
  const columns = Math.max(1, Math.floor((xMax - xMin) / cell) + 1);
  const rows = Math.max(1, Math.floor((yMax - yMin) / cell) + 1);
  // Cells as one counting sort: how many edges per cell, then the edges of each cell side by side.
  const c0s = new Int32Array(count);
  const c1s = new Int32Array(count);
  const r0s = new Int32Array(count);
  const r1s = new Int32Array(count);
  const starts = new Int32Array(columns * rows + 1);
  for (let k = 0; k < count; k++) {
    const c0 = Math.floor((Math.min(ax[k]!, bx[k]!) - xMin) / cell);
    const c1 = Math.floor((Math.max(ax[k]!, bx[k]!) - xMin) / cell);
    const r0 = Math.floor((Math.min(ay[k]!, by[k]!) - yMin) / cell);
    const r1 = Math.floor((Math.max(ay[k]!, by[k]!) - yMin) / cell);
    c0s[k] = c0;
    c1s[k] = c1;
    r0s[k] = r0;
    r1s[k] = r1;
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) starts[r * columns + c + 1]!++;
  }
  for (let i = 1; i < starts.length; i++) starts[i]! += starts[i - 1]!;
  const fill = starts.slice(0, -1);
  const entries = new Int32Array(starts[starts.length - 1]!);
  for (let k = 0; k < count; k++) {
    for (let r = r0s[k]!; r <= r1s[k]!; r++)
      for (let c = c0s[k]!; c <= c1s[k]!; c++) entries[fill[r * columns + c]!++] = k;
  }
  for (let cellIndex = 0; cellIndex < columns * rows; cellIndex++) {
    const first = starts[cellIndex]!;
    const last = starts[cellIndex + 1]!;
    for (let i = first; i < last; i++) {
      const p = entries[i]!;
      const pxMin = Math.min(ax[p]!, bx[p]!);
      const pxMax = Math.max(ax[p]!, bx[p]!);
      for (let j = i + 1; j < last; j++) {
        const q = entries[j]!;
        if (Math.max(ax[q]!, bx[q]!) < pxMin || pxMax < Math.min(ax[q]!, bx[q]!)) continue;
        const fx = bx[q]! - ax[q]!;
        const fy = by[q]! - ay[q]!;
        const ex = bx[p]! - ax[p]!;
        const ey = by[p]! - ay[p]!;
        if (contourOf[p] === contourOf[q]) {
          const n = polygons[contourOf[p]!]!.length;
          const gap = Math.abs(indexOf[p]! - indexOf[q]!);
          if (gap <= 1 || gap === n - 1) {
            if (!touching) continue;
            // Neighbours share a point; they only go wrong when the second turns back along the first: a spike
            // (straight back) or a hairpin with a leg shorter than SPIKE_LEG, whose curves end up crossing.
            const cross = ex * fy - ey * fx;
            const dot = ex * fx + ey * fy;
            const le = Math.hypot(ex, ey);
            const lf = Math.hypot(fx, fy);
            const hairpin = Math.min(le, lf) < SPIKE_LEG && Math.abs(cross) < 0.5 * le * lf;
            if (dot < 0 && (hairpin || Math.abs(cross) <= 1e-3 * le * lf)) crossing.add(contourOf[p]!);
            continue;
          }
        }
        // Touching counts as crossing too: FontForge and rasterisers treat shared points as intersections.
        const d1 = fx * (ay[p]! - ay[q]!) - fy * (ax[p]! - ax[q]!);
        const d2 = fx * (by[p]! - ay[q]!) - fy * (bx[p]! - ax[q]!);
        if (d1 * d2 > 0 || (!touching && d1 * d2 === 0)) continue;
        const d3 = ex * (ay[q]! - ay[p]!) - ey * (ax[q]! - ax[p]!);
        const d4 = ex * (by[q]! - ay[p]!) - ey * (bx[q]! - ax[p]!);
        if (d3 * d4 > 0 || (!touching && d3 * d4 === 0)) continue;
        if (d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0) {
          // Collinear: they meet only if their extents overlap along the line.
          const t0 = (ax[q]! - ax[p]!) * ex + (ay[q]! - ay[p]!) * ey;
          const t1 = (bx[q]! - ax[p]!) * ex + (by[q]! - ay[p]!) * ey;
          const length = ex * ex + ey * ey;
          if (Math.max(t0, t1) < 0 || Math.min(t0, t1) > length) continue;
        }
        crossing.add(contourOf[p]!);
        crossing.add(contourOf[q]!);
      }
    }
  }
  return crossing;
}

// Font outlines are stored in integer units: merging on the integer grid gives contours that need no rounding.
const clipperScale = 1;

type Ring = { X: number; Y: number }[];

/**
 * Rounds of uniting again what still meets after a union (see mergeContours): grown by 1, 2 and 4 units, then the
 * same with near points dropped before the union rather than after.
 */
const ROUNDS = [
  { grow: 1, cleanInput: false },
  { grow: 2, cleanInput: false },
  { grow: 4, cleanInput: false },
  { grow: 1, cleanInput: true },
  { grow: 2, cleanInput: true },
  { grow: 4, cleanInput: true },
];

/** The nonzero union of rings, strictly simple: no ring crosses or touches itself (rings may still share a vertex). */
function strictUnion(paths: Ring[]): Ring[] {
  const clipper = new ClipperLib.Clipper();
  clipper.StrictlySimple = true;
  clipper.AddPaths(paths, ClipperLib.PolyType.ptSubject, true);
  const solution: Ring[] = [];
  clipper.Execute(
    ClipperLib.ClipType.ctUnion,
    solution,
    ClipperLib.PolyFillType.pftNonZero,
    ClipperLib.PolyFillType.pftNonZero,
  );
  return solution.filter((ring) => ring.length >= 3);
}

/**
 * The nonzero union of rings on the integer grid, grown by `grow` units, with points closer than `clean` dropped from
 * the result (`cleanInput`: from the input instead, which keeps more points but never pulls a thin spike's edge across
 * its neighbours, as dropping them from the result can).
 */
function unite(paths: Ring[], grow: number, clean: number, cleanInput = false): Ring[] {
  let union = strictUnion(cleanInput ? ClipperLib.Clipper.CleanPolygons(paths, clean) : paths);
  if (grow > 0) {
    const offset = new ClipperLib.ClipperOffset(2, 0.25);
    offset.AddPaths(union, ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
    const grown: Ring[] = [];
    offset.Execute(grown, grow);
    union = strictUnion(grown);
  }
  return cleanInput ? union : ClipperLib.Clipper.CleanPolygons(union, clean).filter((ring) => ring.length >= 3);
}

const toRing = (polygon: Polygon): Ring =>
  polygon.map((p) => ({ X: Math.round(p.x * clipperScale), Y: Math.round(p.y * clipperScale) }));

const toContour = ([first, ...rest]: Ring): Contour => ({
  start: { x: first!.X / clipperScale, y: first!.Y / clipperScale },
  segments: rest.map((p) => ({ type: "L" as const, x: p.X / clipperScale, y: p.Y / clipperScale })),
});

/**
 * The contours listed in `crossing` and every contour whose box meets theirs, and so on: a contour outside that set
 * adds nothing to the winding inside it, so its nonzero union is the glyph's true fill there (a hole is united with
 * the contour around it and stays a hole).
 */
function withNeighbours(polygons: Polygon[], crossing: Set<number>): Set<number> {
  const boxes = polygons.map((polygon) => {
    let [xMin, yMin, xMax, yMax] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of polygon) {
      xMin = Math.min(xMin, p.x);
      yMin = Math.min(yMin, p.y);
      xMax = Math.max(xMax, p.x);
      yMax = Math.max(yMax, p.y);
    }
    return { xMin, yMin, xMax, yMax };
  });
  const meet = (a: number, b: number) =>
    boxes[a]!.xMin <= boxes[b]!.xMax &&
    boxes[b]!.xMin <= boxes[a]!.xMax &&
    boxes[a]!.yMin <= boxes[b]!.yMax &&
    boxes[b]!.yMin <= boxes[a]!.yMax;
  const set = new Set(crossing);
  const queue = [...crossing];
  while (queue.length > 0) {
    const index = queue.pop()!;
    for (let other = 0; other < polygons.length; other++) {
      if (!set.has(other) && polygons[other]!.length > 0 && meet(index, other)) {
        set.add(other);
        queue.push(other);
      }
    }
  }
  return set;
}

/**
 * Replaces the contours listed in `crossing`, with the contours around and inside them, by the nonzero union of
 * their polygons (`polygons[i]` flattens `outline[i]`); the other contours keep their curves. The result is checked
 * on its curves as FontForge checks a font: the union may leave separate rings that share a vertex (Clipper allows
 * it), and dropping near points may pull an edge onto a neighbour. Then the whole outline is united again, grown by
 * a unit (two, four; see ROUNDS), which joins a touch with a narrow neck: invisible at any size. Those rounds have
 * settled every case met so far (seeded scribbles, photos of sketchy hands, drawn strokes): no contour of the result
 * crosses or touches another or itself.
 */
export function mergeContours(outline: Outline, polygons: Polygon[], crossing: Set<number>, tolerance = 0.25): Outline {
  const clean = Math.max(1.1, tolerance * clipperScale);
  const merged = withNeighbours(polygons, crossing);
  const kept: Contour[] = outline.filter((_, index) => !merged.has(index));
  let result = [
    ...kept,
    ...unite(
      [...merged].map((index) => toRing(polygons[index]!)),
      0,
      clean,
    ).map(toContour),
  ];
  for (const { grow, cleanInput } of ROUNDS) {
    if (curvesCross(outlinePieces(result)).size === 0) return result;
    result = unite(flattenOutline(result, tolerance).map(toRing), grow * clipperScale, clean, cleanInput).map(
      toContour,
    );
  }
  return result;
}

/**
 * Removes overlaps and self-intersections: the contours that cross anything are replaced by the nonzero union
 * of their polygons (within `tolerance` units); the others keep their curves. Returns the input when nothing crosses.
 */
export function removeOverlaps(outline: Outline, tolerance = 0.25): Outline {
  const polygons = flattenOutline(outline, tolerance);
  const crossing = findCrossingContours(polygons);
  return crossing.size === 0 ? outline : mergeContours(outline, polygons, crossing, tolerance);
}
