import type { BBox, Outline } from "../outline/types.ts";
import { cleanOutline } from "./prepare.ts";
import { opticalSideBearings, type SpacingParameters } from "./spacing.ts";

/**
 * The box and the automatic side bearings the compiler gives one outline of these characters (the same cleaning and
 * optical spacing as a build), for an editor that shows where the bearing lines fall before anything is built.
 * Without the font's own heights, the template's guides (x-height 480, cap height 700) stand in.
 */
export function automaticSideBearings(
  outline: Outline,
  chars: string,
  metrics: Partial<SpacingParameters> = {},
): { bbox: BBox; left: number; right: number } | null {
  const prepared = cleanOutline(outline);
  if (!prepared.bbox || !prepared.profile) return null;
  const parts = [...chars];
  const bearings = opticalSideBearings(prepared.profile, prepared.bbox, parts[0] ?? "", parts.at(-1) ?? "", {
    xHeight: 480,
    capHeight: 700,
    letterSpacing: 0,
    ...metrics,
  });
  return { bbox: prepared.bbox, ...bearings };
}
