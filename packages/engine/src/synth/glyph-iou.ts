import { type Contour, contoursBox, pathToContours, strokePolygons, transformContours } from "./contours.ts";
import { createCoverage, fillContours } from "./rasterize.ts";
import type { GlyphTruth } from "./render-page.ts";

export type GlyphComparison = {
  /** Intersection over union of the two filled shapes (nonzero rule), after horizontal alignment. */
  iou: number;
  /** Vertical distance between the bottoms of the two shapes, in font units. */
  baselineError: number;
  /**
   * How far the read glyph sits above or below the truth, in font units: the vertical shift (up to
   * MAX_OFFSET_UNITS) that makes the two inks overlap most. Unlike the bottoms' distance, a tip too thin for the
   * camera to see (the taper of a descender) that the reading ends short of does not count as misplacement.
   */
  verticalOffset: number;
  /** Read ink area over true ink area: below 1 the reading eroded the strokes, above 1 it fattened them. */
  areaRatio: number;
  /** Share of the true ink within `toleranceUnits` of the read ink (after the same alignment). */
  truthCovered: number;
  /** Share of the read ink within `toleranceUnits` of the true ink. */
  readOnTruth: number;
  /**
   * The glyph came back whole: at least 98 % of the true ink lies within the tolerance (one scan pixel) of the
   * read ink, and 98 % of the read ink within it of the truth. Unlike IoU, this does not punish a thin pen for an
   * edge that is a fraction of a pixel off, and it does punish a missing hairline or a stray blot.
   */
  whole: boolean;
};

/** Share of ink both ways that makes a glyph whole. */
export const WHOLE_SHARE = 0.98;

/** The farthest vertical offset compareGlyph looks for (font units); a glyph placed farther off reads as this. */
export const MAX_OFFSET_UNITS = 100;

/**
 * Compares a read outline (SVG path data in font units) with the truth, both rasterised with the nonzero rule
 * at `unitsPerPixel`. Spacing is decided later in the product, so the read glyph is first aligned
 * horizontally (by its ink's x-centroid); vertical placement counts.
 */
export function compareGlyph(
  readPath: string,
  truth: GlyphTruth,
  unitsPerPixel = 2.5,
  toleranceUnits = 0,
): GlyphComparison {
  const truthShape = [...truth.contours, ...strokePolygons(truth.contours, truth.dilation)];
  const readShape = pathToContours(readPath, 0.25);
  if (readShape.length === 0 || truthShape.length === 0) {
    return {
      iou: 0,
      baselineError: Number.POSITIVE_INFINITY,
      verticalOffset: Number.POSITIVE_INFINITY,
      areaRatio: 0,
      truthCovered: 0,
      readOnTruth: 0,
      whole: false,
    };
  }
  const tb = contoursBox(truthShape);
  const rb = contoursBox(readShape);
  const margin = 40 + toleranceUnits;
  const xMin = Math.min(tb.xMin, rb.xMin) - margin;
  const xMax = Math.max(tb.xMax, rb.xMax) + margin;
  const yMin = Math.min(tb.yMin, rb.yMin) - margin;
  const yMax = Math.max(tb.yMax, rb.yMax) + margin;
  const width = Math.ceil((xMax - xMin) / unitsPerPixel);
  const height = Math.ceil((yMax - yMin) / unitsPerPixel);
  const raster = (shape: Contour[]) => {
    const coverage = createCoverage(width, height);
    const s = 1 / unitsPerPixel;
    fillContours(coverage, transformContours(shape, [s, 0, 0, -s, -xMin * s, yMax * s]), 4);
    return coverage.data;
  };
  const a = raster(truthShape);
  const b = raster(readShape);
  const shift = Math.round(centroidX(a, width) - centroidX(b, width));
  let intersection = 0;
  let union = 0;
  let areaA = 0;
  let areaB = 0;
  const inkA = new Uint8Array(width * height);
  const inkB = new Uint8Array(width * height);
  for (let i = 0; i < a.length; i++) {
    inkA[i] = a[i]! >= 0.5 ? 1 : 0;
    inkB[i] = b[i]! >= 0.5 ? 1 : 0;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const va = a[y * width + x]! >= 0.5 ? 1 : 0;
      const xb = x - shift;
      const vb = xb >= 0 && xb < width && b[y * width + xb]! >= 0.5 ? 1 : 0;
      intersection += va & vb;
      union += va | vb;
      areaA += va;
      areaB += b[y * width + x]! >= 0.5 ? 1 : 0;
    }
  }
  // Whole or not is judged at the best horizontal alignment near the centroids': with hairlines the centroids
  // move by several units when one stroke reads a little wider than another.
  const reach = (toleranceUnits / unitsPerPixel) ** 2;
  const toTruth = squaredDistances(inkA, width, height);
  const toRead = squaredDistances(inkB, width, height);
  let truthCovered = 0;
  let readOnTruth = 0;
  const search = Math.ceil(20 / unitsPerPixel);
  for (let s = shift - search; s <= shift + search; s++) {
    const covered = shareWithin(inkA, toRead, reach, -s, width);
    const on = shareWithin(inkB, toTruth, reach, s, width);
    if (Math.min(covered, on) > Math.min(truthCovered, readOnTruth)) [truthCovered, readOnTruth] = [covered, on];
  }
  return {
    iou: union === 0 ? 0 : intersection / union,
    baselineError: Math.abs(bottomOf(a, width, height) - bottomOf(b, width, height)) * unitsPerPixel,
    verticalOffset:
      Math.abs(bestVerticalShift(inkA, inkB, width, shift, Math.ceil(MAX_OFFSET_UNITS / unitsPerPixel))) *
      unitsPerPixel,
    areaRatio: areaA === 0 ? 0 : areaB / areaA,
    truthCovered,
    readOnTruth,
    whole: truthCovered >= WHOLE_SHARE && readOnTruth >= WHOLE_SHARE,
  };
}

