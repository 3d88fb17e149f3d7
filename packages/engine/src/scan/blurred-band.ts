/**
 * A band of ink `u` blur deviations wide seen through a Gaussian blur (a line drawn with a pen of that width, seen by a
 * scanner or a phone): how wide it looks at half its depth, and where its true edges lie in its profile. Widths are
 * in blur deviations (the blur's standard deviation is 1).
 */

/** The width at half depth of a line far thinner than the blur: the blur's own, 2√(2 ln 2) deviations. */
export const BLUR_ALONE = 2 * Math.sqrt(2 * Math.LN2);

/** Width at half depth of a band `u` deviations wide seen through the blur. */
export function widthAtHalfDepth(u: number): number {
  if (u <= 0) return BLUR_ALONE;
  const depth = (x: number) => (erf((x + u / 2) / Math.SQRT2) - erf((x - u / 2) / Math.SQRT2)) / 2;
  const half = depth(0) / 2;
  let [lo, hi] = [0, u / 2 + 4];
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (depth(mid) > half) lo = mid;
    else hi = mid;
  }
  return lo + hi;
}

/** The depth at the middle of a band `u` deviations wide seen through the blur, as a share of its ink's own depth. */
export function middleDepth(u: number): number {
  return u <= 0 ? 0 : erf(u / (2 * Math.SQRT2));
}

const STEP = 0.05;
/** widthAtHalfDepth at 0, STEP, 2·STEP, … 10 deviations: it grows with the width, so it can be read backwards. */
const AT_HALF = Float64Array.from({ length: 201 }, (_, k) => widthAtHalfDepth(k * STEP));

/**
 * The width of a band that looks `w` deviations wide at half its depth: 0 for the blur's own width or less (a line
 * whose width the picture cannot tell), its own width for a band far wider than the blur.
 */
export function trueWidth(w: number): number {
  if (w <= AT_HALF[0]!) return 0;
  for (let k = 1; k < AT_HALF.length; k++) {
    if (AT_HALF[k]! >= w) {
      const [a, b] = [AT_HALF[k - 1]!, AT_HALF[k]!];
      return (k - 1 + (w - a) / (b - a)) * STEP;
    }
  }
  return w;
}

/**
 * The share of its depth (at its middle) at which a band `u` deviations wide has its true edges: half for a band far
 * wider than the blur, 1 for a line far thinner (its edges cannot be told from its middle).
 */
export function edgeShare(u: number): number {
  if (u < 1e-3) return 1;
  return erf(u / Math.SQRT2) / (2 * erf(u / (2 * Math.SQRT2)));
}

/** The error function (Abramowitz and Stegun 7.1.26, within 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}
