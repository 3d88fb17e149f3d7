import { encodeAlphaPng } from "../font/png.ts";
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

/** The picture's one grey (of 255): ink shows in it at the pixel's opacity. */
const PICTURE_GREY = 96;

/** Grey levels (of 255) below which a box is taken to hold no ink worth showing. */
const MIN_CONTRAST = 40;

/** Ink darker than the paper by less than this share of the box's contrast is left clear (paper texture, guides). */
const PAPER_SHARE = 0.25;

/** Cuts one box of the page out of the scan and keeps it as a picture (see CellPicture). */
export function cellPicture(scan: GreyImage, h: Homography, cell: LayoutCell): CellPicture {
  const region = {
    x: cell.box.x + PICTURE_INSET_MM,
    y: cell.box.y + PICTURE_INSET_MM,
    width: cell.box.width - 2 * PICTURE_INSET_MM,
    height: cell.box.height - 2 * PICTURE_INSET_MM,
  };
  const image = cutRegion(scan, h, region, PICTURE_PX_PER_MM);
  // The paper is the bright end of the box and ink its dark end; a stretch between them survives dim photos.
  // Levels are sampled between pixels, so they fall between whole levels; a histogram of whole levels is close
  // enough for a stretch and needs no sort. It is counted into four in turn (paper fills one bin pixel after pixel,
  // and a single histogram made each count wait for the one before), each level rounded as x + 0.5 truncated, which
  // is Math.round exactly for these 32-bit floats.
  const histograms = new Int32Array(4 * 256);
  countLevels(image.data, histograms);
  const histogram = new Uint32Array(256);
  for (let level = 0; level < 256; level++) {
    histogram[level] =
      histograms[level]! + histograms[256 + level]! + histograms[512 + level]! + histograms[768 + level]!;
  }
  const paper = levelAtShare(histogram, image.data.length, 0.9);
  const ink = levelAtShare(histogram, image.data.length, 0.01);
  // A box with hardly any ink must not stretch paper grain into strokes.
  const range = Math.max(MIN_CONTRAST, paper - ink);
  // Each pixel's opacity: 0 at a quarter of the way from paper to ink and lighter, 255 at the ink and darker.
  const alpha = new Uint8Array(image.data.length);
  opacities(image.data, paper - PAPER_SHARE * range, 255 / ((1 - PAPER_SHARE) * range), alpha);
  const unitsPerMm = UNITS_PER_EM / cell.emMm;
  return {
    png: encodeAlphaPng({ width: image.width, height: image.height, alpha }, PICTURE_GREY),
    box: {
      xMin: Math.round((region.x - cell.box.x) * unitsPerMm),
      xMax: Math.round((region.x + region.width - cell.box.x) * unitsPerMm),
      yMin: Math.round((cell.baselineY - region.y - region.height) * unitsPerMm),
      yMax: Math.round((cell.baselineY - region.y) * unitsPerMm),
    },
  };
}

// The loops over the picture are functions of their own with nothing after the loop: V8 compiles a hot loop on its own
// while it runs, and such code with more after the loop was thrown away picture after picture on a fresh thread
// (measured: 40 times in one cold read).

/** Counts the picture's levels into four histograms in turn (see cellPicture). */
function countLevels(data: Float32Array, histograms: Int32Array) {
  for (let i = 0; i < data.length; i++) {
    const level = (data[i]! + 0.5) | 0;
    histograms[((i & 3) << 8) | (level < 0 ? 0 : level > 255 ? 255 : level)]! += 1;
  }
}

/** Each pixel's opacity, 0 at level `start` and lighter, rising by `scale` a level darker, 255 at most. */
function opacities(data: Float32Array, start: number, scale: number, alpha: Uint8Array) {
  for (let i = 0; i < data.length; i++) {
    const opacity = (start - data[i]!) * scale;
    alpha[i] = opacity <= 0 ? 0 : opacity >= 255 ? 255 : (opacity + 0.5) | 0;
  }
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
