import { documentBox, type MetricLines } from "@handfont/editor";
import type { GlyphDocument, UnitBox } from "@handfont/engine/fonts";
import { GUIDES } from "../workspace/outline-geometry.ts";

/** What "fit to view" shows: the letter, its side bearings and the guides from descender to cap height. */
export function fitArea(glyph: GlyphDocument, lines: MetricLines | null): UnitBox {
  const ink = documentBox(glyph);
  const box: UnitBox = { xMin: 0, xMax: 600, yMin: GUIDES.descender, yMax: GUIDES.capHeight + 50 };
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
