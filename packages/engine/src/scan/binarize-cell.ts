import { DROPOUT_RGB, LABEL_RGB } from "../template/page-geometry.ts";
import type { FloatImage } from "./images.ts";

/**
 * A cell's ink as a mask: 2 = ink darker than any print can be, 1 = fainter ink, 0 = paper. `margin` is the lighting-normalised picture minus the threshold each pixel
 * was judged by: negative on ink, and smooth, so it can be interpolated to place edges between pixels.
 */
export type CellMask = {
  width: number;
  height: number;
  mask: Uint8Array;
  margin: Float32Array;
  /** The darkest 0.1 % of the cell (relative to paper): the core of its darkest strokes. */
  inkLevel: number;
  /** Spread of the paper's brightness (standard deviation, relative to paper): sensor noise, JPEG grain. */
  noise: number;
};

/** A rectangle of cell pixels, end-exclusive. */
export type PixelBox = { x0: number; y0: number; x1: number; y1: number };

export type BinarizeOptions = {
  /** Pixels per millimetre of the cell picture. */
  pxPerMm: number;
  /** Pixels per millimetre of the scan it was cut from: its blur spans a pixel or two of the scan. */
  scanPxPerMm?: number;
  /**
   * Where the template printed lines across the picture, in pixels from its top (rows: guides, box edges) and
   * left (columns: box edges). The lines themselves are found near these and measured.
   */
  lines: { rows: number[]; columns: number[] };
  /** Where the box's label is printed: text too small to measure, so it keeps MAX_THRESHOLD. */
  label?: PixelBox;
};

const luminance = ([r, g, b]: readonly [number, number, number]) => (0.299 * r + 0.587 * g + 0.114 * b) / 255;
/**
 * A threshold the template's light-blue print stays above wherever it is, with a margin for printers that print
 * it darker and for noise. Printed lines that cross the picture (guides, box borders) are measured and get a
 * threshold just below their own level, never below this; plain paper lets it rise to what the noise allows.
 */
export const MAX_THRESHOLD = Math.min(luminance(DROPOUT_RGB), luminance(LABEL_RGB)) - 0.11;

/** Below paper by at least this much (relative), whatever the noise, for a pixel to be ink. */
const MIN_CONTRAST = 0.05;
/** …and by this many standard deviations of the paper's noise, so grain never reads as ink. */
const NOISE_SIGMAS = 4.5;
/**
 * Radius of the neighbourhood whose darkest ink sets a pixel's threshold: it must reach from a stroke's blurred
 * edge to its core, so at least LOCAL_RADIUS_MM and LOCAL_RADIUS_SCAN_PX pixels of the scan.
 */
const LOCAL_RADIUS_MM = 0.3;
const LOCAL_RADIUS_SCAN_PX = 2;
/**
 * A stroke narrower than the blur never reaches its ink's full darkness, and its half-dark width is the blur's,
 * not its own: read at half depth, a 0.1 mm line photographed at 7 px/mm comes back three times too wide and the
 * two sides of an outlined letter merge. So a faint core (lighter than THIN_FROM; inks at full strength are
 * darker) is cut nearer to it, at up to THIN_DEPTH of its depth from paper once it is as light as THIN_TO.
 */
const THIN_FROM = 0.6;
const THIN_TO = 0.8;
const THIN_DEPTH = 0.75;
/**
 * A row's (column's) print level is this percentile of it: a printed line crosses the whole picture (the
 * x-height guide dashed at half), while ink rarely covers a third of a row; where it does, its level is dark and
 * MAX_THRESHOLD rules.
 */
const PRINT_PERCENTILE = 0.3;
/** How far (mm) from where the layout puts a printed line it is looked for (the homography's error, blur). */
const PRINT_BAND_MM = 0.6;
/** How far (mm) either side of a printed line rows (columns) share its threshold. */
const PRINT_SPREAD_MM = 0.125;

