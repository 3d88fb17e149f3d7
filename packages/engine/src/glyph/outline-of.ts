/// <reference path="../types/clipper-lib.d.ts" />
import ClipperLib from "clipper-lib";
import { orientOutline, reverseOutline } from "../outline/direction.ts";
import { fitClosedPolygon, simplifyPolygon } from "../outline/fit-curves.ts";
import type { Polygon } from "../outline/flatten.ts";
import { contourArea, roundOutline, transformOutline } from "../outline/geometry.ts";
import type { Outline } from "../outline/types.ts";
import { outlineFromContours } from "./contours.ts";
import type { GlyphAdjustments, GlyphDocument, PenStroke } from "./document.ts";
import { strokeOutline } from "./stroke-outline.ts";

/** Clipper works on integers: a hundredth of a font unit keeps the union exact to far below what rounding keeps. */
const CLIPPER_SCALE = 100;
/** Rings enclosing less than this many square units are slivers the union leaves where edges nearly coincide. */
const SLIVER_AREA = 4;
/** How far the simplified polygon may stray from the union (font units). */
const SIMPLIFY_TOLERANCE = 0.5;
/** How far the fitted curves may stray from the simplified polygon (font units). */
const FIT_ERROR = 2;

const toClipper = (polygon: Polygon) =>
  polygon.map((p) => ({ X: Math.round(p.x * CLIPPER_SCALE), Y: Math.round(p.y * CLIPPER_SCALE) }));

/**
 * The outline of a letter's pen strokes (research/editor.md): each stroke's pieces between sharp turns shaped by
 * perfect-freehand, every piece normalised and all of them united with the nonzero rule, slivers dropped, the rings
 * simplified and fitted with cubic curves (sharp joins kept), oriented by nesting, in whole font units.
 */
export function strokesOutline(strokes: readonly PenStroke[]): Outline {
  if (strokes.length === 0) return [];
  const clipper = new ClipperLib.Clipper();
  for (const stroke of strokes) {
    for (const piece of strokeOutline(stroke)) {
      if (piece.length < 3) continue;
      // Each piece alone first: a piece whose outline loops may run either way round, and two pieces of opposite
      // direction would cancel where they overlap in a single nonzero union.
      const normalised = ClipperLib.Clipper.SimplifyPolygon(toClipper(piece), ClipperLib.PolyFillType.pftNonZero);
      clipper.AddPaths(normalised, ClipperLib.PolyType.ptSubject, true);
    }
  }
  const union: { X: number; Y: number }[][] = [];
  clipper.Execute(
    ClipperLib.ClipType.ctUnion,
    union,
    ClipperLib.PolyFillType.pftNonZero,
    ClipperLib.PolyFillType.pftNonZero,
  );
  const outline: Outline = [];
  for (const ring of union) {
    if (Math.abs(ClipperLib.Clipper.Area(ring)) < SLIVER_AREA * CLIPPER_SCALE * CLIPPER_SCALE) continue;
    const polygon = ring.map((p) => ({ x: p.X / CLIPPER_SCALE, y: p.Y / CLIPPER_SCALE }));
    const simple = simplifyPolygon(polygon, SIMPLIFY_TOLERANCE);
    if (simple.length >= 3) outline.push(fitClosedPolygon(simple, FIT_ERROR));
  }
  return orientOutline(roundOutline(outline));
}

/** An outline with a letter's adjustments applied: scaled around the baseline origin, then shifted up. */
export function adjustOutline(outline: Outline, adjustments: GlyphAdjustments): Outline {
  const { scale, baselineShift } = adjustments;
  if (scale === 1 && baselineShift === 0) return outline;
  return transformOutline(outline, scale, 0, 0, scale, 0, baselineShift);
}

/**
 * The outline of a letter, the one function every consumer derives it with: its contours as they are (filled
 * nonzero, curves kept) together with the outline of its pen strokes, then its adjustments. The two parts run the
 * same way round, so together they fill their nonzero union; the compiler merges what overlaps.
 */
export function outlineOf(doc: GlyphDocument): Outline {
  const contours = outlineFromContours(doc.contours);
  let strokes = strokesOutline(doc.strokes);
  // The strokes' outer rings run counter-clockwise; contours drawn the other way round (TrueType's habit) would
  // cancel them where they overlap, so the strokes follow the contours' direction instead.
  if (strokes.length > 0 && contours.reduce((sum, contour) => sum + contourArea(contour), 0) < 0) {
    strokes = reverseOutline(strokes);
  }
  return adjustOutline([...contours, ...strokes], doc.adjustments);
}
