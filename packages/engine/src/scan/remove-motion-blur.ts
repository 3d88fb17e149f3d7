import { greyHistogram, levelOfShare } from "./grey-levels.ts";
import type { FloatImage } from "./images.ts";

/**
 * Richardson–Lucy iterations: each moves the picture towards one that, smeared again, gives what was seen. A few
 * bring a stroke as wide as half the smear back to its ink's depth and width; a thin hand's stroke, under a third
 * of the smear across, keeps under a third of its contrast and takes tens. Measured on the benchmark's steep,
 * shaken phone photos in a thin hand (Bad Script, seeds 0–3): 5 iterations 93.3/98.7/98.1/90.5 % whole, 20
 * 97.0/99.4/99.4/92.4 %, 30 97.6 % and 93.7 % (seeds 0 and 3), 50 no better (98.2/93.0 %); broader hands lose nothing.
 */
export const DEBLUR_ITERATIONS = 30;

/**
 * The share of a smear's spread (its L²/12 along the motion) that DEBLUR_ITERATIONS take out of a thin line's width at
 * half depth, where the reader measures strokes: Richardson–Lucy gathers a line's ink back slowly, and what is left
 * reads as blur. Measured on a line a pixel wide under a lens's blur of 1.2 px, smeared 4, 6 and 8 px: 0.60, 0.58 and
 * 0.63 (see the test).
 */
export const DEBLURRED_SHARE = 0.6;

/**
 * Undoes a straight motion blur of `dx`, `dy` pixels (the whole smear) in a grey picture (0–255, paper bright),
 * by Richardson–Lucy deconvolution with the smear as its kernel: the mean of `taps` samples evenly along it (one
 * a pixel of the picture the smear was measured on: the camera's pixels saw nothing finer). A stroke smeared across
 * the motion keeps its ink but spreads it over the smear's length, lighter than the ink; brought back, its edges lie
 * again midway between paper and ink, where the reader looks for them. Only the part of the picture around its ink
 * (a third of the way from paper to its darkest and darker, and a smear around that) is worked on: elsewhere paper
 * and print are flat along the smear and deconvolution leaves them as they are. Pixels within half a smear of the
 * picture's edge are judged as if the picture went on as its edge.
 */
export function removeMotionBlur(
  image: FloatImage,
  dx: number,
  dy: number,
  taps: number,
  iterations = DEBLUR_ITERATIONS,
): FloatImage {
  const { width, height, data } = image;
  const out = Float32Array.from(data);
  const around = inkBounds(image, Math.ceil(Math.abs(dx)) + 2, Math.ceil(Math.abs(dy)) + 2);
  if (!around || taps < 2) return { width, height, data: out };
  const { x0, y0, x1, y1 } = around;
  const [w, h] = [x1 - x0, y1 - y0];
  const pad = Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)) / 2) + 1;
  const pw = w + 2 * pad;
  const ph = h + 2 * pad;
  // The part worked on, padded by repeating the picture's pixels (its own edges where it ends); the kernel as
  // offsets into the padded rows.
  const seen = new Float32Array(pw * ph);
  for (let y = 0; y < ph; y++) {
    const sy = Math.min(height - 1, Math.max(0, y0 + y - pad)) * width;
    for (let x = 0; x < pw; x++)
      seen[y * pw + x] = Math.max(1, data[sy + Math.min(width - 1, Math.max(0, x0 + x - pad))]!);
  }
  const offsets = new Int32Array(taps);
  for (let t = 0; t < taps; t++) {
    offsets[t] = tapOffset(t, taps, dy) * pw + tapOffset(t, taps, dx);
  }
  const estimate = Float32Array.from(seen);
  // Outside the part the ratio stays 1: the padding is taken as seen.
  const ratio = new Float32Array(pw * ph).fill(1);
  const share = 1 / taps;
  for (let k = 0; k < iterations; k++) {
    for (let y = pad; y < pad + h; y++) {
      for (let i = y * pw + pad, end = i + w; i < end; i++) {
        let sum = 0;
        for (let t = 0; t < taps; t++) sum += estimate[i + offsets[t]!]!;
        ratio[i] = seen[i]! / (sum * share);
      }
    }
    for (let y = pad; y < pad + h; y++) {
      for (let i = y * pw + pad, end = i + w; i < end; i++) {
        let sum = 0;
        for (let t = 0; t < taps; t++) sum += ratio[i - offsets[t]!]!;
        estimate[i] = estimate[i]! * sum * share;
      }
    }
  }
  for (let y = 0; y < h; y++) {
    const row = (y + pad) * pw + pad;
    for (let x = 0; x < w; x++) out[(y0 + y) * width + x0 + x] = Math.min(255, estimate[row + x]!);
  }
  return { width, height, data: out };
}

