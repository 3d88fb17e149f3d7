import type { FloatImage } from "./images.ts";

/**
 * Divides a cell's picture by its paper brightness so paper reads 1 and ink a fraction of it, whatever the
 * shadows and the exposure. Paper brightness is a high percentile of blocks a few millimetres wide (taken from a
 * neighbour where ink covers a block) interpolated between block centres.
 * Returns the median paper level too, so the page can tell uneven lighting.
 */
export function normaliseLighting(image: FloatImage, blockPx: number): { image: FloatImage; paperLevel: number } {
  const { width, height, data } = image;
  const bw = Math.max(1, Math.round(width / blockPx));
  const bh = Math.max(1, Math.round(height / blockPx));
  const levels = new Float32Array(bw * bh);
  const histogram = new Uint32Array(257);
  for (let by = 0; by < bh; by++) {
    const y0 = Math.floor((by * height) / bh);
    const y1 = Math.floor(((by + 1) * height) / bh);
    for (let bx = 0; bx < bw; bx++) {
      const x0 = Math.floor((bx * width) / bw);
      const x1 = Math.floor(((bx + 1) * width) / bw);
      histogram.fill(0);
      for (let y = y0; y < y1; y++) {
        const row = y * width;
        // Values are bilinear mixes of 8-bit pixels: 0–255 already.
        for (let x = x0; x < x1; x++) histogram[data[row + x]! | 0]!++;
      }
      const target = (x1 - x0) * (y1 - y0) * 0.9;
      let seen = 0;
      let level = 255.5;
      for (let v = 0; v < 256; v++) {
        seen += histogram[v]!;
        if (seen >= target) {
          level = v + 0.5;
          break;
        }
      }
      levels[by * bw + bx] = level;
    }
  }
  // A block mostly covered by ink reads far darker than its neighbours: take the brightest neighbour there.
  // Elsewhere keep the block's own level, so a shadow's gradient is followed, not flattened.
  const spread = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let best = 1;
      for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++) {
        for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++)
          best = Math.max(best, levels[y * bw + x]!);
      }
      const own = levels[by * bw + bx]!;
      spread[by * bw + bx] = own < 0.8 * best ? best : own;
    }
  }
  // Bilinear interpolation between block centres, with the column weights computed once.
  const column0 = new Int32Array(width);
  const column1 = new Int32Array(width);
  const columnWeight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.min(bw - 1, Math.max(0, ((x + 0.5) * bw) / width - 0.5));
    column0[x] = gx | 0;
    column1[x] = Math.min(bw - 1, (gx | 0) + 1);
    columnWeight[x] = gx - (gx | 0);
  }
  const rowLevels = new Float32Array(bw);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(bh - 1, Math.max(0, ((y + 0.5) * bh) / height - 0.5));
    const r0 = (gy | 0) * bw;
    const r1 = Math.min(bh - 1, (gy | 0) + 1) * bw;
    const fy = gy - (gy | 0);
    for (let bx = 0; bx < bw; bx++) rowLevels[bx] = spread[r0 + bx]! + (spread[r1 + bx]! - spread[r0 + bx]!) * fy;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const a = rowLevels[column0[x]!]!;
      const level = a + (rowLevels[column1[x]!]! - a) * columnWeight[x]!;
      out[row + x] = data[row + x]! / level;
    }
  }
  const sorted = Array.from(spread).sort((a, b) => a - b);
  return { image: { width, height, data: out }, paperLevel: sorted[sorted.length >> 1]! };
}
