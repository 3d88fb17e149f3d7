import type { LayoutCell } from "../template/layout-types.ts";
import { type PixelRect, TEMPLATE_COLOUR_LEVEL } from "./binarize-cell.ts";
import { sampleGrid } from "./cut-cells.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";

/**
 * Border beading (see PrintMeasure) above which a page's template came from a printer that screens its light colour
 * into dots. Measured on synthetic pages: printed by a monochrome laser (141 lpi) 0.18 at 300 dpi, 0.29 at 400, 0.54
 * at 600, but only 0.047–0.049 at 150 dpi and 0.024–0.029 at 200, where the scan's pixels beat with the screen and
 * the beads merge into a slow moiré (which still makes blotches in blank boxes); at most 0.008 on every other page
 * (colour print, faithful or heavy, scanned at 150–600 dpi; phone photos of any print, whose blur merges the dots).
 * The bar lies between, about as far from either on a log scale.
 */
export const SCREENED_BEADING = 0.015;

/**
 * Paper grain (see PrintMeasure.grain) above which a page's boxes are read from a smoothed picture (see
 * smoothingPasses). Measured on synthetic pages: flatbed scans 0.002–0.004, phone photos in good light 0.007–0.012,
 * photos in dim light (three times the sensor noise, JPEG quality 55) 0.03–0.06, where a pencil's faint strokes drown
 * in it. The bar lies between.
 */
export const GRAINY = 0.02;
/** A phone photo's blur (standard deviation, mm; 0.15–0.25 on the benchmark's), for a grainy page whose own is unknown. */
const PHOTO_BLUR_MM = 0.2;
/** Smoothing passes a page gets at most (a Gaussian of 2 pixels): more would merge strokes a pixel or two apart. */
const MAX_PASSES = 8;

/** Boxes whose top borders are looked at: enough for a median, spread over the page. */
const SAMPLED_BOXES = 24;
/** How far above a box's top border the paper it is compared with lies (mm): in the gap between rows of boxes. */
const PAPER_OFFSET_MM = 0.8;

/** How the template's light lines came out on a page: see measurePrint. */
export type PrintMeasure = {
  /**
   * How much rougher a box border is along its length than the paper beside it, for its depth: (roughness of the
   * border − roughness of the paper) / (paper − border). A printer that puts the template's light colour down as it
   * is leaves an even line (about 0: its roughness is the paper's grain); a monochrome laser puts it down as a screen
   * of toner dots, which a scan resolves into beads (well above 0).
   */
  beading: number;
  /**
   * How much darker than the template's own colour (TEMPLATE_COLOUR_LEVEL) the borders came out against the paper
   * beside them, along their darkest line; 0 when as dark or lighter (a faithful print, whose 0.2 mm borders a sharp
   * scan shows at their colour and a blurred picture lighter), or when no border could be measured. A printer that
   * lays its colour down heavily (dot gain on plain paper, vivid settings) makes every printed line of the page that
   * much darker than the reader's levels for print assume.
   */
  darker: number;
  /**
   * How grainy the paper is: the mean distance of a pixel from the midpoint of its two neighbours along the paper in
   * the gaps between rows of boxes, over the paper's level (about the noise's standard deviation over the level).
   */
  grain: number;
};

/**
 * Looks along the top borders of boxes spread over the page (the median of each measure over them). `h` maps page
 * millimetres to `image` pixels, which are `pxPerMm` to the millimetre.
 */
