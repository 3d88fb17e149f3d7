import type { Layout } from "../template/layout-types.ts";
import { MARKER_HOLE_RATIO } from "../template/page-geometry.ts";
import { type PagePoint, pagePoint } from "../units.ts";
import { sampleGrid } from "./cut-cells.ts";
import { greyHistogram, levelOfShare } from "./grey-levels.ts";
import { type Homography, localLinear, localScale } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { DEBLURRED_SHARE } from "./remove-motion-blur.ts";

/**
 * A straight motion blur (the camera moving while the shutter was open), in the pixels of the picture it was
 * measured on: the whole smear as a vector, its direction either way.
 */
export type MotionBlur = { dx: number; dy: number };

/**
 * A smear is removed only when it spreads the picture at least this much more one way than the other (the larger
 * principal spread over the smaller, the lens's round blur). Pictures that were not shaken measure up to 1.5
 * (JPEG, a photo's demosaicing, the markers' own print: flatbed scans, phone photos, curled pages of the
 * benchmark); a 5-pixel smear on a phone photo measures 2 to 3. A smear spreading less than the lens's blur
 * changes the strokes' edges less than a pixel.
 */
const MIN_ANISOTROPY = 1.75;
/** …and is this long (scan pixels) at least: a shorter box blur is hardly told from a round one. */
const MIN_MOTION_PX = 3;
/** How far either side of an outer marker edge its profile is read (mm): up to halfway to the hole's edge. */
const EDGE_REACH_MM = 1;
/**
 * How far from an outer marker corner its blur is read, along each edge: this many of the blur's standard
 * deviations along that edge (a smear's end lies 1.7 of them out, a round blur's tail fades by 2.5), and at most
 * CORNER_REACH_MM. No further: a printed edge a hundredth of a radian off the sampling grid's axis adds the
 * square of the reach times that to the mixed moment, as much as a smear's own at a few pixels' reach.
 */
const CORNER_SIGMAS = 2.5;
/** …and never more than this (mm)… */
const CORNER_REACH_MM = 1.5;
/** …and along its diagonal: short of the blur of the hole's corner, which lies twice as far in. */
const CORNER_DIAGONAL_MM = 2;
/** Samples across a marker and its surroundings at most: enough for a blur of a pixel on any scan. */
const MAX_SAMPLES = 200;
/** Paper and a marker's black differ by this many grey levels at least, or its edges cannot be measured. */
const MIN_CONTRAST = 30;
/**
 * A Gaussian edge rises from a quarter to three quarters of its step over this many standard deviations (twice the
 * normal distribution's upper quartile).
 */
const QUARTILE_SPAN = 2 * 0.6744897501960817;
/**
 * A marker each of whose four edges spreads, by the moments of its derivative, less than this share of its spread by
 * its rise was sharpened (see markerSpread). A phone's unsharp mask of 1.5 pixels at full strength measures 0.37 at
 * most on the benchmark's photos (the mean of two edges), and markers with no mask near 1 (a scan's edge, rung a
 * little by JPEG, 0.55 and over); the grain of a dim photo throws single edges anywhere.
 */
const SHARPENED_RATIO = 0.6;

/** How a picture is blurred, measured on its corner markers (see measureBlur). */
export type PageBlur = {
  /** A straight motion blur, when there is one to speak of (MIN_ANISOTROPY, MIN_MOTION_PX). */
  smear?: MotionBlur;
  /**
   * The blur's standard deviation (page mm) along the direction it spreads most (lens, camera pixels, the scan's
   * optics, JPEG, and a smear too small to remove): the larger principal spread, in the page's own millimetres.
   */
  sigmaMm: number;
  /**
   * The blur's covariance (xx, xy, yy) in the picture's pixels² at each marker measured: the camera's own blur, about
   * the same all over the picture, where its spread over the page is not (see blurAt).
   */
  inPixels: [number, number, number][];
};