/**
 * The rectangle around a picture's ink (pixels a third of the way from paper, its 90th percentile, to its darkest,
 * and darker), grown by `mx`, `my` pixels and clipped to the picture; undefined for a picture without contrast.
 */
function inkBounds(image: FloatImage, mx: number, my: number) {
  const { width, height, data } = image;
  let darkest = 255;
  for (let i = 0; i < data.length; i++) if (data[i]! < darkest) darkest = data[i]!;
  const paper = levelOfShare(greyHistogram(data), data.length, 0.9) + 0.5;
  if (paper - darkest < 1) return undefined;
  const level = paper - (paper - darkest) / 3;
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (data[i]! >= level) continue;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      if (y >= y1) y1 = y + 1;
    }
  }
  if (x1 <= x0) return undefined;
  return {
    x0: Math.max(0, x0 - mx),
    y0: Math.max(0, y0 - my),
    x1: Math.min(width, x1 + mx),
    y1: Math.min(height, y1 + my),
  };
}

/** Where tap `t` of `taps` lies along a smear `d` pixels long, centred on the pixel, in whole pixels. */
function tapOffset(t: number, taps: number, d: number): number {
  return Math.round((t / (taps - 1) - 0.5) * d);
}

/**
 * A ghost is where deblurring leaves a printed line's echo darker than paper by this share of the line's depth or
 * more: enough to be strung into a faint stroke along it in a pencil's box (measured: 5–14 % at smears of 4–9 px).
 */
const GHOST_SHARE = 0.03;

/** deblurGhosts' answers by smear and taps: a page's boxes ask for a few dozen smears a pixel or two apart. */
const ghostsBySmear = new Map<string, readonly number[]>();

/**
 * Where removeMotionBlur leaves echoes of a thin printed line (pixels across it, both sides, off the line's own dip)
 * when the smear's component across the line is `across` pixels and it is sampled in `taps`: Richardson–Lucy with a
 * straight smear as its kernel rings, and a guide's ring lies parallel to it about one and a half smears away, where
 * nothing was printed, as long as the guide and as faint as a pencil's stroke. Found by deblurring a model line (a
 * pixel wide, under a lens's blur of 1.2 px) smeared the same way; `across` is taken to a quarter pixel.
 */
export function deblurGhosts(across: number, taps: number): readonly number[] {
  const length = Math.round(Math.abs(across) * 4) / 4;
  const key = `${length}:${taps}`;
  const known = ghostsBySmear.get(key);
  if (known) return known;
  const reach = Math.ceil(3 * length) + 4;
  const height = 2 * reach + 1;
  const depth = 110;
  const sharp = Float32Array.from({ length: height }, (_, y) => 255 - depth * Math.exp(-((y - reach) ** 2) / 2.88));
  const seen = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      const from = y + tapOffset(t, taps, length);
      sum += sharp[from < 0 ? 0 : from >= height ? height - 1 : from]!;
    }
    seen[y] = sum / taps;
  }
  // Three columns: the line runs along the picture, as a guide runs across a box.
  const data = new Float32Array(3 * height);
  for (let y = 0; y < height; y++) data.fill(seen[y]!, 3 * y, 3 * y + 3);
  const out = removeMotionBlur({ width: 3, height, data }, 0, length, taps).data;
  const dark = (y: number) => out[3 * y + 1]! < 255 - GHOST_SHARE * depth;
  let from = reach;
  let to = reach;
  while (from > 0 && dark(from - 1)) from--;
  while (to < height - 1 && dark(to + 1)) to++;
  const ghosts: number[] = [];
  for (let y = 0; y < height; y++) if ((y < from || y > to) && dark(y)) ghosts.push(y - reach);
  ghostsBySmear.set(key, ghosts);
  return ghosts;
}