export function measurePrint(
  image: GreyImage,
  h: Homography,
  cells: readonly LayoutCell[],
  pxPerMm: number,
): PrintMeasure {
  const step = Math.max(1, Math.floor(cells.length / SAMPLED_BOXES));
  const beads: number[] = [];
  const levels: number[] = [];
  const grains: number[] = [];
  for (let index = 0; index < cells.length; index += step) {
    const { box } = cells[index]!;
    const count = Math.floor((box.width - 2) * pxPerMm);
    if (count < 16) continue;
    const line = (y: number) => {
      const out = new Float32Array(count);
      sampleGrid(image, h, out, box.x + 1, y, 1 / pxPerMm, 0, 0, 0, count, 1, 1, count);
      return out;
    };
    // The border is 0.2 mm wide: of three lines a tenth of a millimetre apart, the darkest runs along it.
    const candidates = [-0.1, 0, 0.1].map((dy) => line(box.y + dy));
    const border = candidates.reduce((a, b) => (mean(b) < mean(a) ? b : a));
    const paper = line(box.y - PAPER_OFFSET_MM);
    const paperLevel = mean(paper);
    if (paperLevel <= 0) continue;
    grains.push(roughness(paper) / paperLevel);
    const depth = paperLevel - mean(border);
    levels.push(1 - Math.max(0, depth) / paperLevel);
    if (depth >= 8) beads.push((roughness(border) - roughness(paper)) / depth);
  }
  return {
    beading: median(beads) ?? 0,
    darker: Math.max(0, TEMPLATE_COLOUR_LEVEL - (median(levels) ?? 1)),
    grain: median(grains) ?? 0,
  };
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

function mean(values: Float32Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Mean distance of each sample from the midpoint of its two neighbours: what a line's texture adds to its level. */
function roughness(values: Float32Array): number {
  let sum = 0;
  for (let i = 1; i + 1 < values.length; i++) sum += Math.abs(values[i]! - (values[i - 1]! + values[i + 1]!) / 2);
  return sum / Math.max(1, values.length - 2);
}

/**
 * How many passes of the 3 × 3 binomial filter (see descreen) smooth the picture a page's boxes are read from, whose
 * pixels are `pxPerMm` to the page millimetre and blurred by `blurMm` (standard deviation, see measureBlur). A screened
 * print needs one. A grainy page (GRAINY) is smoothed by a Gaussian as wide as its own blur at most (the filter that
 * best finds a thin line seen through that blur in noise): its strokes were already that blurred and lose little more,
 * while the grain finer than them mostly goes. Each pass is a Gaussian of half a squared pixel; the passes stop short
 * of the blur's width. On the benchmark's pencil pages in dim light, fixed amounts lost more letters (see the engine
 * README, "Grainy photos").
 */
export function smoothingPasses(print: PrintMeasure, blurMm: number | undefined, pxPerMm: number): number {
  const screened = print.beading > SCREENED_BEADING ? 1 : 0;
  if (print.grain <= GRAINY) return screened;
  const sigmaPx = (blurMm ?? PHOTO_BLUR_MM) * pxPerMm;
  return Math.max(1, screened, Math.min(MAX_PASSES, Math.floor(2 * sigmaPx * sigmaPx)));
}

/**
 * The picture with `passes` passes of the 3 × 3 binomial filter (see descreen) run over the rectangle `within`
 * (pixels, end-exclusive; the whole picture when absent) and the rest left as it was.
 */
export function smoothed(image: GreyImage, passes: number, within?: PixelRect): GreyImage {
  if (passes === 0) return image;
  const { x0, y0, x1, y1 } = within ?? { x0: 0, y0: 0, x1: image.width, y1: image.height };
  const [width, height] = [x1 - x0, y1 - y0];
  if (width <= 0 || height <= 0) return image;
  const part = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    part.set(image.data.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x1), y * width);
  }
  // Every pass in the same two buffers: a phone photo's picture is megabytes, and memory new to the process costs its
  // first touch (see sharedPixels), each pass's own buffers several thousand page faults.
  const across = new Uint16Array(width * height);
  for (let pass = 0; pass < passes; pass++) descreenInPlace(part, width, height, across);
  const out = new Uint8Array(image.data);
  for (let y = 0; y < height; y++) out.set(part.subarray(y * width, (y + 1) * width), (y0 + y) * image.width + x0);
  return { width: image.width, height: image.height, data: out };
}

/**
 * Blurs a picture just enough to merge a printer's screen of dots into the even tone it stands for (a 3 × 3 binomial
 * filter, a Gaussian of 0.7 pixel): at 300 dpi a 141 lpi screen's beads keep a tenth of their contrast.
 */
export function descreen(image: GreyImage): GreyImage {
  const { width, height } = image;
  const data = new Uint8Array(image.data);
  descreenInPlace(data, width, height, new Uint16Array(width * height));
  return { width, height, data };
}

/**
 * descreen over `data` itself, with `across` (as many 16-bit values) for the sums across: every row's sums are taken
 * before any row is written back.
 */
function descreenInPlace(data: Uint8Array, width: number, height: number, across: Uint16Array) {
  for (let y = 0; y < height; y++) smoothRow(data, across, y * width, width);
  for (let y = 0; y < height; y++) {
    const up = (y > 0 ? y - 1 : y) * width;
    const down = (y + 1 < height ? y + 1 : y) * width;
    smoothDown(across, data, up, y * width, down, width);
  }
}

/** One row of 1–2–1 sums across (edges repeated), four times the level. */
function smoothRow(data: Uint8Array, out: Uint16Array, row: number, width: number) {
  for (let x = 0; x < width; x++) {
    const left = data[row + (x > 0 ? x - 1 : x)]!;
    const right = data[row + (x + 1 < width ? x + 1 : x)]!;
    out[row + x] = left + 2 * data[row + x]! + right;
  }
}

/** One row of 1–2–1 sums of the rows above, at and below, rounded back to levels. */
function smoothDown(across: Uint16Array, out: Uint8Array, up: number, row: number, down: number, width: number) {
  for (let x = 0; x < width; x++) out[row + x] = (across[up + x]! + 2 * across[row + x]! + across[down + x]! + 8) >> 4;
}
