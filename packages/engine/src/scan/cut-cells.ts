import type { BoxMm } from "../template/layout-types.ts";
import type { Homography } from "./homography.ts";
import type { FloatImage, GreyImage } from "./images.ts";

/** A cell's picture resampled onto a square grid of page millimetres. */
export type CellImage = FloatImage & {
  /** Page position of the grid's top-left corner and the grid's pixels per millimetre. */
  originX: number;
  originY: number;
  pxPerMm: number;
};

/**
 * Cuts a rectangle of the page out of the scan, resampled through the homography at `pxPerMm` with bilinear
 * interpolation. Working above the scan's own resolution keeps edge positions sub-pixel accurate for tracing.
 */
export function cutRegion(scan: GreyImage, h: Homography, box: BoxMm, pxPerMm: number): CellImage {
  const width = Math.max(1, Math.round(box.width * pxPerMm));
  const height = Math.max(1, Math.round(box.height * pxPerMm));
  const data = new Float32Array(width * height);
  const src = scan.data;
  const sw = scan.width;
  const maxX = scan.width - 1;
  const maxY = scan.height - 1;
  const step = 1 / pxPerMm;
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  for (let row = 0; row < height; row++) {
    const py = box.y + (row + 0.5) * step;
    const px0 = box.x + 0.5 * step;
    // Numerators and denominator are linear along a row: step them instead of a full product per pixel.
    let nx = a * px0 + b * py + c;
    let ny = d * px0 + e * py + f;
    let dw = g * px0 + k * py + l;
    const out = row * width;
    for (let col = 0; col < width; col++) {
      let x = nx / dw;
      let y = ny / dw;
      nx += a * step;
      ny += d * step;
      dw += g * step;
      if (x < 0) x = 0;
      else if (x > maxX) x = maxX;
      if (y < 0) y = 0;
      else if (y > maxY) y = maxY;
      const x0 = x | 0;
      const y0 = y | 0;
      const fx = x - x0;
      const fy = y - y0;
      const i = y0 * sw + x0;
      const x1 = x0 < maxX ? 1 : 0;
      const y1 = y0 < maxY ? sw : 0;
      const top = src[i]! + (src[i + x1]! - src[i]!) * fx;
      const bottom = src[i + y1]! + (src[i + y1 + x1]! - src[i + y1]!) * fx;
      data[out + col] = top + (bottom - top) * fy;
    }
  }
  return { width, height, data, originX: box.x, originY: box.y, pxPerMm };
}
