import { DROPOUT_RGB, LABEL_RGB } from "../template/page-geometry.ts";
import type { FloatImage } from "./images.ts";
import { minFilter } from "./rank-filter.ts";

/**
 * A cell's ink as a mask (1 = ink), with the levels the thresholds came from. `margin` is the lighting-normalised
 * picture minus the threshold each pixel was judged by: negative on ink and smooth, so interpolating it places
 * edges between pixels.
 */
export type CellMask = {
  width: number;
  height: number;
  mask: Uint8Array;
  margin: Float32Array;
  /** The threshold that finds the cell's sure ink: midway between paper and its ink, below any print. */
  threshold: number;
  inkLevel: number;
};

const luminance = ([r, g, b]: readonly [number, number, number]) => (0.299 * r + 0.587 * g + 0.114 * b) / 255;
// The lightest printed element that must not read as ink sets the ceiling of the threshold, with a margin for
// printers that print it darker and for noise.
const GUIDE_LEVEL = Math.min(luminance(DROPOUT_RGB), luminance(LABEL_RGB));
export const MAX_THRESHOLD = GUIDE_LEVEL - 0.11;
/** Darkest level (relative to paper) below which a cell holds no ink at all. */
export const EMPTY_LEVEL = 0.58;

/** Below paper by at least this much (relative), whatever the noise, for a pixel to be ink. */
const MIN_CONTRAST = 0.06;
/** …and by this many standard deviations of the paper's grain, so grain never reads as ink. */
const NOISE_SIGMAS = 4.5;
/**
 * How far (mm) a pixel looks for the core of the stroke it may belong to: from a blurred edge to the core of a
 * line, a little over the blur of a scan or a photo.
 */
const CORE_RADIUS_MM = 0.4;
/**
 * A row (column) is printed on when this share of it is darker than paper: a guide or a border crosses the
 * whole cell (the x-height guide dashed at half), while ink rarely covers a third of a row; where it does, its
 * level is ink's, and the sure threshold rules there as before.
 */
const PRINT_SHARE = 0.3;
/** Rows (columns) either side of a printed one that share its threshold: its blurred edges, a slight tilt. */
const PRINT_SPREAD_PX = 1;
/** Sure ink this thin (mean width, mm) or thinner is a hairline's, which is followed beyond it. */
const THIN_STROKE_MM = 0.35;

/**
 * Separates ink from paper in a lighting-normalised cell, with two thresholds. Sure ink lies below midway
 * between paper (1) and the cell's darkest ink, and below any print, so guides, labels and borders drop out and a
 * blank box stays blank under noise. Strokes are then followed, pixel by pixel, while they stay below midway
 * between paper and the core of the stroke around them (within CORE_RADIUS_MM): that is where a blurred edge is
 * half dark, its true place, for a bold felt-tip stroke and for a 0.1 mm hairline whose thinnest parts never get
 * as dark as the sure threshold. Following stops short of paper's grain and of the level of any printed line
 * measured across the cell, so a faint stroke neither spreads into the paper nor runs along a guide it touches.
 * Only pixels joined to sure ink count: nothing that was not ink before becomes a letter of its own. Strokes are
 * followed so only where the sure ink is a hairline's (THIN_STROKE_MM).
 */
