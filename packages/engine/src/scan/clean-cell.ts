import { type ScanWarning, scanWarning } from "../errors.ts";
import type { CellMask } from "./binarize-cell.ts";
import { labelComponents } from "./label-components.ts";

/** Ink blobs smaller than this (mm²) are noise, and up to this (mm², a dot 0.4 mm across) specks of dirt. */
export const NOISE_MM2 = 0.03;
export const SPECK_MM2 = 0.12;

export type CleanOptions = {
  /** Pixels per millimetre of the mask. */
  pxPerMm: number;
  /** Ink blobs smaller than this (mm²) are noise, dropped silently. */
  noiseMm2?: number;
  /** Ink blobs up to this size (mm²), far smaller than the letter, are specks of dirt. */
  speckMm2?: number;
};

export type CleanedCell = {
  /** The cell's ink, the size of the mask. */
  mask: Uint8Array;
  width: number;
  height: number;
  empty: boolean;
  warnings: ScanWarning[];
  /** Ink runs off the edge of the mask: cut wider and follow it (see followInk) to judge it. */
  needsContext: boolean;
};

/**
 * Removes what is not the letter from a box cut inside its border: noise and specks of dirt. Ink running off
 * the cut cannot be judged here (a letter crossing its box, or a neighbour's stroke coming in): the reader then
 * follows it in a wider cut (see `needsContext` and followInk).
 */
export function cleanCell(cell: CellMask, options: CleanOptions): CleanedCell {
  const { width, height } = cell;
  const mm2 = options.pxPerMm * options.pxPerMm;
  // A faint box's pieces were judged by the length of the stroke they belong to (see CellMask.faint).
  const noise = cell.faint ? 0 : (options.noiseMm2 ?? NOISE_MM2) * mm2;
  const speck = cell.faint ? 0 : (options.speckMm2 ?? SPECK_MM2) * mm2;
  const parts = labelComponents(cell.mask, width, height);
  let largest = 0;
  for (let l = 1; l <= parts.count; l++) largest = Math.max(largest, parts.area[l]!);

  const keep = new Uint8Array(parts.count + 1);
  let specks = 0;
  let needsContext = false;
  for (let l = 1; l <= parts.count; l++) {
    const area = parts.area[l]!;
    if (area < noise) continue;
    if (parts.minX[l] === 0 || parts.minY[l] === 0 || parts.maxX[l] === width - 1 || parts.maxY[l] === height - 1) {
      needsContext = true;
    } else if (area < speck && area < 0.05 * largest) {
      specks++;
      continue;
    }
    keep[l] = 1;
  }

  const mask = new Uint8Array(width * height);
  const ink = keptPixels(parts.labels, keep, mask);
  const warnings: ScanWarning[] = [];
  if (specks > 0) warnings.push(scanWarning("SPECKS_REMOVED"));
  return { mask, width, height, empty: ink === 0, warnings, needsContext };
}

/**
 * Sets in `mask` the pixels of the kept parts; returns how many. A function of its own with nothing after its loop:
 * V8 compiles a hot loop on its own while it runs, and such code with more after the loop was thrown away box after
 * box on a fresh thread (measured: 87 times in one cold read).
 */
function keptPixels(labels: Int32Array, keep: Uint8Array, mask: Uint8Array): number {
  let ink = 0;
  for (let i = 0; i < mask.length; i++) {
    if (keep[labels[i]!]) {
      mask[i] = 1;
      ink++;
    }
  }
  return ink;
}
