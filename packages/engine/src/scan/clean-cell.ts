import { type ScanWarning, scanWarning } from "../errors.ts";
import type { CellMask } from "./binarize-cell.ts";
import { labelComponents } from "./label-components.ts";

/** A rectangle of mask pixels, end-exclusive. */
export type PixelRect = { x0: number; y0: number; x1: number; y1: number };

export type CleanOptions = {
  /** Pixels per millimetre of the mask. */
  pxPerMm: number;
  /**
   * The cell's own area inside the mask, when the mask was cut wider to show what lies around the cell.
   * Without it the whole mask is the cell, and ink running off its edge cannot be judged (see `needsContext`).
   */
  inner?: PixelRect;
  /** Ink blobs smaller than this (mm²) are noise, dropped silently. */
  noiseMm2?: number;
  /** Ink blobs up to this size (mm²), far smaller than the letter, are specks of dirt. */
  speckMm2?: number;
};

export type CleanedCell = {
  /** The cell's ink, the size of `inner`. */
  mask: Uint8Array;
  width: number;
  height: number;
  empty: boolean;
  warnings: ScanWarning[];
  /** Ink runs off the edge of a mask cut without surroundings: cut wider and clean again to judge it. */
  needsContext: boolean;
};

/**
 * Removes what is not the letter: noise, specks of dirt, and strokes that stray in from a neighbouring box.
 * A blob crossing the cell's edge belongs to whichever side holds most of it: mostly outside, it is a
 * neighbour's stroke and is trimmed; mostly inside, it is the letter running into the edge, kept with a warning.
 */
export function cleanCell(cell: CellMask, options: CleanOptions): CleanedCell {
  const { width, height } = cell;
  const inner = options.inner ?? { x0: 0, y0: 0, x1: width, y1: height };
  const hasContext = options.inner !== undefined;
  const mm2 = options.pxPerMm * options.pxPerMm;
  const noise = (options.noiseMm2 ?? 0.03) * mm2;
  const speck = (options.speckMm2 ?? 0.12) * mm2;
  const parts = labelComponents(cell.mask, width, height);
  const inside = new Int32Array(parts.count + 1);
  for (let y = inner.y0; y < inner.y1; y++) {
    for (let x = inner.x0; x < inner.x1; x++) {
      const l = parts.labels[y * width + x]!;
      if (l) inside[l]!++;
    }
  }
  let largest = 0;
  for (let l = 1; l <= parts.count; l++) largest = Math.max(largest, inside[l]!);

  const keep = new Uint8Array(parts.count + 1);
  let specks = 0;
  let trimmed = 0;
  let touching = 0;
  let needsContext = false;
  for (let l = 1; l <= parts.count; l++) {
    const area = parts.area[l]!;
    const own = inside[l]!;
    if (own === 0 || area < noise) continue;
    const crosses = hasContext
      ? own < area
      : parts.minX[l] === 0 || parts.minY[l] === 0 || parts.maxX[l] === width - 1 || parts.maxY[l] === height - 1;
    if (crosses) {
      if (!hasContext) needsContext = true;
      else if (own < 0.5 * area) {
        trimmed++;
        continue;
      } else touching++;
    } else if (own < speck && own < 0.05 * largest) {
      specks++;
      continue;
    }
    keep[l] = 1;
  }

  const w = inner.x1 - inner.x0;
  const h = inner.y1 - inner.y0;
  const mask = new Uint8Array(w * h);
  let ink = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (keep[parts.labels[(y + inner.y0) * width + x + inner.x0]!]) {
        mask[y * w + x] = 1;
        ink++;
      }
    }
  }
  const warnings: ScanWarning[] = [];
  if (trimmed > 0) warnings.push(scanWarning("STROKE_TRIMMED"));
  if (touching > 0) warnings.push(scanWarning("TOUCHES_BORDER"));
  if (specks > 0) warnings.push(scanWarning("SPECKS_REMOVED"));
  return { mask, width: w, height: h, empty: ink === 0, warnings, needsContext };
}