/**
 * Measures how a picture is blurred, from the printed corner markers, whose sharp shape is known. A blur's spread is
 * a 2 × 2 covariance in the picture: the lens's round blur adds the same to every direction, a smear of length L
 * adds L²/12 along its own. The spread across a marker's outer edges (the derivative of the edge's profile is the
 * blur seen along that edge's normal) gives the covariance along the marker's two axes; the mixed derivative of
 * the picture at an outer corner of the black square is the blur itself (a corner is the product of two steps),
 * whose central moment gives the covariance across the axes, the part that tells a smear along one diagonal from one
 * along the other. The difference of the covariance's two principal spreads is the smear's (the median of the
 * markers'); the larger one, measured in page millimetres, is how far the blur spreads a line at most. One marker
 * measured is enough (a curled page's other corners may not be): without the page's blur, boxes of pale ink are cut at
 * the ceiling, and a pencil's strokes came back thin and holed. Returns undefined when no marker can be measured.
 * The `hidden` marker (see FoundMarkers) is not measured: what lies there is a finger or the table, not print.
 */
export function measureBlur(
  scan: GreyImage,
  h: Homography,
  markers: Layout["markers"],
  hidden?: number,
): PageBlur | undefined {
  const seen = markers.centers.filter((_, i) => i !== hidden);
  const measured = (sharpened: boolean) =>
    seen.flatMap((c) => markerSpread(scan, h, c.x, c.y, markers.sizeMm, sharpened) ?? []);
  // A sharpened photo's markers are measured by their edges' rise only where none could be measured otherwise: where a
  // noisy photo's grain left one marker's moments and corners unmeasured, the others measure the blur as they did.
  let spreads = measured(false);
  if (spreads.length < 1) spreads = measured(true);
  if (spreads.length < 1) return undefined;
  const sigmaMm = Math.sqrt(median(spreads.map((s) => largerSpread(s.page))));
  const [xx, xy, yy] = [0, 1, 2].map((k) => median(spreads.map((s) => s.scan[k]!))) as [number, number, number];
  // Principal spreads of [[xx, xy], [xy, yy]]: their difference is the smear's L²/12, the larger one's axis its way.
  const difference = 2 * Math.hypot((xx - yy) / 2, xy);
  const length = Math.sqrt(12 * difference);
  const round = (xx + yy) / 2 - difference / 2;
  const inPixels = spreads.map((s) => s.scan);
  if (!(length >= MIN_MOTION_PX) || round + difference < MIN_ANISOTROPY * round) return { sigmaMm, inPixels };
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  return { smear: { dx: length * Math.cos(angle), dy: length * Math.sin(angle) }, sigmaMm, inPixels };
}

/**
 * The blur's standard deviation (page mm) along the way it spreads most at one point of the page, with `addedPx2`
 * more round blur in the picture's pixels² (a smoothing of it): the picture's blur taken through the homography as
 * it maps the page there (Σ_page = J⁻¹ Σ_scan J⁻ᵀ), each marker's as sigmaMm takes them, the median of their larger
 * spreads. A pixel of a photo taken at a steep angle covers twice as much of the page's far side as of its near side:
 * measured against the page's one blur (sigmaMm), the near boxes' strokes looked thinner than the blur, and a
 * pencil's came back cut as hairlines, half their width.
 * `removed`, the page's smear where the picture a box is cut from has it taken out (see removeMotionBlur), takes what
 * that removal takes (DEBLURRED_SHARE of its spread) out of each marker's. Counted in whole, a shaken photo's blur
 * measured wider than what blurred the cut, and a thin hand's pencil strokes looked as thin as the blur and were cut
 * near their middle (Bad Script, seed 3, steep and shaken: mean IoU 0.70).
 */
export function blurAt(blur: PageBlur, h: Homography, point: PagePoint, addedPx2 = 0, removed?: MotionBlur): number {
  return Math.sqrt(median(pageSpreadsAt(blur, h, point, addedPx2, removed).map(largerSpread)));
}

/**
 * The blur's covariance (xx, xy, yy, page mm²) at one point of the page, as blurAt takes it (each component the median
 * of the markers'): how far it spreads a line in each direction, so that a stroke's edges are judged against the blur
 * across that stroke. A shaken or steep photo's blur is several times wider one way than the other, and a stroke
 * running along its wide way is as sharp as a scan's across.
 */
