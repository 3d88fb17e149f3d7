import type { GreyImage } from "./images.ts";

/**
 * Marks pixels clearly darker than their neighbourhood: below `ratio` × the mean of a square window of
 * radius `radius`, and at least `minContrast` grey levels below it. Local, so shadows and a dark table
 * around the page do not swallow the markers.
 */
export function adaptiveThreshold(image: GreyImage, radius: number, ratio: number, minContrast: number): Uint8Array {
  const { width, height, data } = image;
  const stride = width + 1;
  // Sums of 8-bit levels are whole numbers: 32 bits hold them exactly up to 16 megapixels (the detection image is far
  // smaller), and they are cheaper to fill and read than 64-bit floats.
  const integral =
    width * height * 255 < 2 ** 32 ? new Uint32Array(stride * (height + 1)) : new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    const above = y * stride + 1;
    const here = above + stride;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      rowSum += data[row + x]!;
      integral[here + x] = integral[above + x]! + rowSum;
    }
  }
  // The window's columns, clipped to the image, are the same on every row.
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    left[x] = Math.max(0, x - radius);
    right[x] = Math.min(width, x + radius + 1);
  }
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    const top = y0 * stride;
    const bottom = y1 * stride;
    const rows = y1 - y0;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const x0 = left[x]!;
      const x1 = right[x]!;
      const sum = integral[bottom + x1]! - integral[top + x1]! - integral[bottom + x0]! + integral[top + x0]!;
      const mean = sum / (rows * (x1 - x0));
      const value = data[row + x]!;
      if (value < mean * ratio && mean - value >= minContrast) mask[row + x] = 1;
    }
  }
  return mask;
}