/**
 * Separates ink from paper in a lighting-normalised cell. Each pixel's threshold sits midway between paper (1)
 * and the darkest ink a little around it (see LOCAL_RADIUS_MM), which puts a stroke's edges where its blurred edge is half dark
 * (the true edge) whether the stroke is a bold felt-tip line or a faint 0.1 mm hairline beside it. Thresholds
 * stay below the print (guides and borders measured row by row and column by column, the label by its place)
 * and far enough below paper that noise does not read as ink. A hairline crossing a guide is darker than both.
 */
export function binarizeCell(image: FloatImage, options: BinarizeOptions): CellMask {
  const { width, height, data } = image;
  const n = data.length;
  // Histogram of 0–1.5 in steps of 1/512: fine enough to measure noise of a percent.
  const bins = 768;
  const histogram = new Uint32Array(bins);
  for (let i = 0; i < n; i++) histogram[Math.min(bins - 1, Math.max(0, (data[i]! * 512) | 0))]!++;
  const percentile = (share: number) => {
    const target = n * share;
    let seen = 0;
    for (let b = 0; b < bins; b++) {
      seen += histogram[b]!;
      if (seen >= target) return (b + 0.5) / 512;
    }
    return bins / 512;
  };
  const inkLevel = percentile(0.001);
  // The brighter half of a cell is paper (ink and print only darken): its spread is the noise.
  const noise = Math.max(0, (percentile(0.9) - percentile(0.5)) / 1.2816);
  const floor = 1 - Math.max(MIN_CONTRAST, NOISE_SIGMAS * noise);
  const below = Math.max(0.04, 3 * noise);
  const limits = {
    below,
    floor,
    spread: Math.max(1, Math.round(PRINT_SPREAD_MM * options.pxPerMm)),
    band: Math.max(1, Math.round(PRINT_BAND_MM * options.pxPerMm)),
  };
  const rowCaps = printCaps(data, width, height, true, options.lines.rows, limits);
  const columnCaps = printCaps(data, width, height, false, options.lines.columns, limits);
  const label = options.label;
  const mask = new Uint8Array(n);
  const margin = new Float32Array(n);
  if (inkLevel >= floor) {
    margin.fill(1);
    return { width, height, mask, margin, inkLevel, noise };
  }
  const radiusMm = Math.max(LOCAL_RADIUS_MM, LOCAL_RADIUS_SCAN_PX / (options.scanPxPerMm ?? options.pxPerMm));
  const radius = Math.max(1, Math.round(radiusMm * options.pxPerMm));
  // Only pixels darker than `floor` can be ink, and only their neighbourhoods need the local minimum: elsewhere
  // every threshold comes out at or above `floor`, so taking the core as paper (1) gives the same result.
  const area = darkerArea(data, width, height, floor, radius);
  const local = localMinimum(image, radius, area);
  for (let y = 0; y < height; y++) {
    const rowCap = rowCaps[y]!;
    const inLabelRows = label !== undefined && y >= label.y0 && y < label.y1;
    const blockRow = y >= area.y0 && y < area.y1 ? (((y - area.y0) / radius) | 0) * local.columns : -1;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const core =
        blockRow >= 0 && x >= area.x0 && x < area.x1 ? local.around[blockRow + (((x - area.x0) / radius) | 0)]! : 1;
      const depth =
        core <= THIN_FROM
          ? 0.5
          : core >= THIN_TO
            ? THIN_DEPTH
            : 0.5 + ((THIN_DEPTH - 0.5) * (core - THIN_FROM)) / (THIN_TO - THIN_FROM);
      let threshold = 1 - depth * (1 - core);
      if (threshold > rowCap) threshold = rowCap;
      if (threshold > columnCaps[x]!) threshold = columnCaps[x]!;
      if (inLabelRows && x >= label.x0 && x < label.x1 && threshold > MAX_THRESHOLD) threshold = MAX_THRESHOLD;
      const m = data[i]! - threshold;
      margin[i] = m;
      if (m < 0) mask[i] = data[i]! < MAX_THRESHOLD ? 2 : 1;
    }
  }
  return { width, height, mask, margin, inkLevel, noise };
}