export function blurCovarianceAt(
  blur: PageBlur,
  h: Homography,
  point: PagePoint,
  addedPx2 = 0,
  removed?: MotionBlur,
): [number, number, number] {
  const spreads = pageSpreadsAt(blur, h, point, addedPx2, removed);
  return [0, 1, 2].map((k) => median(spreads.map((s) => s[k]!))) as [number, number, number];
}

/** Each marker's blur (see blurAt) at one point of the page, as a covariance in page mm². */
function pageSpreadsAt(
  blur: PageBlur,
  h: Homography,
  point: PagePoint,
  addedPx2: number,
  removed: MotionBlur | undefined,
): [number, number, number][] {
  // J's columns are the pixels a millimetre along the page's x and y; its inverse maps pixels back to millimetres.
  const [ax, ay, bx, by] = localLinear(h, point);
  const det = ax * by - bx * ay;
  const [ix, iy, jx, jy] = [by / det, -ay / det, -bx / det, ax / det];
  return blur.inPixels.map((spread) => {
    let [xx, xy, yy] = removed ? withoutSmear(spread, removed) : spread;
    [xx, yy] = [xx + addedPx2, yy + addedPx2];
    return [
      ix * ix * xx + 2 * ix * jx * xy + jx * jx * yy,
      ix * iy * xx + (ix * jy + jx * iy) * xy + jx * jy * yy,
      iy * iy * xx + 2 * iy * jy * xy + jy * jy * yy,
    ];
  });
}

/**
 * A covariance with what removing a smear took out of it (DEBLURRED_SHARE of its L²/12 along it), its principal
 * spreads kept at least the smaller of the marker's own: a marker smeared less than the page's median keeps its round
 * blur.
 */
function withoutSmear([xx, xy, yy]: readonly number[], smear: MotionBlur): [number, number, number] {
  const floor = (xx! + yy!) / 2 - Math.hypot((xx! - yy!) / 2, xy!);
  const share = DEBLURRED_SHARE / 12;
  const [a, b, c] = [
    xx! - share * smear.dx * smear.dx,
    xy! - share * smear.dx * smear.dy,
    yy! - share * smear.dy * smear.dy,
  ];
  // Principal spreads and the first one's axis; each spread floored, then put back together.
  const mean = (a + c) / 2;
  const half = Math.hypot((a - c) / 2, b);
  const angle = 0.5 * Math.atan2(2 * b, a - c);
  const [major, minor] = [Math.max(floor, mean + half), Math.max(floor, mean - half)];
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return [major * cos * cos + minor * sin * sin, (major - minor) * cos * sin, major * sin * sin + minor * cos * cos];
}

/** A blur's covariance (xx, xy, yy) in scan pixels² and in page mm² (along the page's axes). */
type Spread = { scan: [number, number, number]; page: [number, number, number] };

/** The larger principal spread of a covariance (xx, xy, yy). */
function largerSpread([xx, xy, yy]: [number, number, number]): number {
  return (xx + yy) / 2 + Math.hypot((xx - yy) / 2, xy);
}

/**
 * The blur's covariance at one marker, or undefined when the marker is too faint or its edges and corners do not
 * each hold about one blur's worth of ink (covered, cut off by the picture's edge). `sharpened`: measured, where its
 * edges say the picture was sharpened, by how they rise instead.
 */
