import type { FloatImage } from "./images.ts";

/**
 * Divides a cell's picture by its paper brightness so paper reads 1 and ink a fraction of it, whatever the
 * shadows and the exposure. Paper brightness is a high percentile of blocks a few millimetres wide, spread to
 * neighbouring blocks (a block may be covered by ink) and interpolated between block centres.
 * Returns the median paper level too, so the page can tell uneven lighting.
 */
export function normaliseLighting(image: FloatImage, blockPx: number): { image: FloatImage; paperLevel: number } {
  const { width, height, data } = image;
  const bw = Math.max(1, Math.round(width / blockPx));
  const bh = Math.max(1, Math.round(height / blockPx));
  const levels = new Float32Array(bw * bh);
  const histogram = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      const x0 = Math.floor((bx * width) / bw);
      const x1 = Math.floor(((bx + 1) * width) / bw);
      const y0 = Math.floor((by * height) / bh);
      const y1 = Math.floor(((by + 1) * height) / bh);
      histogram.fill(0);
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) histogram[Math.min(255, Math.max(0, data[y * width + x]! | 0))]!++;
      }
      const target = (x1 - x0) * (y1 - y0) * 0.9;
      let seen = 0;
      let level = 255;
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
  const spread = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let best = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = bx + dx;
          const y = by + dy;
          if (x >= 0 && y >= 0 && x < bw && y < bh) best = Math.max(best, levels[y * bw + x]!);
        }
      }
      spread[by * bw + bx] = Math.max(best, 1);
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(bh - 1, Math.max(0, ((y + 0.5) * bh) / height - 0.5));
    const y0 = gy | 0;
    const y1 = Math.min(bh - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = Math.min(bw - 1, Math.max(0, ((x + 0.5) * bw) / width - 0.5));
      const x0 = gx | 0;
      const x1 = Math.min(bw - 1, x0 + 1);
      const fx = gx - x0;
      const top = spread[y0 * bw + x0]! + (spread[y0 * bw + x1]! - spread[y0 * bw + x0]!) * fx;
      const bottom = spread[y1 * bw + x0]! + (spread[y1 * bw + x1]! - spread[y1 * bw + x0]!) * fx;
      out[y * width + x] = data[y * width + x]! / (top + (bottom - top) * fy);
    }
  }
  const sorted = Array.from(spread).sort((a, b) => a - b);
  return { image: { width, height, data: out }, paperLevel: sorted[sorted.length >> 1]! };
}
