/** Weights of a Gaussian of `sigma` pixels at whole offsets -radius…radius, summing to 1. */
function gaussianKernel(sigma: number, radius: number): Float32Array {
  const kernel = Float32Array.from({ length: 2 * radius + 1 }, (_, k) =>
    Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)),
  );
  const sum = kernel.reduce((s, w) => s + w, 0);
  return kernel.map((w) => w / sum);
}

/** The picture at a point between pixel centres, interpolated bilinearly (clamped to the picture). */
export function bilinear(picture: Float32Array, width: number, height: number, x: number, y: number): number {
  const cx = x < 0 ? 0 : x > width - 1 ? width - 1 : x;
  const cy = y < 0 ? 0 : y > height - 1 ? height - 1 : y;
  const x0 = Math.min(width - 2, cx | 0);
  const y0 = Math.min(height - 2, cy | 0);
  const fx = cx - x0;
  const fy = cy - y0;
  const i = y0 * width + x0;
  const top = picture[i]! + (picture[i + 1]! - picture[i]!) * fx;
  const bottom = picture[i + width]! + (picture[i + width + 1]! - picture[i + width]!) * fx;
  return top + (bottom - top) * fy;
}

/** A picture blurred with a Gaussian of `sigma` pixels (separable, edges repeated outward). */
function gaussianBlur(data: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const kernel = gaussianKernel(sigma, radius);
  const across = new Float32Array(width * height);
  for (let y = 0; y < height; y++) blurRow(data, across, y * width, width, kernel, radius);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) blurColumnsAt(across, out, y, width, height, kernel, radius);
  return out;
}

/**
 * One row of `data` from `row` (`width` pixels) blurred with `kernel` into `out`. Pixels a radius from both ends
 * take their taps without clamping; the sum runs over the same taps in the same order either way.
 */
function blurRow(
  data: Float32Array,
  out: Float32Array,
  row: number,
  width: number,
  kernel: Float32Array,
  radius: number,
) {
  for (let x = 0; x < width; x++) {
    let v = 0;
    if (x >= radius && x + radius < width) {
      for (let k = -radius, i = row + x - radius; k <= radius; k++, i++) v += kernel[k + radius]! * data[i]!;
    } else {
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k;
        v += kernel[k + radius]! * data[row + xx]!;
      }
    }
    out[row + x] = v;
  }
}

/** Row `y` of the column blur of `data` (see blurRow). */
function blurColumnsAt(
  data: Float32Array,
  out: Float32Array,
  y: number,
  width: number,
  height: number,
  kernel: Float32Array,
  radius: number,
) {
  const inside = y >= radius && y + radius < height;
  for (let x = 0; x < width; x++) {
    let v = 0;
    if (inside) {
      for (let k = -radius, i = (y - radius) * width + x; k <= radius; k++, i += width)
        v += kernel[k + radius]! * data[i]!;
    } else {
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
        v += kernel[k + radius]! * data[yy * width + x]!;
      }
    }
    out[y * width + x] = v;
  }
}

/**
 * The direction across the strokes at each pixel (radians), read from the picture blurred to `sigma` pixels: the
 * Hessian's eigenvector of greatest curvature (across a dark line, and across the light gap between two lines; along
 * a line the picture hardly changes). `strength` is how much more it curves across than along (the difference of the
 * eigenvalues' sizes).
 */
export function acrossStrokes(
  data: Float32Array,
  width: number,
  height: number,
  sigma: number,
): { across: Float32Array; strength: Float32Array } {
  const g = gaussianBlur(data, width, height, sigma);
  const n = width * height;
  const across = new Float32Array(n);
  const strength = new Float32Array(n);
  for (let y = 0; y < height; y++) curvaturesAt(g, width, height, y, across, strength);
  return { across, strength };
}

/**
 * acrossStrokes for row `y`: the Hessian from the blurred picture `g`'s neighbours (edges repeated outward), its
 * direction of greatest curvature and how much more it curves that way.
 */
function curvaturesAt(
  g: Float32Array,
  width: number,
  height: number,
  y: number,
  across: Float32Array,
  strength: Float32Array,
) {
  // Offsets to the rows above and below, and to the pixels left and right, clamped at the picture's edges.
  const up = y > 0 ? -width : 0;
  const down = y < height - 1 ? width : 0;
  for (let x = 0; x < width; x++) {
    const i = y * width + x;
    const left = x > 0 ? -1 : 0;
    const right = x < width - 1 ? 1 : 0;
    const c = g[i]!;
    const hxx = g[i + right]! - 2 * c + g[i + left]!;
    const hyy = g[i + down]! - 2 * c + g[i + up]!;
    const hxy = (g[i + down + right]! - g[i + down + left]! - g[i + up + right]! + g[i + up + left]!) / 4;
    const half = (hxx + hyy) / 2;
    let angle = 0.5 * Math.atan2(2 * hxy, hxx - hyy);
    if (half < 0) angle += Math.PI / 2;
    across[i] = angle;
    // The eigenvalues are half ± r.
    const r = Math.hypot((hxx - hyy) / 2, hxy);
    strength[i] = Math.abs(Math.abs(half + r) - Math.abs(half - r));
  }
}

/**
 * The picture averaged along the strokes through each pixel and not across them. The direction is the one of
 * least curvature of the picture blurred to `orientSigma` pixels (see acrossStrokes); the average is Gaussian,
 * `alongSigma` pixels. Returns the direction across the strokes at each pixel too (radians), and its strength.
 */
export function smoothAlongStrokes(
  data: Float32Array,
  width: number,
  height: number,
  orientSigma: number,
  alongSigma: number,
): { picture: Float32Array; across: Float32Array; strength: Float32Array } {
  const n = width * height;
  const { across: acrossAngles, strength } = acrossStrokes(data, width, height, orientSigma);
  const radius = Math.max(1, Math.ceil(2.5 * alongSigma));
  const weights = gaussianKernel(alongSigma, radius);
  const out = new Float32Array(n);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const across = acrossAngles[i]!;
      const tx = -Math.sin(across);
      const ty = Math.cos(across);
      let v = 0;
      for (let k = -radius; k <= radius; k++)
        v += weights[k + radius]! * bilinear(data, width, height, x + k * tx, y + k * ty);
      out[i] = v;
    }
  }
  return { picture: out, across: acrossAngles, strength };
}