function markerSpread(
  scan: GreyImage,
  h: Homography,
  cx: number,
  cy: number,
  size: number,
  sharpened: boolean,
): Spread | undefined {
  const half = size / 2;
  const around = (size * (1 - MARKER_HOLE_RATIO)) / 2;
  const reach = half + around;
  // Half a scan pixel a sample (the blur is a few pixels), never more samples than MAX_SAMPLES a side.
  const step = Math.max(0.5 / localScale(h, pagePoint(cx, cy)), (2 * reach) / MAX_SAMPLES);
  const n = Math.ceil((2 * reach) / step) + 1;
  const x0 = cx - reach;
  const y0 = cy - reach;
  const grid = new Float32Array(n * n);
  sampleGrid(scan, h, grid, x0, y0, step, 0, 0, step, n, n, 1, n);
  // Paper fills most of the grid and the marker's black a third of it.
  const paper = levelAt(grid, 0.9);
  const ink = levelAt(grid, 0.1);
  if (paper - ink < MIN_CONTRAST) return undefined;
  for (let i = 0; i < grid.length; i++) grid[i] = (paper - grid[i]!) / (paper - ink);
  const at = (mm: number, from: number) => (mm - from) / step;

  // Across each outer edge, the derivative of its profile, averaged along the edge between the hole's corners (clear
  // of the outer corners). The grid is square about the marker's centre, so one range serves both axes.
  const edgeReach = EDGE_REACH_MM / step;
  const alongFrom = Math.ceil(at(cy - half + around, y0));
  const alongTo = Math.floor(at(cy + half - around, y0));
  const across = (edge: number, vertical: boolean, sign: number) => {
    const from = Math.max(0, Math.ceil(edge - edgeReach));
    const to = Math.min(n - 1, Math.floor(edge + edgeReach));
    const profile: number[] = [];
    for (let k = from; k <= to; k++) {
      let sum = 0;
      for (let m = alongFrom; m <= alongTo; m++) sum += vertical ? grid[m * n + k]! : grid[k * n + m]!;
      profile.push(sum / (alongTo - alongFrom + 1));
    }
    const derivative = profile.slice(1).map((v, k) => sign * (v - profile[k]!));
    const middle = crossing(profile, 0.5, edge - from);
    const rise = (crossing(profile, 0.75, middle) - crossing(profile, 0.25, middle)) / QUARTILE_SPAN;
    return { ...moments1(derivative), at: from + middle, middleVariance: rise * rise };
  };
  const left = across(at(cx - half, x0), true, 1);
  const right = across(at(cx + half, x0), true, -1);
  const top = across(at(cy - half, y0), false, 1);
  const bottom = across(at(cy + half, y0), false, -1);
  const edges = [left, right, top, bottom];
  if (edges.some((e) => e.mass < 0.7 || e.mass > 1.3)) return undefined;
  const moments = { ss: (left.variance + right.variance) / 2, tt: (top.variance + bottom.variance) / 2 };

  // At each outer corner the mixed derivative is the blur itself (see mixedSpread). The corners are read where the
  // homography puts them; where one holds no corner's worth of blur there, where the marker's edges were found: on a
  // curled or bent page a marker lies a little larger, smaller or shifted against the homography's picture of it (all
  // four markers of a curled pencil page went unmeasured, and its strokes were cut at the ceiling as if sharp). Not
  // always there: on a dim photo the edges found in the grain moved corners that read well where they were expected,
  // and three markers' blur changed enough to be taken for a smear.
  const mixed = () => {
    if (!(moments.ss > 0 && moments.tt > 0)) return undefined;
    const cornerReach = {
      s: Math.min(CORNER_REACH_MM / step, CORNER_SIGMAS * Math.sqrt(moments.ss)),
      t: Math.min(CORNER_REACH_MM / step, CORNER_SIGMAS * Math.sqrt(moments.tt)),
      diagonal: CORNER_DIAGONAL_MM / step,
    };
    const expected = { x: [at(cx - half, x0), at(cx + half, x0)], y: [at(cy - half, y0), at(cy + half, y0)] };
    const found = { x: [left.at, right.at], y: [top.at, bottom.at] };
    return mixedSpread(grid, n, expected, cornerReach) ?? mixedSpread(grid, n, found, cornerReach);
  };
  let [ss, tt, st] = [moments.ss, moments.tt, sharpened ? undefined : mixed()];
  if (st === undefined) {
    if (!sharpened) return undefined;
    // A phone sharpens its photos before it saves them: an unsharp mask lays along each edge a light band on the paper's
    // side and a dark one on the ink's, which weigh against the middle in the derivative's moments and its corners'. A
    // strong mask leaves the moments' spread near or below zero and no corner its blur's worth: the page's blur went
    // unmeasured, and a pencil's strokes were cut at the ceiling as if sharp (12 % of them whole). Such a marker's
    // edges spread by their moments far less than by their rise; there the rise from a quarter to three quarters of
    // the step says how far the blur spreads a line's middle, and a smear along a diagonal is not told from a round
    // blur.
    if (!edges.every((e) => e.variance < SHARPENED_RATIO * e.middleVariance)) return undefined;
    [ss, tt, st] = [
      (left.middleVariance + right.middleVariance) / 2,
      (top.middleVariance + bottom.middleVariance) / 2,
      0,
    ];
  }
  // From the sample grid (page axes, `step` mm apart) to scan pixels: Σ_scan = E Σ Eᵀ.
  const [ax, ay, bx, by] = localLinear(h, pagePoint(cx, cy)).map((v) => v * step) as [number, number, number, number];
  return {
    scan: [
      ax * ax * ss + 2 * ax * bx * st + bx * bx * tt,
      ax * ay * ss + (ax * by + bx * ay) * st + bx * by * tt,
      ay * ay * ss + 2 * ay * by * st + by * by * tt,
    ],
    page: [ss * step * step, st * step * step, tt * step * step],
  };
}

