import sharp from "sharp";

/** An image as the scan reader takes it: 8-bit RGBA, rows top to bottom. */
export type RgbaImage = { data: Uint8ClampedArray; width: number; height: number };

/** Pixels an upload may declare; checked from the header, before any decoding, so image bombs cost nothing. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Longest side the reader gets: A4 at 300 dpi fits; larger photos are scaled down to save memory and time. */
export const MAX_SIDE = 3600;

export class ImageDecodeError extends Error {
  readonly code: "IMAGE_UNREADABLE" | "IMAGE_TOO_LARGE";
  constructor(code: "IMAGE_UNREADABLE" | "IMAGE_TOO_LARGE", message: string) {
    super(message);
    this.name = "ImageDecodeError";
    this.code = code;
  }
}

/**
 * Decodes a JPEG, PNG, WebP or TIFF upload to RGBA with sharp: turned upright by its EXIF orientation, refused when
 * it declares more than MAX_INPUT_PIXELS, scaled to fit MAX_SIDE. Throws ImageDecodeError with a stable code.
 */
export async function decodeImage(bytes: Uint8Array): Promise<RgbaImage> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageDecodeError("IMAGE_TOO_LARGE", message);
    throw new ImageDecodeError("IMAGE_UNREADABLE", message);
  }
}
