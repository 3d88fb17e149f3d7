import type { Polygon } from "../outline/flatten.ts";

/** An RGBA image, 8 bits per channel, rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * Anti-aliased coverage of polygons (pixel coordinates, y down) by signed-area accumulation, the method of font-rs:
 * each edge adds its exact area contribution to the cells it crosses, and a running sum along each row gives the
 * winding-weighted coverage. Overlapping same-direction contours saturate at 1, as nonzero filling does.
 */
export function rasterizeCoverage(polygons: Polygon[], width: number, height: number): Float32Array {
  const stride = width + 2;
  const area = new Float32Array(stride * height);
  const line = (ax: number, ay: number, bx: number, by: number) => {
    if (ay === by) return;
    const dir = ay < by ? 1 : -1;
    const [x0p, y0p, x1p, y1p] = ay < by ? [ax, ay, bx, by] : [bx, by, ax, ay];
    const dxdy = (x1p - x0p) / (y1p - y0p);
    let x = x0p;
    if (y0p < 0) x -= y0p * dxdy;
    const rowEnd = Math.min(height, Math.ceil(y1p));
    for (let y = Math.max(0, Math.floor(y0p)); y < rowEnd; y++) {
      const start = y * stride;
      const dy = Math.min(y + 1, y1p) - Math.max(y, y0p);
      const xnext = x + dxdy * dy;
      const d = dy * dir;
      const x0 = Math.min(x, xnext);
      const x1 = Math.max(x, xnext);
      const x0floor = Math.floor(x0);
      const x1ceil = Math.ceil(x1);
      if (x1ceil <= x0floor + 1) {
        const xmf = 0.5 * (x + xnext) - x0floor;
        area[start + x0floor]! += d - d * xmf;
        area[start + x0floor + 1]! += d * xmf;
      } else {
        const s = 1 / (x1 - x0);
        const x0f = x0 - x0floor;
        const a0 = 0.5 * s * (1 - x0f) * (1 - x0f);
        const x1f = x1 - x1ceil + 1;
        const am = 0.5 * s * x1f * x1f;
        area[start + x0floor]! += d * a0;
        if (x1ceil === x0floor + 2) area[start + x0floor + 1]! += d * (1 - a0 - am);
        else {
          const a1 = s * (1.5 - x0f);
          area[start + x0floor + 1]! += d * (a1 - a0);
          for (let xi = x0floor + 2; xi < x1ceil - 1; xi++) area[start + xi]! += d * s;
          const a2 = a1 + (x1ceil - x0floor - 3) * s;
          area[start + x1ceil - 1]! += d * (1 - a2 - am);
        }
        area[start + x1ceil]! += d * am;
      }
      x = xnext;
    }
  };
  const clampX = (value: number) => Math.min(width, Math.max(0, value));
  for (const polygon of polygons) {
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const a = polygon[j]!;
      const b = polygon[i]!;
      // Ink left or right of the image still counts for the winding of the pixels inside it.
      line(clampX(a.x), a.y, clampX(b.x), b.y);
    }
  }
  const coverage = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    let sum = 0;
    for (let x = 0; x < width; x++) {
      sum += area[y * stride + x]!;
      coverage[y * width + x] = Math.min(1, Math.abs(sum));
    }
  }
  return coverage;
}