/**
 * The blur's spread across the grid's axes, from the mixed derivative at a marker's four outer corners (`corners`: the
 * left and right edges' x, the top and bottom ones' y, in grid samples): + at the top-left and bottom-right corners of
 * the square, − at the other two, read within `reach` of each corner, short of its diagonal. Undefined where a corner
 * does not hold about one blur's worth (covered, cut off, or not where it was looked for).
 */
function mixedSpread(
  grid: Float32Array,
  n: number,
  corners: { x: number[]; y: number[] },
  reach: { s: number; t: number; diagonal: number },
): number | undefined {
  let st = 0;
  for (const [fx, fy] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    const ex = corners.x[(fx + 1) / 2]!;
    const ey = corners.y[(fy + 1) / 2]!;
    const sign = fx * fy;
    let mass = 0;
    let sx = 0;
    let sy = 0;
    let sxy = 0;
    for (let j = Math.max(0, Math.ceil(ey - reach.t)); j < Math.min(n - 1, ey + reach.t); j++) {
      for (let i = Math.max(0, Math.ceil(ex - reach.s)); i < Math.min(n - 1, ex + reach.s); i++) {
        // The sample between four grid points, in the corner's own frame (the square towards +a, +b).
        const a = -fx * (i + 0.5 - ex);
        const b = -fy * (j + 0.5 - ey);
        if (Math.abs(a + b) > reach.diagonal) continue;
        const k = j * n + i;
        const p = sign * (grid[k + n + 1]! - grid[k + n]! - grid[k + 1]! + grid[k]!);
        const [u, v] = [i + 0.5 - ex, j + 0.5 - ey];
        mass += p;
        sx += p * u;
        sy += p * v;
        sxy += p * u * v;
      }
    }
    if (mass < 0.7 || mass > 1.3) return undefined;
    st += (sxy / mass - (sx / mass) * (sy / mass)) / 4;
  }
  return st;
}

/**
 * Where a profile across an edge (samples one unit apart, paper 0 and ink 1) crosses `level`, the crossing nearest
 * `expected`; `expected` where it never does. Halfway is the edge's place: the derivative's mean would be too, but the
 * grain in its tails, weighed by their distance, moved it by a sample or two on a dim photo.
 */
function crossing(profile: number[], level: number, expected: number): number {
  let best = expected;
  let distance = Number.POSITIVE_INFINITY;
  for (let k = 0; k + 1 < profile.length; k++) {
    const [a, b] = [profile[k]! - level, profile[k + 1]! - level];
    if (a * b > 0 || a === b) continue;
    const at = k + a / (a - b);
    if (Math.abs(at - expected) < distance) [best, distance] = [at, Math.abs(at - expected)];
  }
  return best;
}

/** Mass and variance of a 1-D distribution given as samples one unit apart. */
function moments1(values: number[]): { mass: number; variance: number } {
  let mass = 0;
  let first = 0;
  let second = 0;
  for (const [k, v] of values.entries()) {
    mass += v;
    first += v * k;
    second += v * k * k;
  }
  const mean = first / mass;
  return { mass, variance: second / mass - mean * mean };
}

/** The middle of the whole grey level that a `share` of the samples reach. */
function levelAt(samples: Float32Array, share: number): number {
  return levelOfShare(greyHistogram(samples), samples.length, share) + 0.5;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
