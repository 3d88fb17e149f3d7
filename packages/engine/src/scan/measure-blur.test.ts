import { describe, expect, it } from "vitest";
import { blurRgba } from "../synth/index.ts";
import { createRandom } from "../synth/random.ts";
import type { Layout } from "../template/layout-types.ts";
import { MARKER_CENTRE_RATIO, MARKER_HOLE_RATIO } from "../template/page-geometry.ts";
import { pagePoint, scanPoint } from "../units.ts";
import { solveHomography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { measureBlur } from "./measure-blur.ts";

const markers: Layout["markers"] = {
  centers: [
    { x: 12, y: 12 },
    { x: 62, y: 12 },
    { x: 62, y: 52 },
    { x: 12, y: 52 },
  ],
  sizeMm: 10,
};
const PX_PER_MM = 5;
const TURN = (12 * Math.PI) / 180;

/** Page millimetres to picture pixels: 5 px/mm, the page turned by 12°, a little perspective. */
const h = solveHomography(
  [pagePoint(0, 0), pagePoint(74, 0), pagePoint(74, 64), pagePoint(0, 64)],
  [
    [0, 0],
    [74, 0],
    [74, 64],
    [0, 64],
  ].map(([x, y], i) => {
    const [u, v] = [x! * PX_PER_MM, y! * PX_PER_MM * (i >= 2 ? 1.04 : 1)];
    return scanPoint(40 + u * Math.cos(TURN) - v * Math.sin(TURN), 40 + u * Math.sin(TURN) + v * Math.cos(TURN));
  }),
)!;

/** Black in a marker (outer square, less its hole, plus its centre) at page point x, y. */
function inMarker(x: number, y: number): boolean {
  return markers.centers.some((c) => {
    const d = Math.max(Math.abs(x - c.x), Math.abs(y - c.y));
    const size = markers.sizeMm;
    return d <= size / 2 && (d > (size * MARKER_HOLE_RATIO) / 2 || d <= (size * MARKER_CENTRE_RATIO) / 2);
  });
}

/**
 * The markers printed on paper and photographed: each picture pixel's share of black (4 × 4 samples through the
 * inverse map), a lens blur, then the camera moving `smear` pixels while the shutter is open (the mean of samples
 * a pixel apart along it), grain.
 */
function photograph(smear: [number, number] | null, lensSigma: number, seed: number): GreyImage {
  const [width, height] = [400, 440];
  const inverse = solveHomography(
    [pagePoint(0, 0), pagePoint(74, 0), pagePoint(74, 64), pagePoint(0, 64)].map((p) => {
      const w = h[6]! * p.x + h[7]! * p.y + h[8]!;
      return pagePoint((h[0]! * p.x + h[1]! * p.y + h[2]!) / w, (h[3]! * p.x + h[4]! * p.y + h[5]!) / w);
    }),
    [scanPoint(0, 0), scanPoint(74, 0), scanPoint(74, 64), scanPoint(0, 64)],
  )!;
  const rgba = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let black = 0;
      for (let k = 0; k < 16; k++) {
        const [sx, sy] = [x + ((k % 4) + 0.5) / 4 - 0.5, y + (Math.floor(k / 4) + 0.5) / 4 - 0.5];
        const w = inverse[6]! * sx + inverse[7]! * sy + inverse[8]!;
        const px = (inverse[0]! * sx + inverse[1]! * sy + inverse[2]!) / w;
        const py = (inverse[3]! * sx + inverse[4]! * sy + inverse[5]!) / w;
        if (inMarker(px, py)) black++;
      }
      const level = 215 - (185 * black) / 16;
      rgba.data.fill(level, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  blurRgba(rgba, lensSigma);
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba.data[i * 4]!;
  const smeared = new Float32Array(grey);
  if (smear) {
    const taps = Math.round(Math.hypot(...smear)) + 1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let t = 0; t < taps; t++) {
          const along = t / (taps - 1) - 0.5;
          const sx = Math.min(width - 1, Math.max(0, x + Math.round(along * smear[0])));
          const sy = Math.min(height - 1, Math.max(0, y + Math.round(along * smear[1])));
          sum += grey[sy * width + sx]!;
        }
        smeared[y * width + x] = sum / taps;
      }
    }
  }
  const random = createRandom(seed);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(0, Math.min(255, Math.round(smeared[i]! + 3 * random.normal())));
  return { width, height, data };
}

