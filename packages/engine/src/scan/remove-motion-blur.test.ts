import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import type { FloatImage } from "./images.ts";
import { DEBLURRED_SHARE, deblurGhosts, penDepthOf, removeMotionBlur } from "./remove-motion-blur.ts";

const [PAPER, INK] = [210, 40];

/** A 100 × 100 picture of paper with ink where `ink(x, y)`, smeared by `taps` samples a pixel apart along dx, dy. */
function smeared(ink: (x: number, y: number) => boolean, dx: number, dy: number, seed: number): FloatImage {
  const [width, height] = [100, 100];
  const taps = Math.round(Math.hypot(dx, dy)) + 1;
  const random = createRandom(seed);
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let t = 0; t < taps; t++) {
        const along = t / (taps - 1) - 0.5;
        sum += ink(x + Math.round(along * dx), y + Math.round(along * dy)) ? INK : PAPER;
      }
      data[y * width + x] = sum / taps + 2 * random.normal();
    }
  }
  return { width, height, data };
}

/** Rows of column `x` darker than midway between paper and ink: where the reader puts a stroke. */
const inkRows = (image: FloatImage, x: number) =>
  Array.from({ length: image.height }, (_, y) => y).filter((y) => image.data[y * image.width + x]! < (PAPER + INK) / 2);

