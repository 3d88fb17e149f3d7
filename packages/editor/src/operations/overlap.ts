import {
  contourArea,
  contoursFromOutline,
  findCrossingContours,
  fitClosedPolygon,
  flattenOutline,
  type GlyphDocument,
  orientOutline,
  outlineFromContours,
  reverseOutline,
  roundOutline,
  simplifyPolygon,
  strokesOutline,
  unionOutline,
} from "@handfont/engine/fonts";
import type { Change } from "../change/change.ts";

/** Flattening before the crossing test and the union, font units: invisible at any size. */
const FLATTEN_TOLERANCE = 0.1;
/** The merged rings are simplified and fitted with curves again, closely: this is a letter's own outline. */
const SIMPLIFY_TOLERANCE = 0.2;
const FIT_ERROR = 0.5;

/**
 * Removes overlaps between the letter's contours (and contours crossing themselves): the contours that cross are
 * replaced by their nonzero union, fitted with curves again; the others keep their points. The result is oriented
 * by nesting (outer contours counter-clockwise). No change when nothing crosses.
 */
export function removeOverlap(glyph: GlyphDocument): Change {
  if (glyph.contours.length === 0) return { ops: [] };
  const outline = outlineFromContours(glyph.contours);
  const crossing = findCrossingContours(flattenOutline(outline, FLATTEN_TOLERANCE));
  if (crossing.size === 0) return { ops: [] };
  const kept = outline.filter((_, index) => !crossing.has(index));
  const merged = unionOutline(
    outline.filter((_, index) => crossing.has(index)),
    FLATTEN_TOLERANCE,
  ).map((ring) => {
    const polygon = [ring.start, ...ring.segments.map((segment) => ({ x: segment.x, y: segment.y }))];
    return fitClosedPolygon(simplifyPolygon(polygon, SIMPLIFY_TOLERANCE), FIT_ERROR);
  });
  const contours = contoursFromOutline(orientOutline(roundOutline([...kept, ...merged])));
  return { ops: [{ op: "set", path: ["contours"], value: contours }] };
}

/**
 * Turns the letter's pen strokes into contours (their outline as the font gets it), so their points can be edited;
 * the strokes go. They follow the direction the contours already run, as outlineOf does.
 */
export function strokesToContours(glyph: GlyphDocument): Change {
  if (glyph.strokes.length === 0) return { ops: [] };
  let outline = strokesOutline(glyph.strokes);
  const existing = outlineFromContours(glyph.contours);
  if (existing.reduce((sum, contour) => sum + contourArea(contour), 0) < 0) outline = reverseOutline(outline);
  return {
    ops: [
      { op: "set", path: ["contours"], value: [...glyph.contours, ...contoursFromOutline(outline)] },
      { op: "set", path: ["strokes"], value: [] },
    ],
  };
}
