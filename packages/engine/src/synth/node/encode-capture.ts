import sharp from "sharp";
import type { Capture } from "../simulate-capture.ts";

/** Encodes a capture as the device would store it: JPEG at its quality, with its EXIF orientation. */
export async function encodeCaptureJpeg(capture: Capture): Promise<Uint8Array> {
  const raw = { width: capture.width, height: capture.height, channels: 4 as const };
  return sharp(Buffer.from(capture.data.buffer, capture.data.byteOffset, capture.data.length), { raw })
    .removeAlpha()
    .jpeg({ quality: capture.jpegQuality })
    .withMetadata({ orientation: capture.exifOrientation })
    .toBuffer();
}
