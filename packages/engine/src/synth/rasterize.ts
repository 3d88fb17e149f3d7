import type { Contour } from "./contours.ts";

/** A coverage map: 0 (empty) to 1 (covered) per pixel, row-major. */
export type Coverage = { width: number; height: number; data: Float32Array };

/** Creates an empty coverage map. */
export function createCoverage(width: number, height: number): Coverage {
  return { width, height, data: new Float32Array(width * height) };
}

type Edge = { yTop: number; yBottom: number; xAtTop: number; slope: number; direction: number };

/**
 * Fills polygons (pixel coordinates, y down) with the nonzero rule into a coverage map, anti-aliased:
 * `samples` sub-scanlines per pixel row, exact coverage along each. Overlapping fills keep the larger coverage.
 */
export function fillContours(target: Coverage, contours: readonly Contour[], samples = 5): void {
  const edges: Edge[] = [];
  for (const contour of contours) {
    const n = contour.length;
    for (let i = 0; i < n; i += 2) {
      const x0 = contour[i]!;
      const y0 = contour[i + 1]!;
      const x1 = contour[(i + 2) % n]!;
      const y1 = contour[(i + 3) % n]!;
      if (y0 === y1) continue;
      const down = y1 > y0;
      const [xt, yt, yb] = down ? [x0, y0, y1] : [x1, y1, y0];
      edges.push({ yTop: yt, yBottom: yb, xAtTop: xt, slope: (x1 - x0) / (y1 - y0), direction: down ? 1 : -1 });
    }
  }
  if (edges.length === 0) return;
  edges.sort((a, b) => a.yTop - b.yTop);
  const { width, height, data } = target;
  const yStart = Math.max(0, Math.floor(edges[0]!.yTop));
  const yEnd = Math.min(height - 1, Math.ceil(Math.max(...edges.map((e) => e.yBottom))));
  const row = new Float32Array(width + 2);
  const active: Edge[] = [];
  const crossings: number[] = [];
  let nextEdge = 0;
  const weight = 1 / samples;
  for (let y = yStart; y <= yEnd; y++) {
    let touchedMin = width;
    let touchedMax = -1;
    for (let s = 0; s < samples; s++) {
      const sy = y + (s + 0.5) / samples;
      while (nextEdge < edges.length && edges[nextEdge]!.yTop <= sy) active.push(edges[nextEdge++]!);
      crossings.length = 0;
      for (let i = active.length - 1; i >= 0; i--) {
        const edge = active[i]!;
        if (edge.yBottom <= sy) {
          active[i] = active[active.length - 1]!;
          active.pop();
          continue;
        }
        if (edge.yTop > sy) continue;
        crossings.push(edge.xAtTop + (sy - edge.yTop) * edge.slope, edge.direction);
      }
      if (crossings.length === 0) continue;
      const order = Array.from({ length: crossings.length / 2 }, (_, k) => k).sort(
        (a, b) => crossings[2 * a]! - crossings[2 * b]!,
      );
      let winding = 0;
      let spanStart = 0;
      for (const k of order) {
        const x = crossings[2 * k]!;
        const before = winding;
        winding += crossings[2 * k + 1]!;
        if (before === 0 && winding !== 0) spanStart = x;
        else if (before !== 0 && winding === 0) {
          const a = Math.max(0, spanStart);
          const b = Math.min(width, x);
          if (b <= a) continue;
          const ia = Math.floor(a);
          const ib = Math.floor(b);
          if (ia === ib) row[ia]! += (b - a) * weight;
          else {
            row[ia]! += (ia + 1 - a) * weight;
            for (let i = ia + 1; i < ib; i++) row[i]! += weight;
            if (ib < width) row[ib]! += (b - ib) * weight;
          }
          touchedMin = Math.min(touchedMin, ia);
          touchedMax = Math.max(touchedMax, Math.min(ib, width - 1));
        }
      }
    }
    const base = y * width;
    for (let x = touchedMin; x <= touchedMax; x++) {
      const value = Math.min(1, row[x]!);
      if (value > data[base + x]!) data[base + x] = value;
      row[x] = 0;
    }
  }
}
