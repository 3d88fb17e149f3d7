import ClipperLib from "clipper-lib";
import { flattenOutline, type Polygon } from "./flatten.ts";
import type { Contour, Outline } from "./types.ts";

interface Edge {
  contour: number;
  index: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

function segmentsCross(e: Edge, f: Edge): boolean {
  const d1 = (f.bx - f.ax) * (e.ay - f.ay) - (f.by - f.ay) * (e.ax - f.ax);
  const d2 = (f.bx - f.ax) * (e.by - f.ay) - (f.by - f.ay) * (e.bx - f.ax);
  const d3 = (e.bx - e.ax) * (f.ay - e.ay) - (e.by - e.ay) * (f.ax - e.ax);
  const d4 = (e.bx - e.ax) * (f.by - e.ay) - (e.by - e.ay) * (f.bx - e.ax);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/**
 * Indices of the contours that cross themselves or another contour (compared on polygons within `tolerance`).
 * Edges are bucketed by height so a glyph of a few hundred edges is checked in well under a millisecond.
 */
export function findCrossingContours(polygons: Polygon[]): Set<number> {
  const edges: Edge[] = [];
  let yMin = Number.POSITIVE_INFINITY;
  let yMax = Number.NEGATIVE_INFINITY;
  polygons.forEach((polygon, contour) => {
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      edges.push({ contour, index: i, ax: a.x, ay: a.y, bx: b.x, by: b.y });
      yMin = Math.min(yMin, a.y);
      yMax = Math.max(yMax, a.y);
    }
  });
  const crossing = new Set<number>();
  if (edges.length === 0) return crossing;
  const bucketCount = Math.max(1, Math.min(64, Math.ceil(edges.length / 8)));
  const height = (yMax - yMin) / bucketCount || 1;
  const buckets: Edge[][] = Array.from({ length: bucketCount }, () => []);
  for (const edge of edges) {
    const lo = Math.min(bucketCount - 1, Math.floor((Math.min(edge.ay, edge.by) - yMin) / height));
    const hi = Math.min(bucketCount - 1, Math.floor((Math.max(edge.ay, edge.by) - yMin) / height));
    for (let k = lo; k <= hi; k++) buckets[k]!.push(edge);
  }
  for (const bucket of buckets) {
    for (let i = 0; i < bucket.length; i++) {
      const e = bucket[i]!;
      for (let j = i + 1; j < bucket.length; j++) {
        const f = bucket[j]!;
        if (e.contour === f.contour) {
          const n = polygons[e.contour]!.length;
          const gap = Math.abs(e.index - f.index);
          if (gap <= 1 || gap === n - 1) continue; // neighbours share a point
        }
        if (Math.max(e.ax, e.bx) < Math.min(f.ax, f.bx) || Math.max(f.ax, f.bx) < Math.min(e.ax, e.bx)) continue;
        if (segmentsCross(e, f)) {
          crossing.add(e.contour);
          crossing.add(f.contour);
        }
      }
    }
  }
  return crossing;
}

const clipperScale = 64;

/**
 * Replaces the contours listed in `crossing` by the nonzero union of their polygons (`polygons[i]` flattens
 * `outline[i]`); the other contours keep their curves.
 */
export function mergeContours(outline: Outline, polygons: Polygon[], crossing: Set<number>, tolerance = 0.25): Outline {
  const kept: Contour[] = outline.filter((_, index) => !crossing.has(index));
  const clipper = new ClipperLib.Clipper();
  const paths = [...crossing].map((index) =>
    polygons[index]!.map((p) => ({ X: Math.round(p.x * clipperScale), Y: Math.round(p.y * clipperScale) })),
  );
  clipper.AddPaths(paths, ClipperLib.PolyType.ptSubject, true);
  const solution: { X: number; Y: number }[][] = [];
  clipper.Execute(
    ClipperLib.ClipType.ctUnion,
    solution,
    ClipperLib.PolyFillType.pftNonZero,
    ClipperLib.PolyFillType.pftNonZero,
  );
  const cleaned = ClipperLib.Clipper.CleanPolygons(solution, tolerance * clipperScale);
  for (const path of cleaned) {
    if (path.length < 3) continue;
    const [first, ...rest] = path;
    kept.push({
      start: { x: first!.X / clipperScale, y: first!.Y / clipperScale },
      segments: rest.map((p) => ({ type: "L" as const, x: p.X / clipperScale, y: p.Y / clipperScale })),
    });
  }
  return kept;
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
