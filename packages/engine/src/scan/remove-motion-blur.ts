import { greyHistogram, levelOfShare } from "./grey-levels.ts";
import type { FloatImage } from "./images.ts";

/**
 * Richardson–Lucy iterations on the ink (see removeMotionBlur): each moves the ink towards what, smeared again, gives
 * what was seen. Measured on the benchmark's steep, shaken phone photos, glyphs whole on the pen and pencil pages
 * together at 10 and 20 iterations (ink measured below white and bounded by the box's own deepest, an earlier form of
 * this): Bad Script seeds 51, 52, 62 307/306/308 and 303/303/301, Neucha seed 5 311 and 310, Caveat seed 51 310 and
 * 308. More iterations sharpen the grain of a pencil's strokes into specks and their ends into points.
 */
export const DEBLUR_ITERATIONS = 10;

/**
 * The share of a smear's spread (its L²/12 along the motion) that DEBLUR_ITERATIONS take out of a thin line's width at
 * half depth, where the reader measures strokes: what is left reads as blur. Measured on a line a pixel wide under a
 * lens's blur of 1.2 px, smeared 4, 6 and 8 px: 0.69, 0.50 and 0.44 (see the test); a few iterations gather a short
 * smear's ink back sooner than a long one's. 0.6 is a smear of 4 to 6 pixels, a phone's shake at arm's length.
 */
export const DEBLURRED_SHARE = 0.6;

/**
 * Ink is measured down from this many times paper's level (see removeMotionBlur): paper itself is a ground of a
 * quarter of its light under the strokes. Richardson–Lucy gathers what stands out of its ground, and a ground near
 * nothing let it gather a pencil's grain into specks and its strokes' ends into points (a ground of 2 levels: Bad
 * Script seed 3 and Marck Script seed 41, steep and shaken pencil pages, 154 and 148 glyphs whole, against 159 and 153
 * here; at 1.1 times paper's level 159 and 153, and Bad Script's pen page a glyph fewer). A ratio, so that the
 * deblurring of a picture does not depend on its exposure: Richardson–Lucy gives the same for a picture scaled.
 */
const GROUND_OVER_PAPER = 1.25;

/**
 * Undoes a straight motion blur of `dx`, `dy` pixels (the whole smear) in a grey picture (0–255, paper bright),
 * by Richardson–Lucy deconvolution with the smear as its kernel: the mean of `taps` samples evenly along it (one
 * a pixel of the picture the smear was measured on: the camera's pixels saw nothing finer). A stroke smeared across
 * the motion keeps its ink but spreads it over the smear's length, lighter than the ink; brought back, its edges lie
 * again midway between paper and ink, where the reader looks for them.
 * What is deconvolved is the ink (how far each pixel lies below a ground a quarter above paper's level, see
 * GROUND_OVER_PAPER), not the light: strokes are few and thin on
 * paper, and Richardson–Lucy, which keeps what it estimates positive and multiplies it, gathers a few bright things
 * on a dark ground quickly and leaves the ground dark. Deconvolving the light instead (the paper the bright thing)
 * took 30 iterations to bring a thin hand's stroke back, and rang: a bar's echo a smear and a half away, as dark as
 * a pencil's stroke, came into the letter (Bad Script's F, seed 52, steep and shaken). No pixel's ink is taken deeper
 * than the deepest seen or the page's pen (`penDepth`, the share of paper's light it takes; see penDepthOf): a smear
 * only spreads ink, and a broad stroke's middle, sharpened past it, put the reader's midway threshold below the
 * stroke's edges and thinned it. The page's pen, not only the deepest seen: a box whose only stroke lies across the
 * smear ("-") keeps a third of its ink's depth, and bounded there it spread back sideways, as wide as its smear.
 * Only the part of the picture around its ink (a third of the way from paper to its darkest and darker, and a smear
 * around that) is worked on: elsewhere paper and print are flat along the smear and deconvolution leaves them as they
 * are. Pixels within half a smear of the picture's edge are judged as if the picture went on as its edge.
 */
export function removeMotionBlur(
  image: FloatImage,
  dx: number,
  dy: number,
  taps: number,
  penDepth = 1,
  iterations = DEBLUR_ITERATIONS,
): FloatImage {
  const { width, height, data } = image;
  const out = Float32Array.from(data);
  const around = inkBounds(image, Math.ceil(Math.abs(dx)) + 2, Math.ceil(Math.abs(dy)) + 2);
  if (!around || taps < 2) return { width, height, data: out };
  const { x0, y0, x1, y1, paper } = around;
  const ground = paper * GROUND_OVER_PAPER;
  const [w, h] = [x1 - x0, y1 - y0];
  const pad = Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)) / 2) + 1;
  const pw = w + 2 * pad;
  const ph = h + 2 * pad;
  // The ink of the part worked on (its level's distance below the ground, at least 1: Richardson–Lucy divides by it),
  // padded by repeating the picture's pixels (its own edges where it ends); the kernel as offsets into the padded rows.
  const seen = new Float32Array(pw * ph);
  let deepest = 1;
  for (let y = 0; y < ph; y++) {
    const sy = Math.min(height - 1, Math.max(0, y0 + y - pad)) * width;
    for (let x = 0; x < pw; x++) {
      const ink = Math.max(1, ground - data[sy + Math.min(width - 1, Math.max(0, x0 + x - pad))]!);
      seen[y * pw + x] = ink;
      if (ink > deepest) deepest = ink;
    }
  }
  deepest = Math.max(deepest, ground - paper * (1 - penDepth));
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
        estimate[i] = Math.min(deepest, estimate[i]! * sum * share);
      }
    }
  }
  for (let y = 0; y < h; y++) {
    const row = (y + pad) * pw + pad;
    for (let x = 0; x < w; x++) out[(y0 + y) * width + x0 + x] = Math.min(255, ground - estimate[row + x]!);
  }
  return { width, height, data: out };
}

/**
 * The rectangle around a picture's ink (pixels a third of the way from paper, its 90th percentile, to its darkest,
 * and darker), grown by `mx`, `my` pixels and clipped to the picture, and paper's level; undefined for a picture
 * without contrast.
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
    paper,
  };
}

/** Where tap `t` of `taps` lies along a smear `d` pixels long, centred on the pixel, in whole pixels. */
function tapOffset(t: number, taps: number, d: number): number {
  return Math.round((t / (taps - 1) - 0.5) * d);
}

/**
 * How deep a shaken page's pen goes (the share of paper's light its ink takes), from its boxes' pictures (grey
 * levels, cut before the smear is removed): the median over the written boxes (those at least half as deep as the
 * deepest) of each one's deepest ink (its darkest 0.1 % against its paper, the 90th percentile). A stroke running
 * along the smear keeps its ink's depth, and most letters have one; a box of strokes lying only across it ("-", "=",
 * ".") does not, and is deblurred as deep as the page's pen writes. Undefined for a page without ink.
 */
export function penDepthOf(pictures: Iterable<FloatImage>): number | undefined {
  const depths: number[] = [];
  for (const { data } of pictures) {
    const histogram = greyHistogram(data);
    const paper = levelOfShare(histogram, data.length, 0.9);
    if (paper >= 1) depths.push(1 - levelOfShare(histogram, data.length, 0.001) / paper);
  }
  const deepest = Math.max(0, ...depths);
  if (deepest === 0) return undefined;
  const written = depths.filter((d) => d >= deepest / 2).sort((a, b) => a - b);
  return written[Math.floor(written.length / 2)]!;
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