/** Angle of a direction, either way, in degrees 0–180. */
const direction = (dx: number, dy: number) => ((((Math.atan2(dy, dx) * 180) / Math.PI) % 180) + 180) % 180;
/** Smallest difference of two directions either way (degrees). */
const apart = (a: number, b: number) => Math.min(Math.abs(a - b), 180 - Math.abs(a - b));

describe("measureBlur", () => {
  it("finds a shaken photo's smear on the corner markers: its length, and which diagonal it runs along", () => {
    for (const [angle, seed] of [
      [35, 1],
      [-35, 2],
      [100, 3],
    ] as const) {
      const a = (angle * Math.PI) / 180;
      const smear: [number, number] = [6 * Math.cos(a), 6 * Math.sin(a)];
      const blur = measureBlur(photograph(smear, 1, seed), h, markers)?.smear;
      expect(blur).toBeDefined();
      const length = Math.hypot(blur!.dx, blur!.dy);
      expect({ angle, length: Math.abs(length - 6) < 1.5 }).toEqual({ angle, length: true });
      expect({ angle, off: apart(direction(blur!.dx, blur!.dy), direction(...smear)) < 12 }).toEqual({
        angle,
        off: true,
      });
    }
  });

  it("finds no smear on a photo that was held still, however blurred by the lens", () => {
    for (const [sigma, seed] of [
      [0.6, 4],
      [1.2, 5],
      [2, 6],
    ] as const) {
      expect({ sigma, blur: measureBlur(photograph(null, sigma, seed), h, markers)?.smear }).toEqual({
        sigma,
        blur: undefined,
      });
    }
  });

  it("measures how far the blur spreads a line at most, in page millimetres, a smear too short to remove included", () => {
    for (const [sigma, smear, seed] of [
      [0.6, null, 7],
      [1.2, null, 8],
      [2, null, 9],
      [1, [2, 0], 10],
    ] as const) {
      // The lens's blur, a camera pixel's own width (a box of one pixel: 1/12 px²) and a smear of length L along x
      // (L²/12, as the mean of samples a pixel apart spreads it), in pixels 1/5 mm wide (the y axis is stretched 4 %
      // at most, so the larger spread is across x).
      const along = smear ? (smear[0] * smear[0]) / 12 : 0;
      const expected = Math.sqrt(sigma * sigma + 1 / 12 + along) / PX_PER_MM;
      const measured = measureBlur(photograph(smear && [...smear], sigma, seed), h, markers)!.sigmaMm;
      // Up to a tenth under it (each marker edge is read within a millimetre, which cuts a wide blur's tails) and a
      // quarter over it (a blur of a pixel or less meets the picture's own grid along one axis more than the other).
      const ratio = measured / expected;
      expect({ sigma, smear, within: ratio > 0.9 && ratio < 1.25 }).toEqual({ sigma, smear, within: true });
    }
  });

  it("measures the blur on one marker when the others cannot be measured (a curled page's corners)", () => {
    const sigma = 1.2;
    const expected = Math.sqrt(sigma * sigma + 1 / 12) / PX_PER_MM;
    // Three of the four places hold no marker: only the first can be measured.
    const oneMeasurable: Layout["markers"] = {
      ...markers,
      centers: [markers.centers[0], { x: 37, y: 20 }, { x: 37, y: 44 }, { x: 37, y: 32 }],
    };
    const blur = measureBlur(photograph(null, sigma, 11), h, oneMeasurable);
    expect(blur).toBeDefined();
    const ratio = blur!.sigmaMm / expected;
    expect(ratio > 0.9 && ratio < 1.25).toBe(true);
  });
});
