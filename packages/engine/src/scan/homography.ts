import type { PagePoint, ScanPoint } from "../units.ts";
import { scanPoint } from "../units.ts";

/** A projective map from page millimetres to scan pixels, as a row-major 3×3 matrix with h[8] = 1. */
export type Homography = readonly number[];

/**
 * Solves the homography that maps four (or more, in the least-squares sense) page points onto scan points.
 * Returns undefined when the points are degenerate (three in a line).
 */
export function solveHomography(page: readonly PagePoint[], scan: readonly ScanPoint[]): Homography | undefined {
  // Normal equations of the 2n × 8 direct linear transform with h[8] fixed at 1.
  const ata = Array.from({ length: 8 }, () => new Float64Array(9));
  const addRow = (row: number[], rhs: number) => {
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) ata[i]![j]! += row[i]! * row[j]!;
      ata[i]![8]! += row[i]! * rhs;
    }
  };
  // Conditioning: centre and scale both point sets, which keeps the system well posed at 600 dpi.
  const pageNorm = normaliser(page);
  const scanNorm = normaliser(scan);
  for (let k = 0; k < page.length; k++) {
    const [x, y] = pageNorm.apply(page[k]!);
    const [u, v] = scanNorm.apply(scan[k]!);
    addRow([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    addRow([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  const solution = solveLinear(ata);
  if (!solution) return undefined;
  const h = [...solution, 1];
  // Undo the conditioning: H = S⁻¹ · Hn · P.
  const composed = multiply(multiply(scanNorm.inverse, h), pageNorm.matrix);
  const scale = composed[8]!;
  if (Math.abs(scale) < 1e-12) return undefined;
  return composed.map((value) => value / scale);
}

/** Maps a page point to the scan. */
export function pageToScan(h: Homography, point: PagePoint): ScanPoint {
  const w = h[6]! * point.x + h[7]! * point.y + h[8]!;
  return scanPoint((h[0]! * point.x + h[1]! * point.y + h[2]!) / w, (h[3]! * point.x + h[4]! * point.y + h[5]!) / w);
}

/** The inverse map, from scan pixels back to page millimetres. */
export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  const inverse = [
    e * l - f * k,
    c * k - b * l,
    b * f - c * e,
    f * g - d * l,
    a * l - c * g,
    c * d - a * f,
    d * k - e * g,
    b * g - a * k,
    a * e - b * d,
  ];
  const scale = inverse[8]!;
  return inverse.map((value) => value / scale);
}

/**
 * Scan pixels per page millimetre around a page point: the square root of the map's local area scale.
 * Used to judge resolution and perspective.
 */
export function localScale(h: Homography, point: PagePoint): number {
  const [ax, ay, bx, by] = localLinear(h, point);
  return Math.sqrt(Math.abs(ax * by - ay * bx));
}

/**
 * The map's linear part around a page point: the scan pixels (x, y) a millimetre along the page's x takes one to,
 * then those a millimetre along its y, as [ax, ay, bx, by].
 */
export function localLinear(h: Homography, point: PagePoint): [number, number, number, number] {
  const p = pageToScan(h, point);
  const px = pageToScan(h, { x: (point.x + 1) as PagePoint["x"], y: point.y });
  const py = pageToScan(h, { x: point.x, y: (point.y + 1) as PagePoint["y"] });
  return [px.x - p.x, px.y - p.y, py.x - p.x, py.y - p.y];
}

function normaliser(points: readonly { x: number; y: number }[]) {
  const n = points.length;
  const cx = points.reduce((s, p) => s + p.x, 0) / n;
  const cy = points.reduce((s, p) => s + p.y, 0) / n;
  const spread = points.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / n || 1;
  const s = Math.SQRT2 / spread;
  return {
    apply: (p: { x: number; y: number }) => [(p.x - cx) * s, (p.y - cy) * s] as const,
    matrix: [s, 0, -cx * s, 0, s, -cy * s, 0, 0, 1],
    inverse: [1 / s, 0, cx, 0, 1 / s, cy, 0, 0, 1],
  };
}

function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      for (let k = 0; k < 3; k++) out[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
    }
  }
  return out;
}

/** Gaussian elimination with partial pivoting on an n × (n+1) augmented matrix. */
function solveLinear(m: Float64Array[]): number[] | undefined {
  const n = m.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return undefined;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const top = m[col]!;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = m[row]![col]! / top[col]!;
      if (factor === 0) continue;
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * top[k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}
