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
  const results = await readBarcodes(asImageData(image), {
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

type ReaderInput = Parameters<ReturnType<typeof engineModules>["readBarcodes"]>[0];

function asImageData(image: GreyImage): ReaderInput {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  // One 32-bit write per pixel (grey in R, G and B, opaque alpha); typed arrays use the platform's byte order.
  const words = new Uint32Array(rgba.buffer);
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const grey = image.data;
  for (let i = 0; i < grey.length; i++) {
    const g = grey[i]!;
    words[i] = littleEndian
      ? (0xff000000 | (g << 16) | (g << 8) | g) >>> 0
      : ((g << 24) | (g << 16) | (g << 8) | 0xff) >>> 0;
  }
  // zxing only reads width, height and data; there is no ImageData constructor in Node.
  return { data: rgba, width: image.width, height: image.height, colorSpace: "srgb" } as unknown as ReaderInput;
}
