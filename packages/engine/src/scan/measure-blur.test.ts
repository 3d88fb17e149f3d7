import { describe, expect, it } from "vitest";
import { blurRgba, unsharpMask } from "../synth/index.ts";
import { createRandom } from "../synth/random.ts";
import type { Layout } from "../template/layout-types.ts";
import { MARKER_CENTRE_RATIO, MARKER_HOLE_RATIO } from "../template/page-geometry.ts";
import { pagePoint, scanPoint } from "../units.ts";
import { solveHomography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { blurAt, blurCovarianceAt, measureBlur, type PageBlur } from "./measure-blur.ts";
import { DEBLURRED_SHARE } from "./remove-motion-blur.ts";

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

/**
 * Black in a marker (outer square, less its hole, plus its centre) at page point x, y; `scale` draws the markers that
 * much larger about their centres than the layout says (as a curled page shows them against the homography).
 */
function inMarker(x: number, y: number, scale = 1): boolean {
  return markers.centers.some((c) => {
    const d = Math.max(Math.abs(x - c.x), Math.abs(y - c.y));
    const size = markers.sizeMm * scale;
    return d <= size / 2 && (d > (size * MARKER_HOLE_RATIO) / 2 || d <= (size * MARKER_CENTRE_RATIO) / 2);
  });
}

/**
 * The markers printed on paper and photographed: each picture pixel's share of black (4 × 4 samples through the
 * inverse map), a lens blur, the phone's `sharpen`ing when given, then the camera moving `smear` pixels while the
 * shutter is open (the mean of samples a pixel apart along it), grain.
 */
function photograph(
  smear: [number, number] | null,
  lensSigma: number,
  seed: number,
  scale = 1,
  sharpen?: { sigma: number; amount: number },
): GreyImage {
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
        if (inMarker(px, py, scale)) black++;
      }
      const level = 215 - (185 * black) / 16;
      rgba.data.fill(level, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  blurRgba(rgba, lensSigma);
  if (sharpen) unsharpMask(rgba, sharpen.sigma, sharpen.amount);
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

/** The standard normal distribution's cumulative probability (by the error function, Abramowitz and Stegun 7.1.26). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Where a rising function of x crosses `level` (bisection over ±10). */
function levelCrossedAt(rise: (x: number) => number, level: number): number {
  let [lo, hi] = [-10, 10];
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (rise(mid) < level) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
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

  it("measures a sharpened photo's blur, where the sharpening's light and dark bands leave the moments none", () => {
    const sigma = 1.2;
    const lens = Math.sqrt(sigma * sigma + 1 / 12);
    const masks = [
      [2, 0.5, 14],
      [1.5, 1, 15],
      [2, 1, 16],
    ] as const;
    const measured = masks.map(([radius, amount, seed]) => {
      // An unsharp mask adds `amount` times the picture less its Gaussian blur: a step seen through the lens rises as
      // (1 + amount) Φ(x / lens) − amount Φ(x / wider), with wider² = lens² + radius². How far a Gaussian rises from a
      // quarter to three quarters of its step, 1.349 deviations, is the blur of the edge's middle.
      const wider = Math.sqrt(lens * lens + radius * radius);
      const rise = (x: number) => (1 + amount) * normalCdf(x / lens) - amount * normalCdf(x / wider);
      const expected = (levelCrossedAt(rise, 0.75) - levelCrossedAt(rise, 0.25)) / 1.349 / PX_PER_MM;
      const blur = measureBlur(photograph(null, sigma, seed, 1, { sigma: radius, amount }), h, markers);
      const ratio = blur && blur.sigmaMm / expected;
      return { radius, amount, within: ratio! > 0.7 && ratio! < 1.4, smear: blur?.smear };
    });
    // Within 0.7 (a marker whose moments still measure, shrunk by the bands, weighs in the median) and 1.4 (a strong
    // mask's dark band lies deeper than the marker's black, which each step is measured against, and widens the rise).
    expect(measured).toEqual([
      { radius: 2, amount: 0.5, within: true, smear: undefined },
      { radius: 1.5, amount: 1, within: true, smear: undefined },
      { radius: 2, amount: 1, within: true, smear: undefined },
    ]);
  });

  it("measures the blur on markers that lie larger or smaller than the homography says (a curled page's)", () => {
    // Drawn 6 % larger or smaller, a marker's corners lie 0.3 mm (1.5 px) off where the homography puts them along each
    // edge, more than the corners' blur reaches: they are read where the marker's edges were found.
    const sigma = 1.2;
    const expected = Math.sqrt(sigma * sigma + 1 / 12) / PX_PER_MM;
    for (const [scale, seed] of [
      [1.06, 12],
      [0.94, 13],
    ] as const) {
      const blur = measureBlur(photograph(null, sigma, seed, scale), h, markers);
      const ratio = blur && blur.sigmaMm / expected;
      expect({ scale, markers: blur?.inPixels.length, within: ratio! > 0.9 && ratio! < 1.25 }).toEqual({
        scale,
        markers: 4,
        within: true,
      });
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

/** A 60 × 80 mm page mapped to the picture through its four corners' pixels. */
const mapped = (pixels: [number, number][]) =>
  solveHomography(
    [pagePoint(0, 0), pagePoint(60, 0), pagePoint(60, 80), pagePoint(0, 80)],
    pixels.map(([x, y]) => scanPoint(x, y)),
  )!;

describe("blurAt", () => {
  const round = (sigmaPx: number): PageBlur => ({ sigmaMm: 0, inPixels: [[sigmaPx ** 2, 0, sigmaPx ** 2]] });

  it("takes a round blur of the picture to the page at the page's scale, smoothing added in pixels²", () => {
    // 5 px/mm, turned by 30°: 1.5 px of blur is 0.3 mm everywhere; two passes of smoothing add 1 px².
    const [c, s] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    const turned = mapped(
      (
        [
          [0, 0],
          [60, 0],
          [60, 80],
          [0, 80],
        ] as [number, number][]
      ).map(([x, y]) => [100 + 5 * (x * c - y * s), 100 + 5 * (x * s + y * c)]),
    );
    for (const point of [pagePoint(5, 5), pagePoint(30, 40), pagePoint(55, 75)]) {
      expect(blurAt(round(1.5), turned, point)).toBeCloseTo(0.3, 6);
      expect(blurAt(round(1.5), turned, point, 1)).toBeCloseTo(Math.sqrt(1.5 ** 2 + 1) / 5, 6);
    }
  });

  it("spreads the blur along the way a page seen at an angle is foreshortened", () => {
    // Down the page a millimetre is 2.5 px, across it 5 px: the same 1.5 px blur spreads 0.6 mm down the page.
    const squeezed = mapped([
      [0, 0],
      [300, 0],
      [300, 200],
      [0, 200],
    ]);
    expect(blurAt(round(1.5), squeezed, pagePoint(30, 40))).toBeCloseTo(0.6, 6);
    // A blur stretched along the picture's x (a smear) spreads 2 px / 5 px/mm across the page, more than 1.5 / 2.5.
    expect(blurAt({ sigmaMm: 0, inPixels: [[3, 0, 1]] }, squeezed, pagePoint(30, 40))).toBeCloseTo(
      Math.max(Math.sqrt(3) / 5, 1 / 2.5),
      6,
    );
  });

  it("finds the far side of a steep view twice as blurred on the page as the near side", () => {
    // The far edge (the page's top) is 150 px long in the picture, the near one 300 px, both 60 mm: along them a
    // millimetre is 2.5 and 5 px, and down the page more than that, so the blur spreads most along the edges.
    const steep = mapped([
      [75, 0],
      [225, 0],
      [300, 400],
      [0, 400],
    ]);
    expect(blurAt(round(1.5), steep, pagePoint(30, 0))).toBeCloseTo(1.5 / 2.5, 6);
    expect(blurAt(round(1.5), steep, pagePoint(30, 80))).toBeCloseTo(1.5 / 5, 6);
  });

  it("leaves out of a box's blur what removing the page's smear takes out of it", () => {
    // 5 px/mm, the lens's round 1.5 px and a 6 px smear along the picture's diagonal: the smear spreads 3 px² along
    // it, of which removing it takes DEBLURRED_SHARE.
    const flat = mapped([
      [0, 0],
      [300, 0],
      [300, 400],
      [0, 400],
    ]);
    const smear = { dx: 6 * Math.SQRT1_2, dy: 6 * Math.SQRT1_2 };
    const along = 36 / 12;
    // Covariance of the round blur plus the smear: (1.5² + along/2) on the diagonal, along/2 across it.
    const marker: [number, number, number] = [1.5 ** 2 + along / 2, along / 2, 1.5 ** 2 + along / 2];
    const blur = { sigmaMm: 0, inPixels: [marker, marker, marker] };
    const point = pagePoint(30, 40);
    expect(blurAt(blur, flat, point)).toBeCloseTo(Math.sqrt(1.5 ** 2 + along) / 5, 6);
    expect(blurAt(blur, flat, point, 0, smear)).toBeCloseTo(Math.sqrt(1.5 ** 2 + (1 - DEBLURRED_SHARE) * along) / 5, 6);
    // A marker less smeared than the page keeps its own round blur: nothing is taken below it.
    const still = { sigmaMm: 0, inPixels: [[1.5 ** 2, 0, 1.5 ** 2] as [number, number, number]] };
    expect(blurAt(still, flat, point, 0, smear)).toBeCloseTo(1.5 / 5, 6);
  });
});

describe("blurCovarianceAt", () => {
  it("gives the blur on the page in each direction: the foreshortened way's spread, and the sharp way's", () => {
    // Across the page a millimetre is 5 px, down it 2.5 px: a round 1.5 px blur spreads 0.3 mm across, 0.6 mm down.
    const squeezed = mapped([
      [0, 0],
      [300, 0],
      [300, 200],
      [0, 200],
    ]);
    const blur: PageBlur = { sigmaMm: 0, inPixels: [[1.5 ** 2, 0, 1.5 ** 2]] };
    const [xx, xy, yy] = blurCovarianceAt(blur, squeezed, pagePoint(30, 40));
    expect(Math.sqrt(xx)).toBeCloseTo(0.3, 6);
    expect(xy).toBeCloseTo(0, 6);
    expect(Math.sqrt(yy)).toBeCloseTo(0.6, 6);
    // Its widest way is the blur blurAt gives.
    expect(Math.sqrt(Math.max(xx, yy))).toBeCloseTo(blurAt(blur, squeezed, pagePoint(30, 40)), 6);
  });

  it("takes the median of the markers' blurs in each component, leaving out a marker far off the others", () => {
    // 5 px/mm, axes aligned: two markers smeared along the picture's x, a third (in a shadow's noise) round and wide.
    const flat = mapped([
      [0, 0],
      [300, 0],
      [300, 400],
      [0, 400],
    ]);
    const smeared: [number, number, number] = [4, 0.5, 1];
    const blur: PageBlur = { sigmaMm: 0, inPixels: [smeared, [25, 0, 25], smeared] };
    const [xx, xy, yy] = blurCovarianceAt(blur, flat, pagePoint(30, 40));
    expect([xx, xy, yy].map((v) => v * 25)).toEqual(smeared.map((v) => expect.closeTo(v, 6)));
  });
});
