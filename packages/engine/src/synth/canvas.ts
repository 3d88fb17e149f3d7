import type { Contour } from "./contours.ts";
import { createCoverage, fillContours } from "./rasterize.ts";

/** An RGB picture in 0–255 floats, for compositing before the final 8-bit RGBA. */
export type Canvas = { width: number; height: number; rgb: Float32Array };

export type Rgb = readonly [number, number, number];

/** A canvas filled with one colour. */
export function createCanvas(width: number, height: number, colour: Rgb): Canvas {
  const rgb = new Float32Array(width * height * 3);
  for (let i = 0; i < rgb.length; i += 3) {
    rgb[i] = colour[0];
    rgb[i + 1] = colour[1];
    rgb[i + 2] = colour[2];
  }
  return { width, height, rgb };
}

/**
 * Paints polygons (pixel coordinates) in a colour. `print` covers what is below (toner on paper); `ink`
 * multiplies with it (a pen over printed guides darkens them, as real ink does). `laidDown` (0–1 at a canvas pixel)
 * is how much of the colour stays where the polygons cover the pixel: graphite caught by the paper's tooth.
 */
export function paint(
  canvas: Canvas,
  contours: readonly Contour[],
  colour: Rgb,
  mode: "print" | "ink" = "print",
  laidDown?: (x: number, y: number) => number,
): void {
  let xMin = Infinity;
  let yMin = Infinity;
  let xMax = -Infinity;
  let yMax = -Infinity;
  for (const c of contours) {
    for (let i = 0; i < c.length; i += 2) {
      xMin = Math.min(xMin, c[i]!);
      xMax = Math.max(xMax, c[i]!);
      yMin = Math.min(yMin, c[i + 1]!);
      yMax = Math.max(yMax, c[i + 1]!);
    }
  }
  const x0 = Math.max(0, Math.floor(xMin));
  const y0 = Math.max(0, Math.floor(yMin));
  const x1 = Math.min(canvas.width, Math.ceil(xMax) + 1);
  const y1 = Math.min(canvas.height, Math.ceil(yMax) + 1);
  if (x1 <= x0 || y1 <= y0) return;
  const local = createCoverage(x1 - x0, y1 - y0);
  fillContours(
    local,
    contours.map((c) => c.map((v, i) => (i % 2 === 0 ? v - x0 : v - y0))),
  );
  const { rgb, width } = canvas;
  for (let y = 0; y < local.height; y++) {
    for (let x = 0; x < local.width; x++) {
      const covered = local.data[y * local.width + x]!;
      if (covered === 0) continue;
      const a = laidDown ? covered * laidDown(x + x0, y + y0) : covered;
      const j = ((y + y0) * width + x + x0) * 3;
      for (let k = 0; k < 3; k++) {
        const below = rgb[j + k]!;
        rgb[j + k] = mode === "print" ? below + (colour[k]! - below) * a : below * (1 - a + (a * colour[k]!) / 255);
      }
    }
  }
}

/** An axis-aligned rectangle as a polygon. */
export function rectangle(x: number, y: number, width: number, height: number): Contour {
  return [x, y, x + width, y, x + width, y + height, x, y + height];
}

/** A circle as a polygon of 16 sides. */
export function circle(cx: number, cy: number, radius: number): Contour {
  return ellipse(cx, cy, radius, radius, 16);
}

/** An axis-aligned ellipse as a polygon of `sides` sides. */
export function ellipse(cx: number, cy: number, rx: number, ry: number, sides = 32): Contour {
  const out: number[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = (i * 2 * Math.PI) / sides;
    out.push(cx + rx * Math.cos(angle), cy + ry * Math.sin(angle));
  }
  return out;
}

/** Converts a canvas to 8-bit RGBA. */
export function toRgba(canvas: Canvas): Uint8ClampedArray {
  const out = new Uint8ClampedArray(canvas.width * canvas.height * 4);
  for (let i = 0, j = 0; i < canvas.rgb.length; i += 3, j += 4) {
    out[j] = canvas.rgb[i]!;
    out[j + 1] = canvas.rgb[i + 1]!;
    out[j + 2] = canvas.rgb[i + 2]!;
    out[j + 3] = 255;
  }
  return out;
}
