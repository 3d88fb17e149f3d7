import sharp from "sharp";
import { EngineError } from "../errors.ts";
import type { ScanImage } from "../scan/images.ts";
import { DEFAULT_MAX_PIXELS } from "../scan/read-scan.ts";
import { decodeHeic, isHeic } from "./decode-heic.ts";

export type DecodeOptions = { maxPixels?: number };

/**
 * Decodes an image file to pixels, turned upright: JPEG, PNG, WebP, TIFF, GIF and AVIF with sharp (by EXIF
 * orientation), HEIC/HEIF from iPhones with libheif (sharp's prebuilt libvips has no HEVC decoder). The pixel count
 * is checked from the header before anything is decoded, so a decompression bomb costs nothing.
 */
export async function decodeImageFile(bytes: Uint8Array, options: DecodeOptions = {}): Promise<ScanImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (isHeic(bytes)) return decodeHeic(bytes, maxPixels);
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) throw new Error("no dimensions");
    width = metadata.width;
    height = metadata.height;
  } catch (cause) {
    throw new EngineError("IMAGE_UNREADABLE", undefined, { reason: String((cause as Error).message ?? cause) });
  }
  if (width * height > maxPixels) throw new EngineError("IMAGE_TOO_LARGE", undefined, { width, height, maxPixels });
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: "truncated" })
      .rotate()
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      channels: info.channels as 3,
    };
  } catch (cause) {
    throw new EngineError("IMAGE_UNREADABLE", undefined, { reason: String((cause as Error).message ?? cause) });
  }
}
