import { engineModules } from "../init-engine.ts";
import { decodeQrPayload, type QrPayload } from "../template/qr-payload.ts";
import { type ScanPoint, scanPoint } from "../units.ts";
import type { GreyImage } from "./images.ts";

/** A Handfont QR code found on a scan: its payload and its corners in the symbol's own orientation. */
export type FoundQrCode = {
  text: string;
  payload: QrPayload;
  /** The symbol's top-left, top-right, bottom-right and bottom-left corners, in full-resolution scan pixels. */
  corners: [ScanPoint, ScanPoint, ScanPoint, ScanPoint];
};

/**
 * Finds the page's Handfont QR code. Looks on the small detection image first (fast), then on the full image
 * when the symbol was too small there. Other QR codes in the picture are ignored.
 */
export async function findQrCode(
  detection: GreyImage,
  factor: number,
  full: GreyImage,
): Promise<FoundQrCode | undefined> {
  const found = await readHandfontQr(detection, factor);
  if (found || factor === 1) return found;
  return readHandfontQr(full, 1);
}

async function readHandfontQr(image: GreyImage, factor: number): Promise<FoundQrCode | undefined> {
  const { readBarcodes } = engineModules();
  const results = await readBarcodes(asPgm(image), {
    formats: ["QRCode"],
    tryHarder: true,
    tryRotate: true,
    tryInvert: false,
    tryDownscale: true,
    maxNumberOfSymbols: 4,
  });
  for (const result of results) {
    const payload = result.isValid ? decodeQrPayload(result.text) : undefined;
    if (!payload) continue;
    const { topLeft, topRight, bottomRight, bottomLeft } = result.position;
    // Corner coordinates name pixel corners; scale them, not pixel centres, back to the full image.
    const up = (p: { x: number; y: number }) => scanPoint(p.x * factor, p.y * factor);
    return { text: result.text, payload, corners: [up(topLeft), up(topRight), up(bottomRight), up(bottomLeft)] };
  }
  return undefined;
}

/**
 * The grey image as a binary PGM file, which zxing decodes straight into the luminance it reads. An ImageData would
 * be four times the bytes, and zxing turns it back into the same luminance (its weights give g for R = G = B = g):
 * the round trip cost a 300 dpi page about 25 ms of CPU and 11 MB of garbage for the same result.
 */
function asPgm(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const file = new Uint8Array(header.length + image.data.length);
  file.set(header);
  file.set(image.data, header.length);
  return file;
}
