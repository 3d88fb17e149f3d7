import type { Polygon } from "./flatten.ts";

/**
 * The horizontal extent of ink per horizontal band: `left[i]`/`right[i]` are the smallest and largest x of the
 * outline between y = yStart + i·step and the next band, or NaN where the band holds no ink.
 */
export interface InkProfile {
  yStart: number;
  step: number;
  left: Float64Array;
  right: Float64Array;
}

/** Measures an ink profile over the fixed band grid [yStart, yStart + count·step). */
export function inkProfile(polygons: Polygon[], yStart: number, step: number, count: number): InkProfile {
  const left = new Float64Array(count).fill(Number.NaN);
  const right = new Float64Array(count).fill(Number.NaN);
  const extend = (band: number, x: number) => {
    if (band < 0 || band >= count) return;
    if (!(left[band]! <= x)) left[band] = x;
    if (!(right[band]! >= x)) right[band] = x;
  };
  for (const polygon of polygons) {
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const a = polygon[j]!;
      const b = polygon[i]!;
      const lo = Math.floor((Math.min(a.y, b.y) - yStart) / step);
      const hi = Math.floor((Math.max(a.y, b.y) - yStart) / step);
      if (lo === hi) {
        extend(lo, a.x);
        extend(lo, b.x);
        continue;
      }
      // The edge crosses band borders: each band sees the piece of the edge clipped to it.
      const slope = (b.x - a.x) / (b.y - a.y);
      for (let band = Math.max(lo, 0); band <= Math.min(hi, count - 1); band++) {
        const y0 = Math.max(Math.min(a.y, b.y), yStart + band * step);
        const y1 = Math.min(Math.max(a.y, b.y), yStart + (band + 1) * step);
        extend(band, a.x + (y0 - a.y) * slope);
        extend(band, a.x + (y1 - a.y) * slope);
      }
    }
  }
  return { yStart, step, left, right };
}
