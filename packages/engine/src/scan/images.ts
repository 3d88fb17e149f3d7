/** Pixel buffers the scan reader works on. */

/** Decoded pixels as the caller hands them over: RGBA (ImageData), RGB or grey, row-major, 8 bits a channel. */
export type ScanImage = {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
  /** Channels per pixel; inferred from the buffer length when absent. */
  channels?: 1 | 3 | 4;
};

/** One 8-bit channel, row-major. */
export type GreyImage = { width: number; height: number; data: Uint8Array };

/** A grey image in 0–255 floats, for per-cell work that needs sub-level precision. */
export type FloatImage = { width: number; height: number; data: Float32Array };

/** An RGBA image, e.g. the rectified preview (drawable with `new ImageData(data, width, height)`). */
export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray };

/** Channels of a ScanImage, or undefined when the buffer does not match its dimensions. */
export function channelsOf(image: ScanImage): 1 | 3 | 4 | undefined {
  const pixels = image.width * image.height;
  if (!Number.isInteger(image.width) || !Number.isInteger(image.height) || pixels <= 0) return undefined;
  const channels = image.channels ?? image.data.length / pixels;
  if ((channels !== 1 && channels !== 3 && channels !== 4) || image.data.length < pixels * channels) return undefined;
  return channels;
}