/**
 * Share of the set pixels of `ink` whose squared distance in `distances`, looked up `shift` pixels to the right,
 * is at most `reach`.
 */
function shareWithin(ink: Uint8Array, distances: Float64Array, reach: number, shift: number, width: number): number {
  let inside = 0;
  let total = 0;
  for (let i = 0; i < ink.length; i++) {
    if (!ink[i]) continue;
    total++;
    const x = (i % width) + shift;
    if (x >= 0 && x < width && distances[i + shift]! <= reach + 1e-9) inside++;
  }
  return total === 0 ? 0 : inside / total;
}

/**
 * Squared Euclidean distance of every pixel to the nearest set pixel of `ink` (exact, in two passes of the
 * lower envelope of parabolas, after Felzenszwalb and Huttenlocher).
 */
function squaredDistances(ink: Uint8Array, width: number, height: number): Float64Array {
  const far = (width + height) ** 2;
  const out = new Float64Array(width * height);
  for (let i = 0; i < ink.length; i++) out[i] = ink[i] ? 0 : far;
  const size = Math.max(width, height);
  const f = new Float64Array(size);
  const d = new Float64Array(size);
  const v = new Int32Array(size);
  const z = new Float64Array(size + 1);
  const pass = (n: number, get: (i: number) => number, set: (i: number, value: number) => void) => {
    for (let i = 0; i < n; i++) f[i] = get(i);
    let k = 0;
    v[0] = 0;
    z[0] = Number.NEGATIVE_INFINITY;
    z[1] = Number.POSITIVE_INFINITY;
    for (let q = 1; q < n; q++) {
      let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      while (s <= z[k]!) {
        k--;
        s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = Number.POSITIVE_INFINITY;
    }
    k = 0;
    for (let q = 0; q < n; q++) {
      while (z[k + 1]! < q) k++;
      d[q] = (q - v[k]!) ** 2 + f[v[k]!]!;
    }
    for (let i = 0; i < n; i++) set(i, d[i]!);
  };
  for (let x = 0; x < width; x++) {
    pass(
      height,
      (y) => out[y * width + x]!,
      (y, value) => {
        out[y * width + x] = value;
      },
    );
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    pass(
      width,
      (x) => out[row + x]!,
      (x, value) => {
        out[row + x] = value;
      },
    );
  }
  return out;
}

function centroidX(data: Float32Array, width: number): number {
  let sum = 0;
  let weight = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (v < 0.5) continue;
    sum += i % width;
    weight++;
  }
  return weight ? sum / weight : 0;
}

/**
 * The vertical shift of `read` (rows, within `reach` either way; `shiftX` columns to the right as aligned) at which
 * it overlaps `truth` most (of equal overlaps, the smallest shift), to a fraction of a row.
 */
function bestVerticalShift(truth: Uint8Array, read: Uint8Array, width: number, shiftX: number, reach: number): number {
  const height = truth.length / width;
  const overlap = new Float64Array(2 * reach + 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!truth[y * width + x]) continue;
      const xr = x - shiftX;
      if (xr < 0 || xr >= width) continue;
      for (let s = -reach; s <= reach; s++) {
        const yr = y + s;
        if (yr >= 0 && yr < height && read[yr * width + xr]) overlap[s + reach]!++;
      }
    }
  }
  let best = 0;
  for (let s = -reach; s <= reach; s++) {
    const better = overlap[s + reach]! > overlap[best + reach]!;
    if (better || (overlap[s + reach] === overlap[best + reach] && Math.abs(s) < Math.abs(best))) best = s;
  }
  if (best === -reach || best === reach) return best;
  // Between rows: the peak of the parabola through the best overlap and its two neighbours.
  const [before, at, after] = [overlap[best + reach - 1]!, overlap[best + reach]!, overlap[best + reach + 1]!];
  const curvature = before - 2 * at + after;
  return curvature < 0 ? best + (before - after) / (2 * curvature) : best;
}

/** The lowest row with ink, in rows from the top (sub-row precision from coverage). */
function bottomOf(data: Float32Array, width: number, height: number): number {
  for (let y = height - 1; y >= 0; y--) {
    let most = 0;
    for (let x = 0; x < width; x++) most = Math.max(most, data[y * width + x]!);
    if (most > 0) return y + most;
  }
  return 0;
}
