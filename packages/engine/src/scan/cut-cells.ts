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
  const step = 1 / pxPerMm;
  // Pixel centres: i runs along a row, j down the rows.
  sampleGrid(scan, h, data, box.x + 0.5 * step, box.y + 0.5 * step, step, 0, 0, step, width, height, 1, width);
  return { width, height, data, originX: box.x, originY: box.y, pxPerMm };
}

/**
 * Bilinear samples of the scan on a grid of page points: point (i, j) is (x0 + i·xi + j·xj, y0 + i·yi + j·yj) mm,
 * stored at out[i·strideI + j·strideJ], for i < countI (inner loop) and j < countJ.
 */
export function sampleGrid(
  scan: GreyImage,
  h: Homography,
  out: Float32Array,
  x0: number,
  y0: number,
  xi: number,
  yi: number,
  xj: number,
  yj: number,
  countI: number,
  countJ: number,
  strideI: number,
  strideJ: number,
) {
  const src = scan.data;
  const sw = scan.width;
  const maxX = scan.width - 1;
  const maxY = scan.height - 1;
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  // Along i the map's numerators change linearly: step them instead of a full product per sample.
  const [ax, ay, aw] = [a * xi + b * yi, d * xi + e * yi, g * xi + k * yi];
  for (let j = 0; j < countJ; j++) {
    const px = x0 + j * xj;
    const py = y0 + j * yj;
    let nx = a * px + b * py + c;
    let ny = d * px + e * py + f;
    let nw = g * px + k * py + l;
    let o = j * strideJ;
    for (let i = 0; i < countI; i++) {
      let x = nx / nw;
      let y = ny / nw;
      nx += ax;
      ny += ay;
      nw += aw;
      if (x < 0) x = 0;
      else if (x > maxX) x = maxX;
      if (y < 0) y = 0;
      else if (y > maxY) y = maxY;
      const x0i = x | 0;
      const y0i = y | 0;
      const fx = x - x0i;
      const fy = y - y0i;
      const p = y0i * sw + x0i;
      const x1 = x0i < maxX ? 1 : 0;
      const y1 = y0i < maxY ? sw : 0;
      const top = src[p]! + (src[p + x1]! - src[p]!) * fx;
      const bottom = src[p + y1]! + (src[p + y1 + x1]! - src[p + y1]!) * fx;
      out[o] = top + (bottom - top) * fy;
      o += strideI;
    }
  }
}
