/// <reference path="../types/clipper-lib.d.ts" />
import ClipperLib from "clipper-lib";
import { flattenOutline } from "./flatten.ts";
import type { Outline } from "./types.ts";

/** Hundredths of a unit: the union keeps what the flattening kept, for an editor that fits curves again after. */
const SCALE = 100;

/**
 * The nonzero union of an outline's contours as polygons (line segments only), flattened within `tolerance` units
 * and computed on a grid of hundredths of a unit. Unlike the compiler's overlap removal it neither snaps to whole
 * units nor thins the vertices of gentle curves, so an editor can fit the curves back closely.
 */
export function unionOutline(outline: Outline, tolerance = 0.1): Outline {
  const clipper = new ClipperLib.Clipper();
  const paths = flattenOutline(outline, tolerance).map((polygon) =>
    polygon.map((p) => ({ X: Math.round(p.x * SCALE), Y: Math.round(p.y * SCALE) })),
  );
  clipper.AddPaths(paths, ClipperLib.PolyType.ptSubject, true);
  const solution: { X: number; Y: number }[][] = [];
  clipper.Execute(
    ClipperLib.ClipType.ctUnion,
    solution,
    ClipperLib.PolyFillType.pftNonZero,
    ClipperLib.PolyFillType.pftNonZero,
  );
  // Drops only vertices closer than a hundredth of a unit: duplicates and rounding noise.
  const cleaned = ClipperLib.Clipper.CleanPolygons(solution, 1);
  return cleaned
    .filter((path) => path.length >= 3)
    .map(([first, ...rest]) => ({
      start: { x: first!.X / SCALE, y: first!.Y / SCALE },
      segments: rest.map((p) => ({ type: "L" as const, x: p.X / SCALE, y: p.Y / SCALE })),
    }));
}
