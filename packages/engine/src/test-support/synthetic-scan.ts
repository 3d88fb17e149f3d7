import { decodeImageFile } from "../node/decode-image.ts";
import { pageToScan, solveHomography } from "../scan/homography.ts";
import type { ScanImage } from "../scan/images.ts";
import type { ScanResult } from "../scan/read-scan.ts";
import { type Capture, compareGlyph, type GlyphTruth, renderFilledPage, type SyntheticPage } from "../synth/index.ts";
import { encodeCaptureJpeg, loadHandwritingFont } from "../synth/node/index.ts";
import type { Layout, LayoutCell } from "../template/layout-types.ts";
import { pagePoint, type ScanPoint, scanPoint } from "../units.ts";

/** A synthetic page written in Caveat, rendered at `dpi`, with its ground truth. */
export function writePage(layout: Layout, dpi: number, seed = 1, blankRatio = 0) {
  return renderFilledPage(layout, { page: 1, dpi, hand: loadHandwritingFont("caveat"), seed, blankRatio });
}

/**
 * A page as the engine benchmark writes it: Caveat at 300 dpi, 5 % of its boxes blank, in pen or in `pencil`. With the
 * benchmark's seed for a row and page, it is that row's page.
 */
export function writeBenchPage(layout: Layout, page: number, seed: number, pencil = false) {
  return renderFilledPage(layout, {
    page,
    dpi: 300,
    hand: loadHandwritingFont("caveat"),
    seed,
    blankRatio: 0.05,
    ...(pencil && { pencil }),
  });
}

/** Encodes a capture as a JPEG the way the device would (quality, EXIF orientation). */
export const captureToJpeg = encodeCaptureJpeg;

/** A capture as it reaches the reader: JPEG-encoded, then decoded by the Node helper. */
export async function throughJpeg(capture: Capture): Promise<ScanImage> {
  return decodeImageFile(await captureToJpeg(capture));
}

/**
 * Where a phone capture put the page's QR code's corners (top-left, top-right, bottom-right, bottom-left), in the
 * picture as the reader sees it: the frame is stored landscape and shown turned a quarter clockwise (EXIF orientation
 * 6), (x, y) showing at (height − y, x). The code is printed upright, so its own top-left is its box's.
 */
export function qrCornersInPicture(capture: Capture, layout: Layout): ScanPoint[] {
  const { x, y, width, height } = layout.qr;
  const at = pageInPicture(capture, layout);
  return [at(x, y), at(x + width, y), at(x + width, y + height), at(x, y + height)];
}

/** Where a phone capture put a page point (mm) in the picture as the reader sees it (see qrCornersInPicture). */
export function pageInPicture(capture: Capture, layout: Layout): (x: number, y: number) => ScanPoint {
  const { widthMm: w, heightMm: h } = layout.paper;
  const shown = capture.pageCorners.map(([x, y]) => scanPoint(capture.height - y, x));
  const truth = solveHomography([pagePoint(0, 0), pagePoint(w, 0), pagePoint(w, h), pagePoint(0, h)], shown)!;
  return (x, y) => pageToScan(truth, pagePoint(x, y));
}

/**
 * The characters of the boxes named (indexes into the page's cells) that a reading did not read whole: within one
 * scan pixel of the truth, the "whole" (see compareGlyph).
 */
export function lettersNotWhole(
  boxes: readonly number[],
  truth: SyntheticPage,
  read: ScanResult,
  cells: readonly LayoutCell[],
): string[] {
  return boxes.flatMap((i) => {
    const cell = read.cells[i]!;
    const tolerance = 1000 / cells[i]!.emMm / read.diagnostics.scanPxPerMm;
    return !cell.empty && compareGlyph(cell.path, truth.truth[i]!, 2.5, tolerance).whole ? [] : [cell.chars];
  });
}

/** The boxes left blank on the page that a reading read as written. */
export function blanksReadWritten(truth: SyntheticPage, read: ScanResult): number[] {
  return truth.truth.flatMap((t, i) => (t.empty && !read.cells[i]!.empty ? [i] : []));
}

export type { GlyphTruth };
