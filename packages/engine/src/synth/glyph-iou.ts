import { type Contour, contoursBox, pathToContours, strokePolygons, transformContours } from "./contours.ts";
import { createCoverage, fillContours } from "./rasterize.ts";
import type { GlyphTruth } from "./render-page.ts";

export type GlyphComparison = {
  /** Intersection over union of the two filled shapes (nonzero rule), after horizontal alignment. */
  iou: number;
  /** Vertical distance between the bottoms of the two shapes, in font units. */
  baselineError: number;
  /** Read ink area over true ink area: below 1 the reading eroded the strokes, above 1 it fattened them. */
  areaRatio: number;
};

/**
 * Compares a read outline (SVG path data in font units) with the truth, both rasterised with the nonzero rule
 * at `unitsPerPixel`. Spacing is decided later in the product, so the read glyph is first aligned
 * horizontally (by its ink's x-centroid); vertical placement counts.
 */
export function compareGlyph(readPath: string, truth: GlyphTruth, unitsPerPixel = 2.5): GlyphComparison {
  const truthShape = [...truth.contours, ...strokePolygons(truth.contours, truth.dilation)];
  const readShape = pathToContours(readPath, 0.25);
  if (readShape.length === 0 || truthShape.length === 0) {
    return { iou: 0, baselineError: Number.POSITIVE_INFINITY, areaRatio: 0 };
  }
  const tb = contoursBox(truthShape);
  const rb = contoursBox(readShape);
  const margin = 40;
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
  return {
    iou: union === 0 ? 0 : intersection / union,
    baselineError: Math.abs(bottomOf(a, width, height) - bottomOf(b, width, height)) * unitsPerPixel,
    areaRatio: areaA === 0 ? 0 : areaB / areaA,
  };
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

/** The lowest row with ink, in rows from the top (sub-row precision from coverage). */
function bottomOf(data: Float32Array, width: number, height: number): number {
  for (let y = height - 1; y >= 0; y--) {
    let most = 0;
    for (let x = 0; x < width; x++) most = Math.max(most, data[y * width + x]!);
    if (most > 0) return y + most;
  }
  return 0;
}
