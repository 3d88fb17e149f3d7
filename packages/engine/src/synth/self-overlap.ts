import type { Contour } from "./contours.ts";

/**
 * Counts crossings between edges of flattened outlines: edges of different contours, and non-neighbouring
 * edges of one contour. A clean glyph outline has none (touching end points do not count).
 */
export function countCrossings(contours: readonly Contour[]): number {
  const edges: [number, number, number, number, number, number][] = [];
  contours.forEach((c, k) => {
    const n = c.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      edges.push([c[2 * i]!, c[2 * i + 1]!, c[2 * j]!, c[2 * j + 1]!, k, i]);
    }
  });
  const counts = contours.map((c) => c.length / 2);
  let crossings = 0;
  for (let a = 0; a < edges.length; a++) {
    const [ax0, ay0, ax1, ay1, ka, ia] = edges[a]!;
    for (let b = a + 1; b < edges.length; b++) {
      const [bx0, by0, bx1, by1, kb, ib] = edges[b]!;
      if (Math.max(ax0, ax1) < Math.min(bx0, bx1) || Math.max(bx0, bx1) < Math.min(ax0, ax1)) continue;
      if (Math.max(ay0, ay1) < Math.min(by0, by1) || Math.max(by0, by1) < Math.min(ay0, ay1)) continue;
      if (ka === kb) {
        const n = counts[ka]!;
        if (Math.abs(ia - ib) <= 1 || Math.abs(ia - ib) === n - 1) continue;
      }
      const d1 = cross(bx0, by0, bx1, by1, ax0, ay0);
      const d2 = cross(bx0, by0, bx1, by1, ax1, ay1);
      const d3 = cross(ax0, ay0, ax1, ay1, bx0, by0);
      const d4 = cross(ax0, ay0, ax1, ay1, bx1, by1);
      if (d1 * d2 < 0 && d3 * d4 < 0) crossings++;
    }
  }
  return crossings;
}

function cross(x0: number, y0: number, x1: number, y1: number, px: number, py: number): number {
  return (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
}
