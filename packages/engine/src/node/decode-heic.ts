/// <reference path="../types/heic-decode.d.ts" />
import { EngineError } from "../errors.ts";
import type { ScanImage } from "../scan/images.ts";

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/**
 * Whether a file is a HEIC picture (HEIF holding HEVC images, as iPhones write): an ISO-BMFF `ftyp` box naming a
 * HEVC brand as its major or a compatible brand. AVIF, also HEIF, names `avif` instead and stays with sharp.
 */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const text = (at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  if (text(4) !== "ftyp") return false;
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (HEIC_BRANDS.has(text(8))) return true;
  for (let at = 16; at + 4 <= Math.min(size, bytes.length); at += 4) if (HEIC_BRANDS.has(text(at))) return true;
  return false;
}

/**
 * Decodes the primary picture of a HEIC file to RGBA with libheif (compiled to wasm: npm libheif-js through
 * heic-decode, LGPL-3.0), turned as its rotation and mirroring properties say. The size is read from the file's
 * boxes before any pixel is decoded, so a huge picture is refused for nothing.
 */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<ScanImage> {
  const unreadable = (cause: unknown) =>
    new EngineError("IMAGE_UNREADABLE", undefined, { reason: String((cause as Error)?.message ?? cause) });
  const { default: heic } = await import("heic-decode");
  let images: Awaited<ReturnType<typeof heic.all>>;
  try {
    images = await heic.all({ buffer: bytes });
  } catch (cause) {
    throw unreadable(cause);
  }
  try {
    const primary = images[0];
    if (!primary) throw unreadable("no picture in the file");
    const { width, height } = primary;
    if (width * height > maxPixels) throw new EngineError("IMAGE_TOO_LARGE", undefined, { width, height, maxPixels });
    const decoded = await primary.decode().catch((cause: unknown) => {
      throw unreadable(cause);
    });
    return {
      width: decoded.width,
      height: decoded.height,
      data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length),
      channels: 4,
    };
  } finally {
    images.dispose();
  }
}