export function binarizeCell(image: FloatImage, pxPerMm = 8): CellMask {
  const { width, height, data } = image;
  const n = data.length;
  // Histogram of 0–1.5 in steps of 1/512: fine enough to measure grain of a percent.
  const bins = 768;
  const histogram = new Uint32Array(bins);
  for (let i = 0; i < n; i++) {
    const bin = (data[i]! * 512) | 0;
    histogram[bin < 0 ? 0 : bin < bins ? bin : bins - 1]!++;
  }
  const percentile = (share: number) => {
    const target = n * share;
    let seen = 0;
    for (let b = 0; b < bins; b++) {
      seen += histogram[b]!;
      if (seen >= target) return (b + 0.5) / 512;
    }
    return bins / 512;
  };
  // The ink level is the darkest 0.1 % of the cell: the core of the strokes, not a noisy extreme pixel.
  const inkLevel = percentile(0.001);
  const mask = new Uint8Array(n);
  const margin = new Float32Array(n);
  if (inkLevel >= EMPTY_LEVEL) {
    margin.fill(1);
    return { width, height, mask, margin, threshold: 0, inkLevel };
  }
  const threshold = Math.min(MAX_THRESHOLD, (1 + inkLevel) / 2);
  // Sure ink first; then (below) every pixel under its own level joined to it (8-connected, as components are
  // labelled).
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (data[i]! < threshold) {
      mask[i] = 1;
      queue[tail++] = i;
    }
  }
  // Only hairlines are followed beyond sure ink. A stroke as wide as the blur or wider reaches its ink's level
  // and its sure ink already lies where its edges are; following a blurred one (a photo shaken or taken at a
  // steep angle) to midway would only fatten it and join strokes close together.
  if (meanWidth(mask, width, height) > THIN_STROKE_MM * pxPerMm) {
    for (let i = 0; i < n; i++) margin[i] = data[i]! - threshold;
    return { width, height, mask, margin, threshold, inkLevel };
  }
  // The brighter half of a cell is paper (ink and print only darken it): its spread is the grain.
  const grain = Math.max(0, (percentile(0.9) - percentile(0.5)) / 1.2816);
  const floor = 1 - Math.max(MIN_CONTRAST, NOISE_SIGMAS * grain);
  const below = Math.max(0.04, 3 * grain);
  const rowCaps = printCaps(data, width, height, true, floor, below, threshold);
  const columnCaps = printCaps(data, width, height, false, floor, below, threshold);
  const core = minFilter(data, width, height, Math.max(1, Math.round(CORE_RADIUS_MM * pxPerMm)));
  for (let y = 0; y < height; y++) {
    const rowCap = rowCaps[y]!;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let level = (1 + core[i]!) / 2;
      if (level > rowCap) level = rowCap;
      if (level > columnCaps[x]!) level = columnCaps[x]!;
      if (level < threshold) level = threshold;
      margin[i] = data[i]! - level;
    }
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const j = yy * width + xx;
        if (mask[j] || margin[j]! >= 0) continue;
        mask[j] = 1;
        queue[tail++] = j;
      }
    }
  }
  // Pixels below their level but not joined to sure ink are paper: the edges interpolated from `margin` must
  // not reach into them.
  for (let i = 0; i < n; i++) if (!mask[i] && margin[i]! < 0) margin[i] = 0;
  return { width, height, mask, margin, threshold, inkLevel };
}

/**
 * The highest threshold each row (or column) allows for following strokes: `floor` (grain) on plain paper; on a
 * printed line (see PRINT_SHARE), a little (`below`) under the line's own level, but never under the sure
 * threshold, which is safe under any print.
 */
function printCaps(
  data: Float32Array,
  width: number,
  height: number,
  rows: boolean,
  floor: number,
  below: number,
  threshold: number,
): Float32Array {
  const lines = rows ? height : width;
  const length = rows ? width : height;
  const caps = new Float32Array(lines);
  // Levels 0.5–1.1 in steps of 1/128; darker counts as 0.5 (ink, which leaves the sure threshold in charge).
  const histogram = new Uint16Array(77);
  const target = Math.max(1, Math.round(length * PRINT_SHARE));
  for (let line = 0; line < lines; line++) {
    histogram.fill(0);
    const start = rows ? line * width : line;
    const step = rows ? 1 : width;
    for (let k = 0, i = start; k < length; k++, i += step) {
      const bin = ((data[i]! - 0.5) * 128) | 0;
      histogram[bin < 0 ? 0 : bin > 76 ? 76 : bin]!++;
    }
    let seen = 0;
    let level = 1.1;
    for (let b = 0; b < 77; b++) {
      seen += histogram[b]!;
      if (seen >= target) {
        level = 0.5 + b / 128;
        break;
      }
    }
    caps[line] = Math.min(floor, Math.max(threshold, level - below));
  }
  const spread = new Float32Array(lines);
  for (let line = 0; line < lines; line++) {
    let least = caps[line]!;
    for (let k = Math.max(0, line - PRINT_SPREAD_PX); k <= Math.min(lines - 1, line + PRINT_SPREAD_PX); k++) {
      if (caps[k]! < least) least = caps[k]!;
    }
    spread[line] = least;
  }
  return spread;
}

/** Mean width (pixels) of the strokes of a mask: twice their area over their outline's length. */
function meanWidth(mask: Uint8Array, width: number, height: number): number {
  let area = 0;
  let outline = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      area++;
      if (x === 0 || x === width - 1 || y === 0 || y === height - 1) outline++;
      else if (!mask[i - 1] || !mask[i + 1] || !mask[i - width] || !mask[i + width]) outline++;
    }
  }
  return outline === 0 ? 0 : (2 * area) / outline;
}
