import { decodeImageFile } from "../node/decode-image.ts";
import type { ScanImage } from "../scan/images.ts";
import { type Capture, type GlyphTruth, renderFilledPage } from "../synth/index.ts";
import { encodeCaptureJpeg, loadHandwritingFont } from "../synth/node/index.ts";
import type { Layout } from "../template/layout-types.ts";

/** A synthetic page written in Caveat, rendered at `dpi`, with its ground truth. */
export function writePage(layout: Layout, dpi: number, seed = 1, blankRatio = 0) {
  return renderFilledPage(layout, { page: 1, dpi, hand: loadHandwritingFont("caveat"), seed, blankRatio });
}

/** Encodes a capture as a JPEG the way the device would (quality, EXIF orientation). */
export const captureToJpeg = encodeCaptureJpeg;

/** A capture as it reaches the reader: JPEG-encoded, then decoded by the Node helper. */
export async function throughJpeg(capture: Capture): Promise<ScanImage> {
  return decodeImageFile(await captureToJpeg(capture));
}

export type { GlyphTruth };
