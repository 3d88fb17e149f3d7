import { flattenOutline, type Polygon, windingNumber } from "./flatten.ts";
import { contourArea, reverseContour } from "./geometry.ts";
import type { Contour, Outline, Point } from "./types.ts";

/** A point just inside the region bounded by a polygon's first non-degenerate edge, to test nesting robustly. */
function samplePoint(polygon: Polygon): Point {
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    if (a.x !== b.x || a.y !== b.y) return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  return polygon[0] ?? { x: 0, y: 0 };
}

/**
 * Orients contours by nesting depth, for outlines without overlaps: outer contours (even depth) run
 * counter-clockwise with y up, as PostScript/CFF expects; holes run the other way. `clockwiseOuter`
 * gives the TrueType convention instead.
 */
export function orientOutline(
  outline: Outline,
  clockwiseOuter = false,
  polygons: Polygon[] = flattenOutline(outline, 1),
): Outline {
  return outline.map((contour, index) => {
    const probe = samplePoint(polygons[index]!);
    let depth = 0;
    for (let other = 0; other < polygons.length; other++) {
      if (other !== index && windingNumber(polygons[other]!, probe) !== 0) depth++;
    }
    const wantsCounterClockwise = (depth % 2 === 0) !== clockwiseOuter;
    const isCounterClockwise = contourArea(contour) > 0;
    return isCounterClockwise === wantsCounterClockwise ? contour : reverseContour(contour);
  });
}

/** Reverses every contour (CFF and TrueType use opposite directions). */
export function reverseOutline(outline: Outline): Outline {
  return outline.map((contour: Contour) => reverseContour(contour));
}
