/// <reference path="../types/opentype-js.d.ts" />
import type { Font } from "opentype.js";
import { GUIDE_CAP_HEIGHT } from "../template/page-geometry.ts";
import { type Contour, contoursBox, pathToContours, transformContours } from "./contours.ts";
import type { Random } from "./random.ts";

/**
 * A handwriting font standing in for a writer: one or more parsed font files (web fonts come split by script),
 * searched in order for each character.
 */
export type HandwritingFont = { name: string; fonts: readonly Font[] };

/** A written glyph in the writer's em: 1000 units, cap height on the template's cap-height guide, y up. */
export type WrittenGlyph = { contours: Contour[]; advance: number };

/**
 * The outline of a character or ligature sequence as the font writes it, scaled so capitals reach the
 * template's cap-height guide (writers follow the guides). Undefined when the font lacks a character.
 */
export function writeGlyph(hand: HandwritingFont, chars: string): WrittenGlyph | undefined {
  const contours: Contour[] = [];
  let pen = 0;
  for (const ch of chars) {
    const font = hand.fonts.find((f) => f.charToGlyph(ch).index > 0);
    if (!font) return undefined;
    const glyph = font.charToGlyph(ch);
    const scale = GUIDE_CAP_HEIGHT / capitalHeight(hand, font);
    // opentype.js paths are y-down at the given baseline; flip to y-up font units.
    const path = glyph.getPath(0, 0, font.unitsPerEm).toPathData(3);
    contours.push(...transformContours(pathToContours(path, 1), [scale, 0, 0, -scale, pen, 0]));
    pen += (glyph.advanceWidth ?? font.unitsPerEm * 0.5) * scale;
  }
  return { contours, advance: pen };
}

const capitalHeights = new WeakMap<Font, number>();

/**
 * How tall the font really writes capitals: the top of its "H" (handwriting fonts' declared cap height is
 * often far off), else the declared cap height.
 */
function capitalHeight(hand: HandwritingFont, font: Font): number {
  let height = capitalHeights.get(font);
  if (height === undefined) {
    const withH = hand.fonts.find((f) => f.charToGlyph("H").index > 0);
    const top = withH ? withH.charToGlyph("H").getBoundingBox().y2 * (font.unitsPerEm / withH.unitsPerEm) : 0;
    const declared = (font.tables.os2 as { sCapHeight?: number } | undefined)?.sCapHeight ?? 0;
    height = top > 0 ? top : declared > 0 ? declared : 0.7 * font.unitsPerEm;
    capitalHeights.set(font, height);
  }
  return height;
}

export type Jitter = {
  /** Relative size change, e.g. 0.08 for ±8 %. */
  size: number;
  /** Slant change in radians either way. */
  slant: number;
  /** Baseline shift in font units either way. */
  baseline: number;
  /** Pen thickening in font units, from 0 to this. */
  weight: number;
  /** Horizontal position change in font units either way. */
  shift: number;
};

export const DEFAULT_JITTER: Jitter = { size: 0.08, slant: 0.1, baseline: 25, weight: 14, shift: 60 };

/** A glyph as written in one box: its outline in the cell's font units and how much the pen thickened it. */
export type PlacedGlyph = { contours: Contour[]; dilation: number };

/**
 * Writes a glyph into a box of `boxWidthUnits`, centred with per-glyph jitter in size, slant, baseline,
 * position and stroke weight. Coordinates: x from the box's left edge, y up from the printed baseline.
 */
export function placeGlyph(
  glyph: WrittenGlyph,
  boxWidthUnits: number,
  random: Random,
  jitter = DEFAULT_JITTER,
): PlacedGlyph {
  const size = 1 + random.range(-jitter.size, jitter.size);
  const slant = Math.tan(random.range(-jitter.slant, jitter.slant));
  const baseline = random.range(-jitter.baseline, jitter.baseline);
  const shaped = transformContours(glyph.contours, [size, 0, slant * size, size, 0, baseline]);
  const box = contoursBox(shaped);
  const centre = boxWidthUnits / 2 + random.range(-jitter.shift, jitter.shift);
  const dx = centre - (box.xMin + box.xMax) / 2;
  return {
    contours: transformContours(shaped, [1, 0, 0, 1, dx, 0]),
    dilation: random.range(0, jitter.weight),
  };
}
