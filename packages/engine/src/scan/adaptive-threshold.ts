import type { GreyImage } from "./images.ts";

/**
 * Marks pixels clearly darker than their neighbourhood: below `ratio` × the mean of a square window of
 * radius `radius`, and at least `minContrast` grey levels below it. Local, so shadows and a dark table
 * around the page do not swallow the markers.
 */
export function adaptiveThreshold(image: GreyImage, radius: number, ratio: number, minContrast: number): Uint8Array {
  const { width, height, data } = image;
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    for (let x = 0; x < width; x++) {
      rowSum += data[y * width + x]!;
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1]! + rowSum;
    }
  }
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum =
        integral[y1 * stride + x1]! -
        integral[y0 * stride + x1]! -
        integral[y1 * stride + x0]! +
        integral[y0 * stride + x0]!;
      const mean = sum / ((y1 - y0) * (x1 - x0));
      const value = data[y * width + x]!;
      if (value < mean * ratio && mean - value >= minContrast) mask[y * width + x] = 1;
    }
  }
  return mask;
}