/**
 * The highest threshold each row (or column) allows: `floor` (noise) on plain paper; on a printed line, a
 * little below the line's own level, but never below MAX_THRESHOLD, which is safe under any print. Only rows
 * within `band` of where the layout printed a line are measured: elsewhere a long stroke is ink, never print.
 */
function printCaps(
  data: Float32Array,
  width: number,
  height: number,
  rows: boolean,
  printed: number[],
  limits: { below: number; floor: number; spread: number; band: number },
): Float32Array {
  const { below, floor, spread: reach, band } = limits;
  const lines = rows ? height : width;
  const length = rows ? width : height;
  const caps = new Float32Array(lines).fill(floor);
  const measured = new Uint8Array(lines);
  for (const at of printed) {
    for (let k = Math.max(0, Math.floor(at - band)); k <= Math.min(lines - 1, Math.ceil(at + band)); k++)
      measured[k] = 1;
  }
  // Levels 0.5–1.1 in steps of 1/128; darker counts as 0.5 (ink, which leaves MAX_THRESHOLD in charge).
  const histogram = new Uint16Array(77);
  const target = Math.max(1, Math.round(length * PRINT_PERCENTILE));
  for (let line = 0; line < lines; line++) {
    if (!measured[line]) continue;
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
    caps[line] = Math.min(floor, Math.max(MAX_THRESHOLD, level - below));
  }
  // A line's edges are half covered, and a line a little off the grid's axis covers each row only in part:
  // every row takes the lowest cap within PRINT_SPREAD_MM.
  const spread = new Float32Array(lines);
  for (let line = 0; line < lines; line++) {
    let least = caps[line]!;
    for (let k = Math.max(0, line - reach); k <= Math.min(lines - 1, line + reach); k++) {
      if (caps[k]! < least) least = caps[k]!;
    }
    spread[line] = least;
  }
  return spread;
}

/** The bounding box of the pixels darker than `level`, grown by `margin` (clamped to the picture). */
function darkerArea(data: Float32Array, width: number, height: number, level: number, margin: number): PixelBox {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x]! >= level) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { x0: 0, y0: 0, x1: 0, y1: 0 };
  return {
    x0: Math.max(0, x0 - margin),
    y0: Math.max(0, y0 - margin),
    x1: Math.min(width, x1 + margin + 1),
    y1: Math.min(height, y1 + margin + 1),
  };
}

/**
 * About the darkest value within `radius` pixels, for the pixels of `area`: per block of `radius` × `radius`
 * pixels (from the area's corner, `columns` a row), the minimum over the 3 × 3 blocks around it, so each pixel
 * sees at least `radius` and under 2 × `radius` pixels either way. Two cheap passes instead of a window a pixel.
 */
function localMinimum(image: FloatImage, radius: number, area: PixelBox): { around: Float32Array; columns: number } {
  const { width, data } = image;
  const w = area.x1 - area.x0;
  const h = area.y1 - area.y0;
  const bw = Math.ceil(w / radius);
  const bh = Math.ceil(h / radius);
  const blocks = new Float32Array(bw * bh).fill(Number.POSITIVE_INFINITY);
  for (let y = 0; y < h; y++) {
    const source = (y + area.y0) * width + area.x0;
    const blockRow = ((y / radius) | 0) * bw;
    for (let x = 0; x < w; x++) {
      const b = blockRow + ((x / radius) | 0);
      if (data[source + x]! < blocks[b]!) blocks[b] = data[source + x]!;
    }
  }
  const around = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let least = Number.POSITIVE_INFINITY;
      for (let yy = by > 0 ? by - 1 : 0; yy <= (by + 1 < bh ? by + 1 : bh - 1); yy++) {
        for (let xx = bx > 0 ? bx - 1 : 0; xx <= (bx + 1 < bw ? bx + 1 : bw - 1); xx++) {
          if (blocks[yy * bw + xx]! < least) least = blocks[yy * bw + xx]!;
        }
      }
      around[by * bw + bx] = least;
    }
  }
  return { around, columns: bw };
}
