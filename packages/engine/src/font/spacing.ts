import type { InkProfile } from "../outline/profile.ts";
import type { BBox } from "../outline/types.ts";

/** Parameters of optical spacing, in font units. */
export interface SpacingParameters {
  xHeight: number;
  capHeight: number;
  /** Extra units on both sides of every glyph (the project's letter spacing). */
  letterSpacing: number;
}

/** Share of the x-height that the white beside a glyph is measured into: deeper gaps count as this deep. */
export const SPACING_DEPTH = 0.3;
/** Average white (ink to bearing line, depth-limited) per side as a share of the x-height. */
export const SPACING_TARGET = 0.27;

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

function averageWhite(
  profile: InkProfile,
  zone: [number, number],
  edge: number,
  side: "left" | "right",
  depth: number,
): number {
  const first = Math.max(0, Math.floor((zone[0] - profile.yStart) / profile.step));
  const last = Math.min(profile.left.length - 1, Math.floor((zone[1] - profile.yStart) / profile.step));
  let sum = 0;
  let count = 0;
  for (let band = first; band <= last; band++) {
    const x = side === "left" ? profile.left[band]! : profile.right[band]!;
    const white = Number.isNaN(x) ? depth : Math.min(depth, side === "left" ? x - edge : edge - x);
    sum += white;
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * Side bearings from the ink, in the manner of HT Letterspacer: the white between the ink and each bearing line,
 * averaged over the glyph's zone with gaps deeper than SPACING_DEPTH·x-height counted as that deep, is made the
 * same for every glyph. Round and open sides get less bearing than straight ones, so text looks evenly spaced.
 * `first`/`last` are the characters on the left and right side (they differ in a ligature).
 */
export function opticalSideBearings(
  profile: InkProfile,
  bbox: BBox,
  first: string,
  last: string,
  metrics: SpacingParameters,
): { left: number; right: number } {
  const depth = SPACING_DEPTH * metrics.xHeight;
  const target = SPACING_TARGET * metrics.xHeight;
  const leftWhite = averageWhite(profile, spacingZone(first, bbox, metrics), bbox.xMin, "left", depth);
  const rightWhite = averageWhite(profile, spacingZone(last, bbox, metrics), bbox.xMax, "right", depth);
  return {
    left: Math.round(target - leftWhite + metrics.letterSpacing),
    right: Math.round(target - rightWhite + metrics.letterSpacing),
  };
}
