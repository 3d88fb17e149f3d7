import type { InkProfile } from "../outline/profile.ts";
import type { BBox } from "../outline/types.ts";

/** Parameters of optical spacing, in font units. */
export interface SpacingParameters {
  xHeight: number;
  capHeight: number;
  /** Extra units on both sides of every glyph (the project's letter spacing). */
  letterSpacing: number;
  /** Overrides SPACING_DEPTH. */
  depth?: number;
  /** Overrides SPACING_TARGET. */
  target?: number;
}

/** Share of the x-height that the white beside a glyph is measured into: deeper gaps count as this deep. */
export const SPACING_DEPTH = 0.28;
/** Average white (ink to bearing line, depth-limited) per side as a share of the x-height. */
export const SPACING_TARGET = 0.18;

/** The vertical zone whose white counts for spacing: x-height for lowercase, cap height for capitals and digits. */
function spacingZone(char: string, bbox: BBox, metrics: SpacingParameters): [number, number] {
  let zone: [number, number];
  if (/\p{Ll}/u.test(char)) zone = [0, metrics.xHeight];
  else if (/[\p{Lu}\p{Lt}\p{Nd}]/u.test(char)) zone = [0, metrics.capHeight];
  else zone = [bbox.yMin, bbox.yMax];
  const lo = Math.max(zone[0], bbox.yMin);
  const hi = Math.min(zone[1], bbox.yMax);
  return hi - lo >= 10 ? [lo, hi] : [bbox.yMin, bbox.yMax];
}

/**
 * The outermost ink of one side within the zone, and the average white from it to the ink band by band, each band
 * counted at most `depth` deep.
 */
function sideWhite(profile: InkProfile, zone: [number, number], side: "left" | "right", depth: number) {
  const first = Math.max(0, Math.floor((zone[0] - profile.yStart) / profile.step));
  const last = Math.min(profile.left.length - 1, Math.floor((zone[1] - profile.yStart) / profile.step));
  const xs = side === "left" ? profile.left : profile.right;
  let edge = Number.NaN;
  for (let band = first; band <= last; band++) {
    const x = xs[band]!;
    if (!Number.isNaN(x) && (Number.isNaN(edge) || (side === "left" ? x < edge : x > edge))) edge = x;
  }
  if (Number.isNaN(edge)) return null;
  let sum = 0;
  for (let band = first; band <= last; band++) {
    const x = xs[band]!;
    sum += Number.isNaN(x) ? depth : Math.min(depth, Math.abs(x - edge));
  }
  return { edge, white: sum / (last - first + 1) };
}

/**
 * Side bearings from the ink, in the manner of HT Letterspacer: the white between the ink and each bearing line,
 * averaged over the glyph's zone with gaps deeper than SPACING_DEPTH·x-height counted as that deep, is made the
 * same for every glyph. Round and open sides get less bearing than straight ones, so text looks evenly spaced.
 * The result is measured from the box (left = ink xMin to origin, right = xMax to advance) and may be negative.
 * `first`/`last` are the characters on the left and right side (they differ in a ligature).
 */
export function opticalSideBearings(
  profile: InkProfile,
  bbox: BBox,
  first: string,
  last: string,
  metrics: SpacingParameters,
): { left: number; right: number } {
  const depth = (metrics.depth ?? SPACING_DEPTH) * metrics.xHeight;
  const target = (metrics.target ?? SPACING_TARGET) * metrics.xHeight;
  // Bearings are set on the ink inside the zone; tails and loops outside it (descenders, ascender loops) may hang
  // over the bearing line, as the joining strokes of handwriting do.
  const left = sideWhite(profile, spacingZone(first, bbox, metrics), "left", depth);
  const right = sideWhite(profile, spacingZone(last, bbox, metrics), "right", depth);
  const leftEdge = left?.edge ?? bbox.xMin;
  const rightEdge = right?.edge ?? bbox.xMax;
  return {
    left: Math.round(target - (left?.white ?? 0) + metrics.letterSpacing - (leftEdge - bbox.xMin)),
    right: Math.round(target - (right?.white ?? 0) + metrics.letterSpacing - (bbox.xMax - rightEdge)),
  };
}
