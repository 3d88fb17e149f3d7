import type { FloatImage } from "./images.ts";

/** A mask at a finer resolution than the image it came from, covering only the ink and a margin. */
export type FineMask = {
  mask: Uint8Array;
  width: number;
  height: number;
  /** Position of the fine mask's top-left corner in fine pixels from the cell's top-left corner. */
  left: number;
  top: number;
  /** Fine pixels per base pixel. */
  factor: number;
};

/**
 * Re-thresholds the lighting-normalised cell at `factor` × its resolution by bilinear interpolation, over the
 * kept ink only. The interpolated image crosses the threshold where the blurred edge is half dark, between
 * pixel centres, so the fine mask carries the edge's sub-pixel position into potrace, whose output is only as
 * precise as the bitmap it is given. Fine pixels count only next to ink that cleaning kept.
 *
 * `keep` is the cleaned mask of the cell (the region of `image` starting at `offsetX`, `offsetY`).
 */
export function upsampleMask(
  image: FloatImage,
  keep: Uint8Array,
  keepWidth: number,
  keepHeight: number,
  offsetX: number,
  offsetY: number,
  threshold: number,
  factor: number,
): FineMask {
  let minX = keepWidth;
  let minY = keepHeight;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < keepHeight; y++) {
    for (let x = 0; x < keepWidth; x++) {
      if (!keep[y * keepWidth + x]) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return { mask: new Uint8Array(0), width: 0, height: 0, left: 0, top: 0, factor };
  // One base pixel of margin: the interpolated edge can lie up to a pixel outside the coarse mask.
  const bx0 = Math.max(0, minX - 1);
  const by0 = Math.max(0, minY - 1);
  const bx1 = Math.min(keepWidth, maxX + 2);
  const by1 = Math.min(keepHeight, maxY + 2);
  const width = (bx1 - bx0) * factor;
  const height = (by1 - by0) * factor;
  const mask = new Uint8Array(width * height);
  const near = dilate3(keep, keepWidth, keepHeight);
  const src = image.data;
  const sw = image.width;
  const lastX = image.width - 1;
  const lastY = image.height - 1;
  // Per fine column: the interpolation's left source column and weight; and the fine columns grouped by the kept-mask
  // column they lie in (consecutive runs), so that a row skips a group far from ink with one test.
  const sourceColumn = new Int32Array(width);
  const weightX = new Float32Array(width);
  const groupColumn: number[] = [];
  const groupStart: number[] = [];
  for (let fx = 0; fx < width; fx++) {
    // Fine pixel centre in base pixel-index coordinates of the cell.
    const x = bx0 + (fx + 0.5) / factor - 0.5;
    const column = Math.min(keepWidth - 1, Math.max(0, Math.round(x)));
    if (column !== groupColumn.at(-1)) {
      groupColumn.push(column);
      groupStart.push(fx);
    }
    const xc = Math.min(lastX, Math.max(0, x + offsetX));
    const x0 = Math.min(lastX - 1, xc | 0);
    sourceColumn[fx] = x0;
    weightX[fx] = xc - x0;
  }
  groupStart.push(width);
  const groups = groupColumn.length;
  for (let fy = 0; fy < height; fy++) {
    const y = by0 + (fy + 0.5) / factor - 0.5;
    const yc = Math.min(lastY, Math.max(0, y + offsetY));
    const y0 = Math.min(lastY - 1, yc | 0);
    const ty = yc - y0;
    const keepRow = Math.min(keepHeight - 1, Math.max(0, Math.round(y))) * keepWidth;
    const row = y0 * sw;
    const out = fy * width;
    // Down first, then across: the two source columns of a run of fine pixels are mixed down once for the run.
    let runColumn = -1;
    let left = 0;
    let slope = 0;
    for (let g = 0; g < groups; g++) {
      if (!near[keepRow + groupColumn[g]!]) continue;
      for (let fx = groupStart[g]!; fx < groupStart[g + 1]!; fx++) {
        const column = sourceColumn[fx]!;
        if (column !== runColumn) {
          runColumn = column;
          const i = row + column;
          left = src[i]! + (src[i + sw]! - src[i]!) * ty;
          slope = src[i + 1]! + (src[i + sw + 1]! - src[i + 1]!) * ty - left;
        }
        if (left + slope * weightX[fx]! < threshold) mask[out + fx] = 1;
      }
    }
  }
  return { mask, width, height, left: bx0 * factor, top: by0 * factor, factor };
}

/** The mask grown by one pixel in every direction (3 × 3). */
function dilate3(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) out[yy * w + xx] = 1;
      }
    }
  }
  return out;
}
