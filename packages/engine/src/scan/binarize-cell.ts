import { DROPOUT_RGB, LABEL_RGB } from "../template/page-geometry.ts";
import type { FloatImage } from "./images.ts";

/** A cell's ink as a mask (1 = ink), with the levels the threshold came from. */
export type CellMask = { width: number; height: number; mask: Uint8Array; threshold: number; inkLevel: number };

const luminance = ([r, g, b]: readonly [number, number, number]) => (0.299 * r + 0.587 * g + 0.114 * b) / 255;
// The lightest printed element that must not read as ink sets the ceiling of the threshold, with a margin for
// printers that print it darker and for noise.
const GUIDE_LEVEL = Math.min(luminance(DROPOUT_RGB), luminance(LABEL_RGB));
export const MAX_THRESHOLD = GUIDE_LEVEL - 0.11;
/** Darkest level (relative to paper) below which a cell holds no ink at all. */
export const EMPTY_LEVEL = 0.58;

/**
 * Separates ink from paper in a lighting-normalised cell. The threshold sits midway between paper (1) and the
 * cell's own ink level, which puts edges where a blurred edge is half dark (the true edge), and stays below
 * the guide colour so guides, labels and borders drop out.
 */
export function binarizeCell(image: FloatImage): CellMask {
  const { width, height, data } = image;
  const bins = 256;
  const histogram = new Uint32Array(bins);
  for (let i = 0; i < data.length; i++) histogram[Math.min(bins - 1, Math.max(0, (data[i]! * 200) | 0))]!++;
  // The ink level is the darkest 0.1 % of the cell: the core of the strokes, not a noisy extreme pixel.
  const target = data.length * 0.001;
  let seen = 0;
  let inkLevel = 1;
  for (let b = 0; b < bins; b++) {
    seen += histogram[b]!;
    if (seen >= target) {
      inkLevel = (b + 0.5) / 200;
      break;
    }
  }
  const mask = new Uint8Array(width * height);
  if (inkLevel >= EMPTY_LEVEL) return { width, height, mask, threshold: 0, inkLevel };
  const threshold = Math.min(MAX_THRESHOLD, (1 + inkLevel) / 2);
  for (let i = 0; i < data.length; i++) if (data[i]! < threshold) mask[i] = 1;
  return { width, height, mask, threshold, inkLevel };
}
