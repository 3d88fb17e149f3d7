import { GUIDE_CAP_HEIGHT } from "../template/page-geometry.ts";
import { type Contour, contoursBox } from "./contours.ts";
import type { Random } from "./random.ts";

/** Letters written past their box, as people write them: how often an eligible letter does it. */
export type CrossingOptions = { share: number };

/** A box's edges in its font units: y up from the printed baseline. */
export type BoxEdges = { top: number; bottom: number };

/** Below this (font units) a glyph has a descender. */
const DESCENDER_BELOW = -150;
/** A glyph whose body (the contours that start near the baseline) reaches this high is a capital. */
const CAPITAL_ABOVE = 0.85 * GUIDE_CAP_HEIGHT;

/**
 * Writes a glyph past its box the ways handwriting does: a descender drawn long, well below the box's bottom
 * (2–5 mm in a medium box); an accented capital written tall, its mark across or just past the box's top;
 * a "!" drawn tall, past the box's top. Other glyphs, and glyphs not drawn for the `share`, are returned unchanged.
 */
export function crossBox(
  contours: Contour[],
  chars: string,
  edges: BoxEdges,
  random: Random,
  options: CrossingOptions,
): Contour[] {
  if (random.next() >= options.share) return contours;
  const box = contoursBox(contours);
  if (box.yMin < DESCENDER_BELOW) {
    // Only the part below the baseline stretches, so the letter's body stays where it was written.
    const scale = (edges.bottom - random.range(150, 400)) / box.yMin;
    return contours.map((c) => c.map((v, i) => (i % 2 === 1 && v < 0 ? v * scale : v)));
  }
  // A mark over a capital (an accent, a diaeresis, a breve): contours starting above the capital's body.
  const body = contoursBox(contours.filter((c) => contoursBox([c]).yMin < 300));
  const marks = contours.filter((c) => contoursBox([c]).yMin > body.yMax - 30);
  if (body.yMax > CAPITAL_ABOVE && marks.length > 0) {
    // The capital written tall, its mark reaching past the box's top, straddling it or just above it.
    return stretchUp(contours, (edges.top + random.range(60, 250)) / contoursBox(marks).yMax);
  }
  if (chars === "!") return stretchUp(contours, (edges.top + random.range(100, 300)) / box.yMax);
  return contours;
}

/** The glyph with everything above the baseline stretched upward by `scale`. */
function stretchUp(contours: Contour[], scale: number): Contour[] {
  return contours.map((c) => c.map((v, i) => (i % 2 === 1 && v > 0 ? v * scale : v)));
}
