import { OutlineError, outlineBounds, parseSvgPath } from "@handfont/engine/fonts";

/** Guide lines of the templates in font units (y up from the baseline), as the engine prints them. */
export const GUIDES = { capHeight: 700, xHeight: 480, baseline: 0, descender: -250 } as const;

/**
 * The horizontal extent of an outline's ink (curve extrema included, not control points), by the engine's outline
 * toolkit; null for an empty or unreadable path.
 */
export function outlineXRange(path: string): { min: number; max: number } | null {
  try {
    const box = outlineBounds(parseSvgPath(path));
    return box && { min: box.xMin, max: box.xMax };
  } catch (error) {
    if (error instanceof OutlineError) return null;
    throw error;
  }
}
