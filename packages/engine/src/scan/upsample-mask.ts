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
  const bounds = Int32Array.of(keepWidth, keepHeight, -1, -1);
  inkBounds(keep, keepWidth, bounds);
  const [minX = 0, minY = 0, maxX = -1, maxY = -1] = bounds;
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
  const frame = { near, keepWidth, keepHeight, by0, factor, offsetY, lastY, threshold };
  fillFine(mask, width, height, image, sourceColumn, weightX, groupColumn, groupStart, frame);
  return { mask, width, height, left: bx0 * factor, top: by0 * factor, factor };
}

// The loops over every pixel are functions of their own with nothing after the loop: V8 compiles a hot loop on its own
// while it runs, and such code with more after the loop (an object made, a row's end) was thrown away mask after mask
// on a fresh thread (measured: 20 to 30 times in one cold read).

/** The smallest and largest x and y of the set pixels of a mask `width` wide, into bounds (set beforehand to none). */
function inkBounds(mask: Uint8Array, width: number, bounds: Int32Array) {
  for (let i = 0, x = 0, y = 0; i < mask.length; i++, x++) {
    if (x === width) {
      x = 0;
      y++;
    }
    if (!mask[i]) continue;
    if (x < bounds[0]!) bounds[0] = x;
    if (y < bounds[1]!) bounds[1] = y;
    if (x > bounds[2]!) bounds[2] = x;
    if (y > bounds[3]!) bounds[3] = y;
  }
}

/**
 * Sets the fine pixels darker than the threshold near kept ink (see upsampleMask): per fine column its left source
 * column and weight, and the fine columns grouped by the kept-mask column they lie in.
 */
function fillFine(
  mask: Uint8Array,
  width: number,
  height: number,
  image: FloatImage,
  sourceColumn: Int32Array,
  weightX: Float32Array,
  groupColumn: readonly number[],
  groupStart: readonly number[],
  frame: {
    near: Uint8Array;
    keepWidth: number;
    keepHeight: number;
    by0: number;
    factor: number;
    offsetY: number;
    lastY: number;
    threshold: number;
  },
) {
  const { near, keepWidth, keepHeight, by0, factor, offsetY, lastY, threshold } = frame;
  const src = image.data;
  const sw = image.width;
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
}

/** The mask grown by one pixel in every direction (3 × 3). */
function dilate3(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  grow3(mask, w, h, out);
  return out;
}

function grow3(mask: Uint8Array, w: number, h: number, out: Uint8Array) {
  for (let i = 0, x = 0, y = 0; i < mask.length; i++, x++) {
    if (x === w) {
      x = 0;
      y++;
    }
    if (!mask[i]) continue;
    // The 3 × 3 block written out (a neighbour off the mask's edge is the pixel itself again): a small loop here was
    // compiled on its own too.
    const left = x > 0 ? -1 : 0;
    const right = x < w - 1 ? 1 : 0;
    const up = y > 0 ? i - w : i;
    const down = y < h - 1 ? i + w : i;
    out[up + left] = out[up] = out[up + right] = 1;
    out[i + left] = out[i] = out[i + right] = 1;
    out[down + left] = out[down] = out[down + right] = 1;
  }
}
