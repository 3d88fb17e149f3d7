import { documentBox, type MetricLines } from "@handfont/editor";
import type { GlyphDocument, UnitBox } from "@handfont/engine/fonts";

/**
 * The font's guides in font units: the heights the template prints for the writer (engine template/page-geometry.ts:
 * cap height 700, x-height 480, descender −250) and that letters read from scans are scaled to.
 */
export const GUIDES = [
  { id: "capHeight", y: 700 },
  { id: "xHeight", y: 480 },
  { id: "baseline", y: 0 },
  { id: "descender", y: -250 },
] as const;

/** What "fit to view" shows: the letter, its side bearings and the guides from descender to cap height. */
export function fitArea(glyph: GlyphDocument, lines: MetricLines | null): UnitBox {
  const ink = documentBox(glyph);
  const box = { xMin: 0, xMax: 600, yMin: -250, yMax: 750 };
  if (ink) {
    box.xMin = ink.xMin;
    box.xMax = ink.xMax;
    box.yMin = Math.min(box.yMin, ink.yMin);
    box.yMax = Math.max(box.yMax, ink.yMax);
  }
  if (lines) {
    box.xMin = Math.min(box.xMin, lines.left);
    box.xMax = Math.max(box.xMax, lines.right);
  }
  return box;
}
