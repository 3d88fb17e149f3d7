import { encodePng } from "../font/png.ts";
import type { LayoutCell } from "../template/layout-types.ts";
import { UNITS_PER_EM } from "../units.ts";
import { cutRegion } from "./cut-cells.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import type { GlyphBox } from "./place-in-em.ts";

/** Resolution a box's picture is kept at (px/mm): a letter 10 mm high gets 60 pixels, plenty to trace by eye. */
export const PICTURE_PX_PER_MM = 6;

/** How far inside the printed box the picture starts (mm), leaving the printed border out. */
const PICTURE_INSET_MM = 0.7;

/**
 * A box's picture for tracing under its outline in the editors: a PNG in which ink is opaque and paper clear (so it
 * shows on any background), and where it lies in the letter's font units (the same frame as the box's outline).
 */
export type CellPicture = { png: Uint8Array; box: GlyphBox };

/** Grey levels (of 255) below which a box is taken to hold no ink worth showing. */
const MIN_CONTRAST = 40;

/** Ink darker than the paper by less than this share of the box's contrast is left clear (paper texture, guides). */
const PAPER_SHARE = 0.25;

/** Cuts one box of the page out of the scan and keeps it as a picture (see CellPicture). */
export async function cellPicture(scan: GreyImage, h: Homography, cell: LayoutCell): Promise<CellPicture> {
  const region = {
    x: cell.box.x + PICTURE_INSET_MM,
    y: cell.box.y + PICTURE_INSET_MM,
    width: cell.box.width - 2 * PICTURE_INSET_MM,
    height: cell.box.height - 2 * PICTURE_INSET_MM,
  };
  const image = cutRegion(scan, h, region, PICTURE_PX_PER_MM);
  // The paper is the bright end of the box and ink its dark end; a stretch between them survives dim photos.
  // Levels are sampled between pixels, so they fall between whole levels; a histogram of whole levels is close
  // enough for a stretch and needs no sort.
  const histogram = new Uint32Array(256);
  for (let i = 0; i < image.data.length; i++) histogram[Math.min(255, Math.max(0, Math.round(image.data[i]!)))]! += 1;
  const paper = levelAtShare(histogram, image.data.length, 0.9);
  const ink = levelAtShare(histogram, image.data.length, 0.01);
  // A box with hardly any ink must not stretch paper grain into strokes.
  const range = Math.max(MIN_CONTRAST, paper - ink);
  // Grey 96 with the pixel's opacity, written a 32-bit pixel at a time: the bytes R, G, B, A in memory whatever the
  // platform's byte order, so the word is built from them once and the opacity goes into the alpha byte's place.
  const pixels = new Uint32Array(image.width * image.height);
  const grey = new Uint32Array(Uint8Array.of(96, 96, 96, 0).buffer)[0]!;
  const alphaShift = new Uint32Array(Uint8Array.of(0, 0, 0, 1).buffer)[0] === 1 ? 0 : 24;
  for (let i = 0; i < image.data.length; i++) {
    const darkness = (paper - image.data[i]!) / range;
    const alpha = Math.max(0, Math.min(1, (darkness - PAPER_SHARE) / (1 - PAPER_SHARE)));
    pixels[i] = (grey | (Math.round(255 * alpha) << alphaShift)) >>> 0;
  }
  const rgba = new Uint8ClampedArray(pixels.buffer);
  const unitsPerMm = UNITS_PER_EM / cell.emMm;
  return {
    png: await encodePng({ width: image.width, height: image.height, data: rgba }),
    box: {
      xMin: Math.round((region.x - cell.box.x) * unitsPerMm),
      xMax: Math.round((region.x + region.width - cell.box.x) * unitsPerMm),
      yMin: Math.round((cell.baselineY - region.y - region.height) * unitsPerMm),
      yMax: Math.round((cell.baselineY - region.y) * unitsPerMm),
    },
  };
}

/** The grey level at a share of a box's pixels sorted from dark to light (the level of pixel floor(count × share)). */
function levelAtShare(histogram: Uint32Array, count: number, share: number): number {
  const rank = Math.floor(count * share);
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen > rank) return level;
  }
  return 255;
}