describe("removeMotionBlur", () => {
  it("brings a bar smeared across the motion back to its ink's depth and its own width", () => {
    // A bar 5 pixels thick (rows 45–49), smeared 10 pixels up and down the picture: its middle keeps half its ink.
    for (const seed of [1, 2, 3]) {
      const bar = (x: number, y: number) => x >= 20 && x < 80 && y >= 45 && y < 50;
      const picture = smeared(bar, 1, 10, seed);
      expect(Math.min(...picture.data)).toBeGreaterThan(110);
      const rows = inkRows(removeMotionBlur(picture, 1, 10, 11), 50);
      expect({ seed, first: Math.abs(rows[0]! - 45) <= 1, last: Math.abs(rows.at(-1)! - 49) <= 1 }).toEqual({
        seed,
        first: true,
        last: true,
      });
    }
  });

  it("brings a thin hand's stroke, under a third of the smear across, back to its own rows", () => {
    // A bar 3 pixels thick (rows 45–47; a thin hand's 0.35 mm at 8 px/mm) smeared over 10 pixels keeps under a third
    // of its contrast: it takes tens of iterations to gather its ink back to where it lies.
    for (const seed of [5, 6, 7]) {
      const bar = (x: number, y: number) => x >= 20 && x < 80 && y >= 45 && y < 48;
      const rows = inkRows(removeMotionBlur(smeared(bar, 1, 10, seed), 1, 10, 11), 50);
      expect({ seed, first: rows[0], last: rows.at(-1) }).toEqual({
        seed,
        first: expect.toSatisfy((y: number) => Math.abs(y - 45) <= 1),
        last: expect.toSatisfy((y: number) => Math.abs(y - 47) <= 1),
      });
    }
  });

  it("leaves no echo of a pen's bar beside it, where a faint stroke would be read", () => {
    // A bar 3 pixels thick smeared over 10 pixels across it. Richardson–Lucy rings a smear and a half or so off what it
    // sharpens: on the light, the echo of a pen's bar was as deep as a light pencil's stroke (0.09 of the ink's depth);
    // on the ink, under half that.
    for (const seed of [1, 2, 3]) {
      const bar = (x: number, y: number) => x >= 20 && x < 80 && y >= 45 && y < 48;
      const picture = removeMotionBlur(smeared(bar, 0, 10, seed), 0, 10, 11, 1 - INK / PAPER);
      // Rows from a smear beyond the bar's blurred edge to three smears off it, averaged along the bar.
      let deepest = 0;
      for (const y of [
        ...Array.from({ length: 20 }, (_, k) => 58 + k),
        ...Array.from({ length: 20 }, (_, k) => 15 + k),
      ]) {
        let sum = 0;
        for (let x = 30; x < 70; x++) sum += picture.data[y * 100 + x]!;
        deepest = Math.max(deepest, (PAPER - sum / 40) / (PAPER - INK));
      }
      expect({ seed, deepest: deepest < 0.06 }).toEqual({ seed, deepest: true });
    }
  });

  it("takes no ink deeper than the page's pen, so a broad stroke's middle keeps the pen's level", () => {
    // A stroke 12 pixels wide smeared over 6 across it: its middle kept its ink; sharpened unbounded, it went darker
    // than the pen writes, and the midway threshold of its darkest then fell inside its edges.
    for (const seed of [4, 5, 6]) {
      const stroke = (x: number, y: number) => x >= 20 && x < 80 && y >= 40 && y < 52;
      const picture = removeMotionBlur(smeared(stroke, 0, 6, seed), 0, 6, 7, 1 - INK / PAPER);
      let darkest = PAPER;
      for (let y = 40; y < 52; y++)
        for (let x = 30; x < 70; x++) darkest = Math.min(darkest, picture.data[y * 100 + x]!);
      // The noise is 2 levels: its deepest of a few hundred pixels lies within 4 of them below the ink.
      expect({ seed, darkest: darkest >= INK - 8 }).toEqual({ seed, darkest: true });
    }
  });

  it("brings a box's only stroke, lying across the smear, back as deep as the page's pen writes", () => {
    // A "-" smeared over 10 pixels across it keeps a third of its ink's depth. Bounded by its own deepest, the ink
    // gathered back spreads sideways instead: the bar comes back as wide as its smear.
    const bar = (x: number, y: number) => x >= 20 && x < 80 && y >= 45 && y < 48;
    const picture = smeared(bar, 1, 10, 8);
    // Where the reader puts the stroke: darker than midway between paper and the column's darkest.
    const rows = (penDepth: number) => {
      const { data } = removeMotionBlur(picture, 1, 10, 11, penDepth);
      const column = Array.from({ length: 100 }, (_, y) => data[y * 100 + 50]!);
      const midway = (PAPER + Math.min(...column)) / 2;
      return column.flatMap((v, y) => (v < midway ? [y] : []));
    };
    const [first, last] = [rows(1 - INK / PAPER)[0]!, rows(1 - INK / PAPER).at(-1)!];
    expect(Math.abs(first - 45) <= 1 && Math.abs(last - 47) <= 1).toBe(true);
    expect(rows(0).length).toBeGreaterThan(last - first + 1 + 2);
  });

  it("leaves a stroke lying along the motion where it was, and paper as paper", () => {
    const stroke = (x: number, y: number) => x >= 48 && x < 54 && y >= 20 && y < 80;
    const picture = removeMotionBlur(smeared(stroke, 0, 8, 4), 0, 8, 9);
    // Its sides are not smeared; its ends were, and are put back midway.
    expect(inkRows(picture, 50)).toEqual(Array.from({ length: 60 }, (_, k) => 20 + k));
    for (const x of [10, 90]) for (let y = 0; y < 100; y++) expect(picture.data[y * 100 + x]).toBeGreaterThan(195);
  });

  it("takes DEBLURRED_SHARE of a short smear's spread out of a thin line's width at half depth, less of a longer one's", () => {
    // A line a pixel wide across the motion, blurred by a lens (σ 1.2 px) and smeared along x over L pixels. Its width
    // at half depth, where the reader measures strokes, is the lens's blur's alone (2.355 σ) without the smear; what
    // is left of the smear after removal is read as blur of variance (w/w₀)² σ² − σ², a share of the smear's L²/12.
    const sigma = 1.2;
    const picture = (length: number): FloatImage => {
      const [width, height] = [120, 20];
      const data = new Float32Array(width * height);
      for (let x = 0; x < width; x++) {
        // Ink a pixel wide at x = 60, over the lens's Gaussian and the smear's box, 8 samples a pixel.
        let covered = 0;
        let total = 0;
        for (let s = 0; s < 8; s++) {
          for (let u = 0; u <= 40; u++) {
            for (let g = -32; g <= 32; g++) {
              const weight = Math.exp(-((g / 8) ** 2) / 2);
              const at = x + (s + 0.5) / 8 - 0.5 + length * (u / 40 - 0.5) + (g / 8) * sigma - 60;
              covered += Math.abs(at) <= 0.5 ? weight : 0;
              total += weight;
            }
          }
        }
        for (let y = 0; y < height; y++) data[y * width + x] = PAPER - (PAPER - INK) * (covered / total);
      }
      return { width, height, data };
    };
    const halfDepthWidth = (image: FloatImage) => {
      const row = image.data.subarray(10 * image.width, 11 * image.width);
      const half = (PAPER + Math.min(...row)) / 2;
      const inside = Array.from(row.keys()).filter((x) => row[x]! < half);
      const edge = (a: number, b: number) => a + ((half - row[a]!) / (row[b]! - row[a]!)) * (b - a);
      return edge(inside.at(-1)!, inside.at(-1)! + 1) - edge(inside[0]!, inside[0]! - 1);
    };
    const lensAlone = halfDepthWidth(picture(0));
    const taken = (length: number) => {
      const width = halfDepthWidth(removeMotionBlur(picture(length), length, 0, length + 1, 1 - INK / PAPER));
      return 1 - ((width / lensAlone) ** 2 * sigma ** 2 - sigma ** 2) / (length ** 2 / 12);
    };
    // Between 4 and 6 pixels (a phone's shake at arm's length) the share is DEBLURRED_SHARE; a longer smear keeps more
    // of itself after as many iterations. (Smears of whole even lengths: the kernel's taps then fall on whole pixels.)
    expect((taken(4) + taken(6)) / 2).toBeCloseTo(DEBLURRED_SHARE, 1);
    expect(taken(4)).toBeGreaterThan(taken(6));
    expect(taken(6)).toBeGreaterThan(taken(8));
    expect(taken(8)).toBeGreaterThan(DEBLURRED_SHARE - 0.2);
  });
});

