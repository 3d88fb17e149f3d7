/// <reference path="../types/clipper-lib.d.ts" />
import ClipperLib from "clipper-lib";
import { flattenOutline, type Polygon } from "../outline/flatten.ts";
import { findCrossingContours } from "../outline/overlap.ts";
import type { Outline } from "../outline/types.ts";
import type { GlyphBox, PlacedOutline } from "./place-in-em.ts";

/**
 * The placed paths of a trace (one an outer contour with its holes) with no contour crossing itself or another.
 *
 * Potrace's curves can cross where its pixels do not: its corners and curves may each stray half a pixel from the
 * bitmap, so where two edges of the ink lie a pixel apart (a counter pinched shut, two strokes meeting at a point, a
 * hairline a pixel wide) a smoothed edge can pass through the other; and a sliver a pixel thin collapses onto itself
 * when rounded to whole font units. Under the nonzero fill such a crossing is ink the bitmap does not have (a hole
 * poking out of its letter), and a contour the font compiler must mend. A path that crosses, and those it crosses,
 * take the same path of `polygons()` (potrace's polygons, which keep closer to the bitmap); what crosses even so is
 * united into simple contours, filled where the windings add up to more than zero: ink where contours overlap, paper
 * where a hole strays out of its contour.
 */
export async function untangle(
  parts: PlacedOutline[],
  polygons: () => Promise<PlacedOutline[]>,
): Promise<PlacedOutline> {
  let crossing = crossingParts(parts);
  if (crossing.size === 0) return joinParts(parts);
  const plain = await polygons();
  // Replacing a path can make it cross one it did not (both strayed, each its own way): hence the rounds.
  for (;;) {
    const left = [...crossing].filter((i) => parts[i] !== plain[i]);
    if (left.length === 0) break;
    for (const i of left) parts[i] = plain[i]!;
    crossing = crossingParts(parts);
    if (crossing.size === 0) return joinParts(parts);
  }
  const tangled = [...crossing].flatMap((i) => flattenOutline(parts[i]!.outline));
  return joinParts([...parts.filter((_, i) => !crossing.has(i)), unite(tangled)]);
}

/** Indices of the placed paths whose contours cross themselves or another path's, flattened as the compiler does. */
function crossingParts(parts: readonly PlacedOutline[]): Set<number> {
  const polygons: Polygon[] = [];
  const owner: number[] = [];
  parts.forEach((part, i) => {
    for (const polygon of flattenOutline(part.outline)) {
      polygons.push(polygon);
      owner.push(i);
    }
  });
  return new Set([...findCrossingContours(polygons, false)].map((k) => owner[k]!));
}

/** The union of polygons (integer font units) where their windings add up to more than zero, as strictly simple contours. */
function unite(polygons: Polygon[]): PlacedOutline {
  const clipper = new ClipperLib.Clipper();
  clipper.StrictlySimple = true;
  clipper.AddPaths(
    polygons.map((polygon) => polygon.map((p) => ({ X: Math.round(p.x), Y: Math.round(p.y) }))),
    ClipperLib.PolyType.ptSubject,
    true,
  );
  const rings: { X: number; Y: number }[][] = [];
  clipper.Execute(
    ClipperLib.ClipType.ctUnion,
    rings,
    ClipperLib.PolyFillType.pftPositive,
    ClipperLib.PolyFillType.pftPositive,
  );
  let bbox: GlyphBox | null = null;
  const path: string[] = [];
  const outline: Outline = [];
  for (const [first, ...rest] of rings) {
    if (!first || rest.length < 2) continue;
    outline.push({
      start: { x: first.X, y: first.Y },
      segments: rest.map((p) => ({ type: "L" as const, x: p.X, y: p.Y })),
    });
    for (const p of [first, ...rest]) {
      path.push(`${p === first ? "M" : "L"}${p.X} ${p.Y}`);
      bbox = extend(bbox, { xMin: p.X, yMin: p.Y, xMax: p.X, yMax: p.Y });
    }
    path.push("Z");
  }
  return { path: path.join(""), bbox, outline };
}

function joinParts(parts: readonly PlacedOutline[]): PlacedOutline {
  let bbox: GlyphBox | null = null;
  for (const part of parts) if (part.bbox) bbox = extend(bbox, part.bbox);
  return { path: parts.map((part) => part.path).join(""), bbox, outline: parts.flatMap((part) => part.outline) };
}

function extend(box: GlyphBox | null, by: GlyphBox): GlyphBox {
  if (!box) return by;
  return {
    xMin: Math.min(box.xMin, by.xMin),
    yMin: Math.min(box.yMin, by.yMin),
    xMax: Math.max(box.xMax, by.xMax),
    yMax: Math.max(box.yMax, by.yMax),
  };
}