describe("penDepthOf", () => {
  /** A box's picture: paper at `paper` with `inked` of its pixels at `ink`. */
  const box = (paper: number, ink: number, inked: number): FloatImage => {
    const data = new Float32Array(100 * 100).fill(paper);
    data.fill(ink, 0, inked);
    return { width: 100, height: 100, data };
  };

  it("takes the median of the written boxes' deepest ink against their own paper, in light and in shadow", () => {
    // Pen boxes at 0.25, 0.3 and 0.35 of paper's light (one in a shadow halving the light), a blank box's guide at
    // 0.9, and a "-" smeared to 0.6: the written boxes are the pen's three and the dash; their median depth is 0.7.
    const boxes = [box(200, 50, 300), box(100, 30, 300), box(200, 70, 300), box(200, 120, 300), box(200, 180, 300)];
    expect(penDepthOf(boxes)).toBeCloseTo(1 - 60 / 200, 1);
  });

  it("finds no depth on a page without ink", () => {
    expect(penDepthOf([box(200, 200, 0), box(180, 180, 0)])).toBeUndefined();
    expect(penDepthOf([])).toBeUndefined();
  });
});

describe("deblurGhosts", () => {
  /**
   * A guide printed across a 160 × 160 picture at row 80 (0.4 below paper, a lens's blur of a pixel), smeared `dy` px up
   * the page and `dy / 4` across it, brought back by removeMotionBlur: the mean level of each row.
   */
  const rowLevels = (dy: number) => {
    const size = 160;
    const dx = dy / 4;
    const taps = Math.round(Math.hypot(dx, dy)) + 1;
    const guide = (y: number) => 1 - 0.4 * Math.exp(-((y - 80) ** 2) / 2);
    const data = new Float32Array(size * size);
    for (let y = 0; y < size; y++) {
      let sum = 0;
      for (let t = 0; t < taps; t++) sum += guide(y + Math.round((t / (taps - 1) - 0.5) * dy));
      data.fill((PAPER * sum) / taps, y * size, (y + 1) * size);
    }
    const out = removeMotionBlur({ width: size, height: size, data }, dx, dy, taps).data;
    const levels = Array.from({ length: size }, (_, y) => out[y * size + size / 2]! / PAPER);
    return { levels, ghosts: deblurGhosts(dy, taps) };
  };

  it("says where deblurring leaves a guide's echoes: the darkest rows off the guide's own dip, on both sides", () => {
    for (const dy of [6, 8, 10]) {
      const { levels, ghosts } = rowLevels(dy);
      // The darkest row on each side, between the guide's own dip (a smear across) and three smears off it.
      const darkest = (side: 1 | -1) => {
        let best = 0;
        for (let k = dy; k <= 3 * dy; k++)
          if (levels[80 + side * k]! < levels[80 + side * best]! || best === 0) best = k;
        return side * best;
      };
      for (const side of [1, -1] as const) {
        const at = darkest(side);
        expect({ dy, at, echo: 1 - levels[80 + at]! > 0.005 }).toEqual({ dy, at, echo: true });
        expect({ dy, at, predicted: ghosts.some((k) => Math.abs(k - at) <= 1) }).toEqual({ dy, at, predicted: true });
      }
    }
  });

  it("finds no echo for a smear of a few pixels, which leaves none as deep as 3 % of the guide's", () => {
    const { levels, ghosts } = rowLevels(2);
    expect(ghosts).toEqual([]);
    // Off the guide's own dip (the smear, a lens's blur either side).
    for (let k = 6; k < 40; k++) expect(Math.min(levels[80 + k]!, levels[80 - k]!)).toBeGreaterThan(1 - 0.03 * 0.4);
  });
});
