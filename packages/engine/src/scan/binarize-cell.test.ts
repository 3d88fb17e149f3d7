import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import { DROPOUT_RGB, LABEL_RGB } from "../template/page-geometry.ts";
import {
  binarizeCell,
  EMPTY_LEVEL,
  MAX_THRESHOLD,
  printKept,
  RESOLVED_WIDTH,
  tooDarkForHairlines,
  underGlare,
  unveiledInkLevels,
} from "./binarize-cell.ts";
import { BLUR_ALONE } from "./blurred-band.ts";
import { normaliseLighting } from "./normalise-lighting.ts";

const level = ([r, g, b]: readonly number[]) => (0.299 * r! + 0.587 * g! + 0.114 * b!) / 255;

function cell(rows: (x: number, y: number) => number) {
  const width = 100;
  const height = 100;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = rows(x, y);
  return { width, height, data };
}

describe("binarizeCell", () => {
  it("keeps ink and drops printed guides and labels, which are far lighter than any dark ink", () => {
    expect(MAX_THRESHOLD).toBeLessThan(level(LABEL_RGB) - 0.08);
    expect(MAX_THRESHOLD).toBeLessThan(level(DROPOUT_RGB) - 0.08);
    const guide = level(DROPOUT_RGB);
    const image = cell((x, y) => (x >= 40 && x < 48 ? 0.2 : y === 50 ? guide : 1));
    const { mask, faint } = binarizeCell(image);
    expect(faint).toBeFalsy();
    expect(mask[50 * 100 + 10]).toBe(0);
    expect(mask[20 * 100 + 44]).toBe(1);
    expect(mask.reduce((sum, v) => sum + v, 0)).toBe(8 * 100);
  });

  it("takes nothing from a label's place, however dark the printer laid its strokes down, and keeps a stroke crossing it", () => {
    // A heavy print's label (here strokes at 0.3 of paper, as dark as a pen) in the box's corner, beside a grave accent as
    // small as it: left in, the label's strokes came with the accent into the font.
    const label = { x0: 4, y0: 4, x1: 24, y1: 22 };
    const labelStrokes = (x: number, y: number) => (x === 8 && y >= 8 && y < 18) || (y === 12 && x >= 12 && x < 20);
    const accent = (x: number, y: number) => Math.abs(x - 50 - (y - 30) * 0.5) < 1.5 && y >= 24 && y < 36;
    const { mask } = binarizeCell(
      cell((x, y) => (accent(x, y) ? 0.2 : labelStrokes(x, y) ? 0.3 : 1)),
      8,
      [label],
    );
    let inLabel = 0;
    let accentKept = 0;
    let accentPixels = 0;
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 100; x++) {
        if (x >= label.x0 && x < label.x1 && y >= label.y0 && y < label.y1) inLabel += mask[y * 100 + x]!;
        if (accent(x, y)) {
          accentPixels++;
          accentKept += mask[y * 100 + x]!;
        }
      }
    }
    expect({ inLabel, accentKept }).toEqual({ inLabel: 0, accentKept: accentPixels });
    // A letter's stroke that runs through the label's place is the letter's, there too.
    const crossing = binarizeCell(
      cell((x, y) => (y === 14 && x < 60 ? 0.2 : 1)),
      8,
      [label],
    );
    expect(crossing.mask[14 * 100 + 10]).toBe(1);
  });

  it("puts the threshold midway between paper and the cell's ink", () => {
    const result = binarizeCell(cell((x) => (x < 20 ? 0.3 : 1)));
    expect(result.inkLevel).toBeCloseTo(0.3, 1);
    expect(result.threshold).toBeCloseTo(0.62, 2);
    expect(binarizeCell(cell((x) => (x < 20 ? 0.1 : 1))).threshold).toBeCloseTo(0.55, 1);
  });

  it("finds nothing in a box holding only guides", () => {
    const guide = level(LABEL_RGB);
    const { mask } = binarizeCell(cell((_, y) => (y % 25 === 0 ? guide : 1)));
    expect(mask.every((v) => v === 0)).toBe(true);
  });

  it("keeps a 0.1 mm line whole where blur leaves it lighter than the sure threshold, without running along the guides it crosses", () => {
    // 8 px/mm: a ring of radius 30 px drawn 0.8 px wide with black ink, blurred to a core of about 0.6-0.7, like a
    // fine liner's hairline on a 300 dpi scan; printed guides cross it.
    const guide = level(DROPOUT_RGB);
    const ring = (x: number, y: number) => Math.abs(Math.hypot(x - 50.5, y - 50.5) - 30);
    const image = cell((x, y) => {
      const ink = Math.max(0, Math.min(1, (1.6 - ring(x, y)) / 2.4)) * 0.55;
      const print = y === 20 || y === 80 ? 1 - guide : 0;
      return (1 - ink) * (1 - print);
    });
    expect(Math.min(...image.data)).toBeLessThan(MAX_THRESHOLD);
    const { mask } = binarizeCell(image);
    let gaps = 0;
    let stray = 0;
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 100; x++) {
        // Where it crosses a guide as light as the guide, it may part for the guide's width (a pixel each side).
        if (ring(x, y) < 0.5 && !mask[y * 100 + x] && Math.abs(y - 20) > 1 && Math.abs(y - 80) > 1) gaps++;
        if (ring(x, y) > 1.5 && mask[y * 100 + x]) stray++;
      }
    }
    expect({ gaps, stray }).toEqual({ gaps: 0, stray: 0 });
  });

  it("keeps an upright 0.1 mm stem whole: a column away from the box's borders carries no print, however much of it is dark", () => {
    // A tall stem drawn with a fine liner down 80 % of the cut (8 px/mm): dark where the pen started (0.85 below
    // paper), as light as the ring above from 2.5 mm on (0.37 below paper). The start sets the sure threshold; the
    // rest of the stem is only followed from it. The box's borders lie 0.7 mm outside the cut, as readCell cuts it.
    const image = cell((x, y) => {
      if (y < 10 || y >= 90) return 1;
      const depth = 0.37 + 0.48 * Math.max(0, 1 - (y - 10) / 20);
      return 1 - depth * Math.max(0, 1 - Math.abs(x - 50) / 1.6);
    });
    const { mask } = binarizeCell(image, 8, [], { rows: [-6.1, 105.1], columns: [-6.1, 105.1] });
    let gaps = 0;
    for (let y = 10; y < 90; y++) if (!mask[y * 100 + 50]) gaps++;
    expect(gaps).toBe(0);
  });

  it("does not follow a hairline along a box border it crosses", () => {
    // A vertical border (as dark as a guide) near the cut's edge, where a page's bend can bring it, crossed by a
    // fine liner's line as light as in the tests above.
    const guide = level(DROPOUT_RGB);
    const line = (x: number, y: number) => (x < 60 ? Math.abs(y - 50) : 99);
    const image = cell((x, y) => {
      const ink = Math.max(0, Math.min(1, (1.6 - line(x, y)) / 2.4)) * 0.55;
      return (1 - ink) * (x === 3 ? guide : 1);
    });
    const { mask } = binarizeCell(image, 8, [], { rows: [-6.1, 105.1], columns: [3, 110] });
    let along = 0;
    for (let y = 0; y < 100; y++) if (Math.abs(y - 50) > 2 && mask[y * 100 + 3]) along++;
    expect(mask[50 * 100 + 30]).toBe(1);
    expect(along).toBe(0);
  });

  it("finds nothing in blank boxes under paper grain, whatever the seed: guides, a label and noise only", () => {
    const guide = level(DROPOUT_RGB);
    const label = level(LABEL_RGB);
    for (let seed = 1; seed <= 8; seed++) {
      const random = createRandom(seed);
      const grain = 0.01 * seed;
      const image = cell((x, y) => {
        const print = y === 30 || y === 70 || (y >= 5 && y < 12 && x >= 5 && x < 12 && (x + y) % 3 === 0);
        return (print ? (y < 20 ? label : guide) : 1) + grain * random.normal();
      });
      expect({ seed, ink: binarizeCell(image).mask.reduce((sum, v) => sum + v, 0) }).toEqual({ seed, ink: 0 });
    }
  });

  it("does not follow strokes as wide as the blur past sure ink: the two bars of a shaken '=' stay apart", () => {
    // Bars 20 px long (too short to pass for print), 4 px thick, 3 px apart, blurred so their cores reach 0.45
    // and the paper between them 0.7.
    const bar = (y: number) => (y >= 40 && y < 44) || (y >= 47 && y < 51);
    const image = cell((x, y) => {
      if (x < 40 || x >= 60) return 1;
      if (bar(y)) return y === 40 || y === 43 || y === 47 || y === 50 ? 0.55 : 0.45;
      return y >= 44 && y < 47 ? 0.7 : y === 39 || y === 51 ? 0.8 : 1;
    });
    const { mask } = binarizeCell(image);
    for (let y = 44; y < 47; y++) expect(mask[y * 100 + 50]).toBe(0);
    for (const y of [40, 43, 47, 50]) expect(mask[y * 100 + 50]).toBe(1);
  });
});

/**
 * A 20 mm cell at 8 px/mm as a phone photo sees it: paper with grain, two guides, a dashed one (`dashDepth` below paper
 * at its middle), a label.
 */
function photoCell(
  seed: number,
  ink: (x: number, y: number) => number,
  light: (x: number) => number = () => 1,
  dashDepth = 0.07,
) {
  const size = 160;
  const random = createRandom(seed);
  const data = new Float32Array(size * size);
  // Printed lines blurred to a few pixels keep a tenth of their contrast, as a 0.1 mm hairline keeps a sixth.
  const guideRow = (y: number, at: number, depth: number) => depth * Math.exp(-((y - at) ** 2) / 4.5);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dash = Math.floor(x / 10) % 2 === 0 ? guideRow(y, 70, dashDepth) : 0;
      const print = guideRow(y, 40, 0.12) + guideRow(y, 100, 0.12) + dash;
      const label = x >= 8 && x < 20 && y >= 8 && y < 24 && (x === 9 || y === 10 || x - 8 === y - 8) ? 0.15 : 0;
      data[y * size + x] = (1 - ink(x, y)) * (1 - print) * (1 - label) * light(x) + 0.015 * random.normal();
    }
  }
  return { width: size, height: size, data };
}
const LABEL = { x0: 4, y0: 4, x1: 28, y1: 30 };
/** Ink pixels of a photoCell's mask within `within` of the ring of `radius` around (cx, cy), and those elsewhere. */
function ringPixels(mask: Uint8Array, cx: number, cy: number, radius: number, within: number) {
  let onRing = 0;
  let stray = 0;
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < 160; x++) {
      if (!mask[y * 160 + x]) continue;
      if (Math.abs(Math.hypot(x - cx, y - cy) - radius) <= within) onRing++;
      else stray++;
    }
  }
  return { onRing, stray };
}
const inkWithin = (mask: Uint8Array, x: number, y: number, r: number) => {
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (mask[(y + dy) * 160 + x + dx]) return true;
  return false;
};

const ringDistance = (x: number, y: number) => Math.abs(Math.hypot(x - 80, y - 85) - 35);

/**
 * Whether the rings of these radii around (80, 85) came back whole: 98 % of their centre lines have read ink within
 * a pixel (one scan pixel of a 5 px/mm photo is 1.6 pixels here).
 */
function ringsWhole(mask: Uint8Array, radii: number[]): boolean {
  let centre = 0;
  let found = 0;
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < 160; x++) {
      const r = Math.hypot(x - 80, y - 85);
      if (!radii.some((radius) => Math.abs(r - radius) < 0.5)) continue;
      centre++;
      if (inkWithin(mask, x, y, 1)) found++;
    }
  }
  return found >= 0.98 * centre;
}

/**
 * How a read mask covers the ring of radius 35: whether it is whole, how many pixels were read as ink, how many of
 * them lie over `beyond` from the line's middle, and the share of its centre line (the middle between two rings drawn
 * either side of it) read as ink.
 */
function ringReading(mask: Uint8Array, beyond: number) {
  let centre = 0;
  let inkOnCentre = 0;
  let ink = 0;
  let off = 0;
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < 160; x++) {
      const d = ringDistance(x, y);
      if (d < 0.5) centre++;
      if (!mask[y * 160 + x]) continue;
      ink++;
      if (d < 0.5) inkOnCentre++;
      if (d > beyond) off++;
    }
  }
  return { whole: ringsWhole(mask, [35]), ink, off, centreShare: inkOnCentre / centre };
}

/** Whether two rings either side of radius 35 came back whole, and the share of the paper between them read as ink. */
function pairReading(mask: Uint8Array, radii: number[]) {
  return { whole: ringsWhole(mask, radii), middleShare: ringReading(mask, Number.POSITIVE_INFINITY).centreShare };
}
/** A 0.1 mm line seen through a blur of sigma 0.25 mm: a sixth of black ink's depth, four pixels wide at half. */
const hairline = (x: number, y: number) => 0.17 * Math.exp(-(ringDistance(x, y) ** 2) / 8);

describe("binarizeCell on faint strokes", () => {
  it("finds a hairline that a photo's blur left as light as the guides, without the guides, the dashes or the label", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const { mask, faint } = binarizeCell(photoCell(seed, hairline), 8, [LABEL]);
      // Its pieces are then kept however small (cleanCell, followInk, the tracer): the strokes were judged by length.
      expect(faint).toBe(true);
      // Beyond the line's half depth (4 px wide) and a pixel: a guide, a dash, the label or grain.
      const { whole, off: stray } = ringReading(mask, 3.5);
      expect({ seed, stray, whole }).toEqual({ seed, stray: 0, whole: true });
    }
  });

  it("finds a hairline period written on the baseline guide, on paper a grain under 1 as a photo's normalised paper lies", () => {
    // A ring 1.25 mm across (10 px) drawn with a 0.1 mm pen, centred on the baseline guide (row 100): shorter than
    // a dash residue may be long, but as tall as wide, which no printed line is.
    const dot = (x: number, y: number) => 0.17 * Math.exp(-((Math.hypot(x - 70, y - 100) - 5) ** 2) / 8);
    for (let seed = 1; seed <= 3; seed++) {
      const { mask } = binarizeCell(
        photoCell(seed, dot, () => 0.985),
        8,
        [LABEL],
      );
      const { onRing, stray } = ringPixels(mask, 70, 100, 5, 3);
      expect({ seed, found: onRing > 40, stray }).toEqual({ seed, found: true, stray: 0 });
    }
  });

  it("finds nothing in a blank photographed box, nor along a hard shadow's edge crossing it", () => {
    for (let seed = 1; seed <= 6; seed++) {
      // Half the light left of a 0.5 mm penumbra, on 8-bit paper, normalised as the reader does.
      const shadow = (x: number) => 0.5 + 0.5 * Math.min(1, Math.max(0, (x - 60 + (seed % 3) * 10) / 4));
      const picture = photoCell(seed, () => 0, seed % 2 ? shadow : () => 1);
      for (let i = 0; i < picture.data.length; i++) picture.data[i] = Math.round(220 * picture.data[i]!);
      const { image } = normaliseLighting(picture, 20);
      const ink = binarizeCell(image, 8, [LABEL]).mask.reduce((sum, v) => sum + v, 0);
      expect({ seed, ink }).toEqual({ seed, ink: 0 });
    }
  });

  it("divides the print out before following a hairline: a stroke beside a guide is not widened towards it", () => {
    // A horizontal hairline (core rows 46-47) with a guide just below it (rows 49-51, which it does not touch);
    // the stroke's faint edge at row 49 lies on the guide.
    const guide = [0, 0.1, 0.15, 0.1];
    const stroke: Record<number, number> = { 44: 0.2, 45: 0.28, 46: 0.5, 47: 0.5, 48: 0.28, 49: 0.2 };
    const image = cell((x, y) => {
      const print = y >= 49 && y <= 51 ? guide[y - 48]! : 0;
      return (1 - (x >= 40 && x < 60 ? (stroke[y] ?? 0) : 0)) * (1 - print);
    });
    const { mask } = binarizeCell(image);
    for (const y of [45, 46, 47, 48]) expect(mask[y * 100 + 50]).toBe(1);
    // Symmetric about the stroke: its edge on the guide is as far out as its edge on paper.
    expect([mask[44 * 100 + 50], mask[49 * 100 + 50]]).toEqual([0, 0]);
  });
});

// Grain as a phone photo leaves it: drawn at the photo's own pixels (5 px/mm, 1.6 cell pixels) and resampled
// to the cell's 8 px/mm, so each speck is as wide as the faint line itself.
function coarseGrain(seed: number, size: number, deviation: number) {
  const random = createRandom(seed);
  const step = 1.6;
  const side = Math.ceil(size / step) + 2;
  const coarse = Float32Array.from({ length: side * side }, () => deviation * random.normal());
  return (x: number, y: number) => {
    const [u, v] = [x / step, y / step];
    const [u0, v0] = [Math.floor(u), Math.floor(v)];
    const [fu, fv] = [u - u0, v - v0];
    const at = (a: number, b: number) => coarse[b * side + a]!;
    const top = at(u0, v0) + (at(u0 + 1, v0) - at(u0, v0)) * fu;
    const bottom = at(u0, v0 + 1) + (at(u0 + 1, v0 + 1) - at(u0, v0 + 1)) * fu;
    return top + (bottom - top) * fv;
  };
}

describe("binarizeCell on faint strokes under a photo's coarse grain", () => {
  /** A 0.1 mm line through a blur of sigma 0.19 mm (a phone photo at 7 px/mm): a sixth of black ink's depth. */
  const sharperHairline = (x: number, y: number) => 0.17 * Math.exp(-(ringDistance(x, y) ** 2) / 4.5);

  it("reads a hairline whole and on its line under grain as coarse as the line is wide", () => {
    for (let seed = 1; seed <= 8; seed++) {
      const grain = coarseGrain(seed + 100, 160, 0.03);
      const picture = photoCell(seed, sharperHairline);
      for (let y = 0; y < 160; y++) for (let x = 0; x < 160; x++) picture.data[y * 160 + x]! += grain(x, y);
      const { mask } = binarizeCell(picture, 8, [LABEL]);
      // The line is 0.8 px wide; ink more than a photo pixel beyond its edge is a bulge.
      const { whole, ink, off } = ringReading(mask, 0.4 + 1.6);
      expect({ seed, whole, onLine: off <= 0.02 * ink }).toEqual({
        seed,
        whole: true,
        onLine: true,
      });
    }
  });
});

describe("binarizeCell in a deep shadow, its paper divided by a quarter of the light", () => {
  // The sensor's noise and the JPEG's blocks, a few levels of 255 on the shadowed paper's 30 or so, are raised four
  // times by dividing the paper out: blotches as coarse as the photo's pixels, their darkest thousandth under
  // EMPTY_LEVEL (0.57 of paper at this deviation, 3.2 times the grain the box measures below paper).
  const deepShadowGrain = (seed: number) => coarseGrain(seed + 200, 160, 0.22);
  const page = { blurMm: 0.13 };

  it("finds nothing in a blank box, though its darkest thousandth of grain lies as deep as a pen's ink can", () => {
    for (let seed = 1; seed <= 8; seed++) {
      const grain = deepShadowGrain(seed);
      const picture = photoCell(seed, () => 0);
      for (let y = 0; y < 160; y++) for (let x = 0; x < 160; x++) picture.data[y * 160 + x]! += grain(x, y);
      const ink = binarizeCell(picture, 8, [LABEL], undefined, page).mask.reduce((sum, v) => sum + v, 0);
      expect({ seed, ink }).toEqual({ seed, ink: 0 });
    }
  });

  it("still reads a pen's stroke there whole", () => {
    // A stroke 0.5 mm wide, its ink a tenth of paper as black ink reads, the shadow's grain on it as on the paper.
    const stroke = (x: number, y: number) => (ringDistance(x, y) <= 2 ? 0.9 : 0);
    for (let seed = 1; seed <= 8; seed++) {
      const grain = deepShadowGrain(seed);
      const picture = photoCell(seed, stroke);
      for (let y = 0; y < 160; y++) for (let x = 0; x < 160; x++) picture.data[y * 160 + x]! += grain(x, y);
      const { mask } = binarizeCell(picture, 8, [LABEL], undefined, page);
      expect({ seed, whole: ringsWhole(mask, [35]) }).toEqual({ seed, whole: true });
    }
  });
});

describe("binarizeCell on the two sides of an outlined stroke", () => {
  it("cuts each of two hairlines 0.5 mm apart against its own middle, the lighter one too", () => {
    // The two sides of an outlined stroke, one drawn with less pressure (4/5 of the other's depth): the deeper line
    // lies within the reach of the lighter one's cut, past the paper between them.
    const inner = (x: number, y: number) => Math.abs(Math.hypot(x - 80, y - 85) - 33);
    const outer = (x: number, y: number) => Math.abs(Math.hypot(x - 80, y - 85) - 37);
    const pair = (x: number, y: number) =>
      0.17 * Math.exp(-(inner(x, y) ** 2) / 4.5) + 0.136 * Math.exp(-(outer(x, y) ** 2) / 4.5);
    for (let seed = 1; seed <= 4; seed++) {
      const { mask } = binarizeCell(photoCell(seed, pair), 8, [LABEL]);
      let lines = 0;
      let found = 0;
      for (let y = 0; y < 160; y++) {
        for (let x = 0; x < 160; x++) {
          if (outer(x, y) >= 0.5) continue;
          lines++;
          if (inkWithin(mask, x, y, 1)) found++;
        }
      }
      // Grain alone (a ninth of the line's depth) breaks so light a line in a few places; cut against the deeper line
      // it kept under three quarters of its length.
      expect({ seed, nearlyWhole: found >= 0.95 * lines }).toEqual({ seed, nearlyWhole: true });
    }
  });

  it("keeps the paper between two hairlines 0.5 mm apart that a photo's blur has half merged", () => {
    // Rings of radius 33 and 37 px (4 px, 0.5 mm apart) through a blur of sigma 1.5 px: between them the picture
    // rises a little but stays deeper than the 3/4 cut.
    const inner = (x: number, y: number) => Math.abs(Math.hypot(x - 80, y - 85) - 33);
    const outer = (x: number, y: number) => Math.abs(Math.hypot(x - 80, y - 85) - 37);
    const pair = (x: number, y: number) =>
      0.17 * (Math.exp(-(inner(x, y) ** 2) / 4.5) + Math.exp(-(outer(x, y) ** 2) / 4.5));
    for (let seed = 1; seed <= 4; seed++) {
      const result = pairReading(binarizeCell(photoCell(seed, pair), 8, [LABEL]).mask, [33, 37]);
      expect({ seed, whole: result.whole, middleAsInk: result.middleShare > 0.1 }).toEqual({
        seed,
        whole: true,
        middleAsInk: false,
      });
    }
  });
});

describe("binarizeCell on two hairlines a photo's blur merged into one band", () => {
  // Rings of radius 32 and 38 px (0.75 mm apart) through a blur of sigma 2.2 px (0.28 mm, a phone photo at 5 px/mm),
  // under a photo's coarse grain: the paper between them lies a fifth lighter than the lines, and the picture is
  // nearly flat there at the pen's scale, where the direction read is the grain's.
  const inner = (x: number, y: number) => Math.abs(Math.hypot(x - 80, y - 85) - 32);
  const outer = (x: number, y: number) => Math.abs(Math.hypot(x - 80, y - 85) - 38);
  const blurred = (d: number) => 0.17 * Math.exp(-(d ** 2) / 10);
  const pair = (x: number, y: number) => blurred(inner(x, y)) + blurred(outer(x, y));
  // The same total darkness in one line: the pair's ink drawn along their middle.
  const single = (x: number, y: number) => 2 * blurred(Math.abs(Math.hypot(x - 80, y - 85) - 35));
  const grainy = (seed: number, ink: (x: number, y: number) => number) => {
    const grain = coarseGrain(seed + 200, 160, 0.02);
    const picture = photoCell(seed, ink);
    for (let y = 0; y < 160; y++) for (let x = 0; x < 160; x++) picture.data[y * 160 + x]! += grain(x, y);
    return picture;
  };

  it("reads two lines with paper between them, looking across the band where the grain sets the direction", () => {
    let middleShare = 0;
    const seeds = 6;
    for (let seed = 1; seed <= seeds; seed++) {
      const result = pairReading(binarizeCell(grainy(seed, pair), 8, [LABEL]).mask, [32, 38]);
      expect({ seed, whole: result.whole }).toEqual({ seed, whole: true });
      middleShare += result.middleShare / seeds;
    }
    // The middle lies 3 px (two scan pixels) from either line: ink there is a rung across the stroke. It rises four
    // times what the cut allows above the lines, and grain fills so much only in a few places; looking along the
    // stroke instead of across it had kept a seventh of it.
    expect(middleShare).toBeLessThan(0.1);
  });

  it("still reads one line of the same total darkness whole and along its middle", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const result = pairReading(binarizeCell(grainy(seed, single), 8, [LABEL]).mask, [35]);
      expect({ seed, whole: result.whole, middle: result.middleShare > 0.9 }).toEqual({
        seed,
        whole: true,
        middle: true,
      });
    }
  });
});

describe("binarizeCell where faint strokes cross", () => {
  it("keeps both hairlines whole through their crossing, where their darkness adds", () => {
    // Two lines through (80, 85) at ±30° from the vertical, through a blur of sigma 2 px.
    const line = (angle: number) => (x: number, y: number) =>
      Math.abs((x - 80) * Math.cos(angle) - (y - 85) * Math.sin(angle));
    const [a, b] = [line(Math.PI / 6), line(-Math.PI / 6)];
    const cross = (x: number, y: number) => 0.17 * (Math.exp(-(a(x, y) ** 2) / 8) + Math.exp(-(b(x, y) ** 2) / 8));
    for (let seed = 1; seed <= 4; seed++) {
      const { mask } = binarizeCell(photoCell(seed, cross), 8, [LABEL]);
      let centre = 0;
      let found = 0;
      for (let y = 50; y < 120; y++) {
        for (let x = 45; x < 115; x++) {
          if (a(x, y) >= 0.5 && b(x, y) >= 0.5) continue;
          centre++;
          if (inkWithin(mask, x, y, 1)) found++;
        }
      }
      expect({ seed, whole: found >= 0.98 * centre }).toEqual({ seed, whole: true });
    }
  });
});

describe("binarizeCell on a hairline's width", () => {
  it("reads a hairline about as wide as the pen, not as wide as the photo's blur", () => {
    // A 0.1 mm ring through a blur of sigma 0.25 mm (2 px): at 3/4 of its depth the blur is 3 px (0.38 mm) wide.
    // Its width cannot be read, only its middle: what is kept lies within a third of the blur's deviation either
    // side (1.3 px), a fine pen's width and then some, never the blur's.
    for (let seed = 1; seed <= 4; seed++) {
      const { mask } = binarizeCell(photoCell(seed, hairline), 8, [LABEL]);
      const ink = mask.reduce((sum, v) => sum + v, 0);
      const width = ink / (2 * Math.PI * 35);
      expect({ seed, narrow: width <= 2 }).toEqual({ seed, narrow: true });
    }
  });
});

describe("binarizeCell on pale wide strokes (a pencil's)", () => {
  /** The hairlines' blur (sigma 0.25 mm), and a sharper photo's (0.15 mm), in which a 1 mm band is plainly wider. */
  const BLUR_PX = 2;
  const BAND_BLUR_PX = 1.2;
  /** The error function (Abramowitz and Stegun 7.1.26). */
  const erf = (x: number) => {
    const t = 1 / (1 + 0.3275911 * Math.abs(x));
    const y =
      1 -
      ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
        t *
        Math.exp(-x * x);
    return x >= 0 ? y : -y;
  };
  /** A band `widthPx` wide, `depth` below paper where the graphite covers it, seen through a Gaussian blur: its profile. */
  const across = (d: number, widthPx: number, depth: number, blurPx: number) => {
    const s = Math.SQRT2 * blurPx;
    return (depth * (erf((d + widthPx / 2) / s) - erf((d - widthPx / 2) / s))) / 2;
  };
  /** Such a band along the ring. */
  const band =
    (widthPx: number, depth: number, blurPx = BAND_BLUR_PX) =>
    (x: number, y: number) =>
      across(ringDistance(x, y), widthPx, depth, blurPx);
  /**
   * The same band in graphite: the paper's tooth took between 55 % and all of it, a value a pixel (a scan's pixel is
   * about the tooth's size), the blur averaging neighbours.
   */
  const pencil = (widthPx: number, depth: number, seed: number) => {
    const random = createRandom(seed + 200);
    const tooth = Float32Array.from({ length: 160 * 160 }, () => 0.55 + 0.45 * random.next());
    const smooth = (x: number, y: number) => {
      let sum = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        sum += tooth[Math.min(159, y + dy) * 160 + Math.min(159, x + dx)]!;
      }
      return sum / 4;
    };
    const shape = band(widthPx, depth);
    return (x: number, y: number) => shape(x, y) * smooth(x, y);
  };

  /** Of a band 8 px wide: the share of it (less a pixel at each edge) read as ink, and ink over 1.5 px beyond it. */
  const bandReading = (mask: Uint8Array) => {
    let inside = 0;
    let insideInk = 0;
    let outsideInk = 0;
    for (let y = 0; y < 160; y++) {
      for (let x = 0; x < 160; x++) {
        const d = ringDistance(x, y);
        if (d < 4 - 1) {
          inside++;
          if (mask[y * 160 + x]) insideInk++;
        } else if (d > 4 + 1.5 && mask[y * 160 + x]) outsideInk++;
      }
    }
    return { covered: insideInk / inside, outsideInk };
  };

  /**
   * Of a band 8 px wide, as the benchmark judges a glyph whole: the share of it with read ink within a pixel (a
   * photo's pixel is 1.6 of these), and the share of the read ink within 1.6 px of it.
   */
  const bandWhole = (mask: Uint8Array) => {
    let inside = 0;
    let near = 0;
    let ink = 0;
    let inkNear = 0;
    for (let y = 0; y < 160; y++) {
      for (let x = 0; x < 160; x++) {
        const d = ringDistance(x, y);
        if (mask[y * 160 + x]) {
          ink++;
          if (d <= 4 + 1.6) inkNear++;
        }
        if (d > 4) continue;
        inside++;
        if (inkWithin(mask, x, y, 1)) near++;
      }
    }
    return { near: near / inside, onBand: inkNear / ink };
  };

  it("reads a pencil's grainy band whole once the page's blur is known, not as a hairline's pieces", () => {
    // 1 mm wide (8 px), 0.45 below paper where the graphite lies thickest: its grain as light as the guides.
    for (let seed = 1; seed <= 3; seed++) {
      const picture = photoCell(seed, pencil(8, 0.45, seed));
      const known = binarizeCell(picture, 8, [LABEL], undefined, { blurMm: BAND_BLUR_PX / 8 });
      // Within a pixel of its true edges, and nothing a pixel and a half beyond them.
      const { covered, outsideInk } = bandReading(known.mask);
      expect({ seed, covered: covered > 0.98, outsideInk }).toEqual({ seed, covered: true, outsideInk: 0 });
      expect(known.bandWidth).toBeGreaterThan(RESOLVED_WIDTH);
      // Without the blur the same band is taken for a hairline's: only what lies within a few percent of its deepest
      // point across is kept, which the grain breaks into pieces.
      expect(bandReading(binarizeCell(picture, 8, [LABEL]).mask).covered).toBeLessThan(0.9);
    }
  });

  it("reads one picture as bands, as hairlines and as bands again as fresh copies of it read", () => {
    // A box read again as the page decides binarizes the same picture (see PreparedRegions): what it found there
    // the first time is cut again, and must come out as a fresh reading's does, whichever way and however often.
    const picture = photoCell(4, pencil(8, 0.45, 4));
    const labels = [LABEL];
    const read = (image: typeof picture, bands: boolean) =>
      binarizeCell(image, 8, labels, undefined, { blurMm: BAND_BLUR_PX / 8, bands });
    const fresh = (bands: boolean) => read({ ...picture, data: Float32Array.from(picture.data) }, bands);
    for (const bands of [true, false, true]) expect(read(picture, bands)).toEqual(fresh(bands));
    // The two ways do differ: the test would not see a stale cut otherwise.
    expect(read(picture, true).mask).not.toEqual(read(picture, false).mask);
  });

  it("still reads a hairline as a hairline when the page's blur is known", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const { mask, faint, bandWidth } = binarizeCell(photoCell(seed, hairline), 8, [LABEL], undefined, {
        blurMm: BLUR_PX / 8,
      });
      expect(faint).toBe(true);
      expect(bandWidth).toBeLessThan(RESOLVED_WIDTH);
      const { whole, off: stray } = ringReading(mask, 3.5);
      expect({ seed, stray, whole }).toEqual({ seed, stray: 0, whole: true });
    }
  });

  it("reads a faint box's band as the page decided, whatever its own width says", () => {
    // 0.4 below paper at most: no pixel as dark as a pen's (EMPTY_LEVEL), so the box is read as faint strokes.
    const picture = photoCell(4, pencil(8, 0.4, 4));
    const read = (bands: boolean) =>
      bandReading(binarizeCell(picture, 8, [LABEL], undefined, { blurMm: BAND_BLUR_PX / 8, bands }).mask).covered;
    expect(read(true)).toBeGreaterThan(0.98);
    expect(read(false)).toBeLessThan(0.9);
  });

  it("reads a box as wide as the page's pencil where a dim photo's grain made its own strokes measure as thin as the blur", () => {
    // A 1 mm band 0.3 below paper through a dim photo's blur (0.3 mm, the smoothing of its grain included) under
    // coarse grain of 0.038: its deepest point across, found among grainy pixels, lies deeper than the band does, and
    // what lies under half of that is narrow: the box alone takes its strokes for lines hardly wider than the blur.
    const blurPx = 2.4;
    const page = { blurMm: blurPx / 8, bands: true };
    // The page's pen, as the page measured it over its boxes: the width such a band has at half its depth, over the
    // blur's own there.
    let half = 0;
    while (across(half, 8, 0.3, blurPx) > across(0, 8, 0.3, blurPx) / 2) half += 0.01;
    const bandRatio = (2 * half) / (BLUR_ALONE * blurPx);
    const whole = ({ near, onBand }: { near: number; onBand: number }) => near >= 0.98 && onBand >= 0.98;
    let wholeAlone = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const picture = photoCell(seed, band(8, 0.3, blurPx));
      const grain = coarseGrain(seed + 300, 160, 0.038);
      for (let y = 0; y < 160; y++) for (let x = 0; x < 160; x++) picture.data[y * 160 + x]! += grain(x, y);
      const alone = binarizeCell(picture, 8, [LABEL], undefined, page);
      expect(alone.bandWidth).toBeLessThan(bandRatio);
      if (whole(bandWhole(alone.mask))) wholeAlone++;
      const asPage = binarizeCell(picture, 8, [LABEL], undefined, { ...page, bandRatio });
      expect({ seed, whole: whole(bandWhole(asPage.mask)) }).toEqual({ seed, whole: true });
    }
    expect(wholeAlone).toBeLessThan(4);
  });

  it("keeps two bands apart where the blur darkened the paper between them past half their depth", () => {
    // Two rings 6 px wide, their middles 9 px apart: the paper between them lies at about 0.6 of their depth.
    const pair = (x: number, y: number) => {
      const d = ringDistance(x, y);
      const s = Math.SQRT2 * BLUR_PX;
      const one = (c: number) => (0.45 * (erf((d - c + 3) / s) - erf((d - c - 3) / s))) / 2;
      return one(-4.5) + one(4.5);
    };
    const { mask } = binarizeCell(photoCell(5, pair), 8, [LABEL], undefined, { blurMm: BLUR_PX / 8 });
    const { centreShare } = ringReading(mask, Number.POSITIVE_INFINITY);
    expect(centreShare).toBeLessThan(0.05);
    expect(ringsWhole(mask, [30.5, 39.5])).toBe(true);
  });

  it("cuts an upright stem as wide as written where a shaken photo's blur smears only across the bars", () => {
    // A pale pen's "L", 3 px wide (0.375 mm), in a photo smeared up and down: the blur across the upright stem is
    // 0.8 px, across the bar 2 px. Along the smear the bar keeps about half its depth; the stem, sharp across, nearly
    // all of it.
    const [sharp, smeared, depth, half] = [0.8, 2, 0.45, 1.5];
    const span = (d: number, from: number, to: number, blurPx: number) =>
      (erf((d - from) / (Math.SQRT2 * blurPx)) - erf((d - to) / (Math.SQRT2 * blurPx))) / 2;
    const stem = (x: number, y: number) => span(x, 60 - half, 60 + half, sharp) * span(y, 45, 120, smeared);
    const bar = (x: number, y: number) => span(y, 120 - half, 120 + half, smeared) * span(x, 60, 110, sharp);
    const ink = (x: number, y: number) => depth * (1 - (1 - stem(x, y)) * (1 - bar(x, y)));
    const covariance = [(sharp / 8) ** 2, 0, (smeared / 8) ** 2] as const;
    // Columns of read ink across the stem on the rows between the guides, and ink far from both strokes.
    const stemWidths = (mask: Uint8Array) => {
      const widths: number[] = [];
      for (let y = 75; y < 95; y++) {
        let row = 0;
        for (let x = 50; x < 70; x++) row += mask[y * 160 + x]!;
        widths.push(row);
      }
      return widths.sort((a, b) => a - b)[10]!;
    };
    for (let seed = 1; seed <= 3; seed++) {
      const picture = photoCell(seed, ink);
      const page = { blurMm: smeared / 8, bands: true };
      const across = binarizeCell(picture, 8, [LABEL], undefined, { ...page, blurCovarianceMm: covariance });
      // Within a pixel of the 3 px written.
      expect({ seed, width: Math.abs(stemWidths(across.mask) - 2 * half) <= 1 }).toEqual({ seed, width: true });
      // Judged against the blur's widest, the stem was cut near its middle.
      expect(stemWidths(binarizeCell(picture, 8, [LABEL], undefined, page).mask)).toBeLessThan(2 * half - 1);
    }
  });
});

describe("binarizeCell on print a faint box cannot divide out", () => {
  // A mark box's dotted circle between the x-height guide (row 70) and the baseline (row 100), as the template prints
  // it (14 dots 0.35 mm across, on a circle four tenths of the x-height across), seen by a coarse photo: each dot
  // spread over a millimetre, neighbours merged into arcs as long as a hairline's strokes.
  const centre = { x: 80, y: 85 };
  const dots = Array.from({ length: 14 }, (_, k) => ({
    x: centre.x + 12 * Math.cos((2 * Math.PI * k) / 14),
    y: centre.y + 12 * Math.sin((2 * Math.PI * k) / 14),
    radius: 1.4,
  }));
  const blurredDots = (x: number, y: number) =>
    Math.min(
      0.2,
      dots.reduce((sum, d) => sum + 0.09 * Math.exp(-((x - d.x) ** 2 + (y - d.y) ** 2) / 18), 0),
    );

  it("reads a mark box's dotted circle, blurred into arcs, as blank once it knows where the dots are", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const picture = photoCell(seed, blurredDots);
      const ink = (known: boolean) =>
        binarizeCell(
          picture,
          8,
          [LABEL],
          { rows: [40, 70, 100], columns: [], ...(known ? { dots } : {}) },
          {
            blurMm: 3 / 8,
          },
        ).mask.reduce((sum, v) => sum + v, 0);
      expect({ seed, unknown: ink(false) > 0, known: ink(true) }).toEqual({ seed, unknown: true, known: 0 });
    }
  });

  it("still reads a hairline written across the dots and off them", () => {
    // An upright 0.1 mm line from row 50 to row 120 through the circle's middle, as blurred as the hairlines above.
    const stem = (x: number, y: number) => (y >= 50 && y <= 120 ? 0.17 * Math.exp(-((x - 80) ** 2) / 8) : 0);
    const line = (x: number, y: number) => Math.max(blurredDots(x, y), stem(x, y));
    const { mask } = binarizeCell(
      photoCell(4, line),
      8,
      [LABEL],
      { rows: [40, 70, 100], columns: [], dots },
      {
        blurMm: 3 / 8,
      },
    );
    let rows = 0;
    for (let y = 52; y <= 118; y++) if ([79, 80, 81].some((x) => mask[y * 160 + x])) rows++;
    expect(rows).toBe(118 - 52 + 1);
  });
});

describe("binarizeCell on pale strokes along the dashed guide of a scan", () => {
  /**
   * A 20 mm box scanned at 300 dpi and cut at 8 px/mm: paper, the cap-height and baseline guides (rows 40 and 100) and
   * the dashed x-height guide (row 70: 1.2 mm dashes), as dark as printed (0.77) and two rows thick, a little grain;
   * `ink` (0–1 darkness) multiplies over them as a pen's does.
   */
  function scannedCell(seed: number, ink: (x: number, y: number) => number) {
    const random = createRandom(seed);
    const data = new Float32Array(160 * 160);
    for (let y = 0; y < 160; y++) {
      for (let x = 0; x < 160; x++) {
        const guide = y === 40 || y === 41 || y === 100 || y === 101;
        const dash = (y === 70 || y === 71) && Math.floor(x / 10) % 2 === 0;
        const print = guide || dash ? 0.77 : 1;
        data[y * 160 + x] = (1 - ink(x, y)) * print + 0.005 * random.normal();
      }
    }
    return { width: 160, height: 160, data };
  }
  const print = { rows: [40.5, 70.5, 100.5], columns: [], dashed: [70.5] };
  const levels = { blurMm: 0.06 };
  /** A pale stroke 5 px wide, 0.45 deep, from (x0, y0) to (x1, y1). */
  const stroke = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) => {
    const [dx, dy] = [x1 - x0, y1 - y0];
    const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - x0 - t * dx, y - y0 - t * dy) <= 2.5 ? 0.45 : 0;
  };

  it("keeps a bar written along the dashed guide, and a stem crossing it", () => {
    const bar = stroke(30, 70, 130, 70);
    const stem = stroke(100, 45, 100, 95);
    const { mask } = binarizeCell(
      scannedCell(4, (x, y) => Math.max(bar(x, y), stem(x, y))),
      8,
      [LABEL],
      print,
      levels,
    );
    for (let x = 32; x <= 128; x += 4) expect(mask[70 * 160 + x], `bar at ${x}`).toBe(1);
    for (let y = 47; y <= 93; y += 4) expect(mask[y * 160 + 100], `stem at ${y}`).toBe(1);
  });
});

describe("binarizeCell on a thin pen in a coarse photo", () => {
  it("reads strokes too blurred to reach the ceiling whole, not only where they cross", () => {
    // Two strokes crossing, each 0.36 below paper at its middle through a blur of 0.44 mm (a thin ballpoint in a photo a
    // messenger shrank to 2.5 px/mm): only their crossing, where their darkness adds, lies under the ceiling.
    const line = (d: number) => 0.36 * Math.exp(-(d * d) / (2 * 3.5 * 3.5));
    const cross = (x: number, y: number) => {
      const a = line((x - 80 - (y - 85)) / Math.SQRT2);
      const b = line((x - 80 + (y - 85)) / Math.SQRT2);
      return 1 - (1 - a) * (1 - b);
    };
    for (let seed = 1; seed <= 3; seed++) {
      const { mask } = binarizeCell(photoCell(seed, cross), 8, [LABEL], undefined, { blurMm: 3.5 / 8 });
      // Along both strokes, 20–40 px from the crossing either way.
      let along = 0;
      let found = 0;
      for (let t = 20; t <= 40; t += 2) {
        for (const [sx, sy] of [
          [1, 1],
          [-1, -1],
          [1, -1],
          [-1, 1],
        ] as const) {
          along++;
          if (inkWithin(mask, Math.round(80 + (sx * t) / Math.SQRT2), Math.round(85 + (sy * t) / Math.SQRT2), 1))
            found++;
        }
      }
      expect({ seed, found }).toEqual({ seed, found: along });
    }
  });
});

describe("binarizeCell on dots in a coarse photo", () => {
  /** A photographed box between the guides of photoCell (the dashed one at row 70), on a page of bands `blurMm` blurred. */
  const guidedBox = (picture: ReturnType<typeof photoCell>, blurMm: number) =>
    binarizeCell(picture, 8, [LABEL], { rows: [40, 70, 100], columns: [], dashed: [70] }, { blurMm, bands: true });
  /** The share of a stroke's depth `d` px beyond its 2 px half core, its edge fading as a Gaussian of variance fade/2. */
  const soft = (d: number, fade: number) => Math.exp(-(Math.max(0, d) ** 2) / fade);
  /** An upright stroke down column `x0` from row `top` to row 130, `depth` below paper at its core. */
  const upright = (x0: number, top: number, depth: number, fade: number) => (x: number, y: number) =>
    y >= top && y <= 130 ? depth * soft(Math.abs(x - x0) - 2, fade) : 0;

  it("keeps an ї's dots, shorter than any stroke, where they lie in the dashed guide's band", () => {
    // A ballpoint too pale for the ceiling in a photo blurred by 0.44 mm: a stem 0.62 below paper at its middle, and two
    // dots 0.55 deep spread to 1 mm across, centred two pixels above the dashed x-height guide (row 70), inside the band
    // where what is left of the dashes may show.
    const stem = (x: number, y: number) => (y >= 76 && y <= 130 ? 0.62 * Math.exp(-((x - 80) ** 2) / 24.5) : 0);
    const dot = (cx: number) => (x: number, y: number) => 0.55 * Math.exp(-((x - cx) ** 2 + (y - 68) ** 2) / 9.68);
    const [left, right] = [dot(72), dot(88)];
    const ink = (x: number, y: number) => Math.max(stem(x, y), left(x, y), right(x, y));
    for (let seed = 1; seed <= 3; seed++) {
      const { mask } = guidedBox(photoCell(seed, ink), 3.5 / 8);
      expect({
        seed,
        left: inkWithin(mask, 72, 68, 1),
        right: inkWithin(mask, 88, 68, 1),
        stem: inkWithin(mask, 80, 115, 0),
        dashes: inkWithin(mask, 25, 70, 4) || inkWithin(mask, 125, 70, 4),
      }).toEqual({ seed, left: true, right: true, stem: true, dashes: false });
    }
  });

  it("keeps a pencil's ї dots on the dashed guide where the whole box is faint: darker and thicker than a dash", () => {
    // A pencil page's box photographed with a blur of 0.25 mm (2 px): a stem 0.5 mm wide 0.36 below paper, its ink
    // level lighter than a pen's (EMPTY_LEVEL), so no depth tells a dot; two dots 0.5 mm across, 0.34 deep, written
    // on the dashed x-height guide (row 70) and blurred to about 1.2 mm, wholly inside the band where what is left of
    // its dashes may show.
    const stem = upright(80, 76, 0.36, 8);
    const dot = (cx: number) => (x: number, y: number) => 0.34 * soft(Math.hypot(x - cx, y - 70) - 2, 8);
    const [left, right] = [dot(72), dot(88)];
    const ink = (x: number, y: number) => Math.max(stem(x, y), left(x, y), right(x, y));
    for (let seed = 1; seed <= 3; seed++) {
      const cell = guidedBox(photoCell(seed, ink), 0.25);
      expect(cell.inkLevel).toBeGreaterThanOrEqual(EMPTY_LEVEL);
      expect({
        seed,
        left: inkWithin(cell.mask, 72, 70, 1),
        right: inkWithin(cell.mask, 88, 70, 1),
        stem: inkWithin(cell.mask, 80, 115, 0),
        dashes: inkWithin(cell.mask, 25, 70, 4) || inkWithin(cell.mask, 125, 70, 4),
      }).toEqual({ seed, left: true, right: true, stem: true, dashes: false });
    }
  });

  it("keeps a pencil's ї dots that a shaken photo smeared into one flat bar along the dashed guide: far deeper than its dashes", () => {
    // As above, but the camera moved along the guide: the two dots are one bar 2 mm long and no thicker than a dash's
    // remains, five times as deep below paper as the dashes.
    const stem = upright(80, 76, 0.36, 8);
    const bar = (x: number, y: number) => (x >= 72 && x <= 88 ? 0.36 * Math.exp(-((y - 70) ** 2) / 4) : 0);
    const ink = (x: number, y: number) => Math.max(stem(x, y), bar(x, y));
    for (let seed = 1; seed <= 3; seed++) {
      const cell = guidedBox(photoCell(seed, ink), 0.25);
      expect(cell.inkLevel).toBeGreaterThanOrEqual(EMPTY_LEVEL);
      expect({
        seed,
        bar: [74, 80, 86].every((x) => inkWithin(cell.mask, x, 70, 0)),
        stem: inkWithin(cell.mask, 80, 115, 0),
        dashes: inkWithin(cell.mask, 25, 70, 4) || inkWithin(cell.mask, 125, 70, 4),
      }).toEqual({ seed, bar: true, stem: true, dashes: false });
    }
  });

  it("drops the end of a dash that a light pencil's stroke ending on the dashed guide left beside it", () => {
    // A pencil's stem 0.36 below paper (lighter than EMPTY_LEVEL: the whole box is faint) ending with a round end in
    // or just past the dash from column 60 to 69 of the x-height guide (row 70), printed a tenth below paper. The stem's
    // cut keeps what lies close to it; the dash's far end, a few pixels long, lies apart from it and is no letter's.
    for (const [x0, top] of [
      [58, 68],
      [58, 70],
      [58, 72],
      [60, 68],
      [60, 72],
    ] as const) {
      const ink = (x: number, y: number) => 0.36 * soft(Math.hypot(x - x0, Math.max(0, top - y)) - 2, 8) * +(y <= 130);
      for (let seed = 1; seed <= 4; seed++) {
        const cell = guidedBox(photoCell(seed, ink, undefined, 0.1), 0.25);
        expect(cell.inkLevel).toBeGreaterThanOrEqual(EMPTY_LEVEL);
        let dash = 0;
        for (let y = 64; y <= 76; y++) {
          for (let x = x0 + 6; x < 70; x++) dash += cell.mask[y * 160 + x]!;
        }
        expect({ x0, top, seed, end: inkWithin(cell.mask, x0, top + 2, 1), dash }).toEqual({
          x0,
          top,
          seed,
          end: true,
          dash: 0,
        });
      }
    }
  });

  it("drops grain strung into a line apart from a pencil's letter, and keeps a lighter stroke of the same pen", () => {
    // A firm pencil's stem 0.55 below paper (darker than EMPTY_LEVEL, lighter than the ceiling cuts well), a light
    // stroke of the same pen 0.35 below paper beside it, and apart from both a strand of grain 1.25 mm long, a pixel
    // wide and 0.14 below paper: past the faint threshold and as long as a stroke, a quarter of the ink's depth.
    const stem = upright(80, 50, 0.55, 5.12);
    const light = upright(120, 80, 0.35, 5.12);
    const strand = (x: number, y: number) => (x === 30 && y >= 48 && y < 58 ? 0.14 : 0);
    const ink = (x: number, y: number) => Math.max(stem(x, y), light(x, y), strand(x, y));
    for (let seed = 1; seed <= 3; seed++) {
      const { mask } = guidedBox(photoCell(seed, ink), 0.2);
      expect({
        seed,
        stem: inkWithin(mask, 80, 115, 0),
        light: inkWithin(mask, 120, 115, 0),
        strand: inkWithin(mask, 30, 53, 1),
      }).toEqual({ seed, stem: true, light: true, strand: false });
    }
  });

  it("drops a short strand of grain beside a light pencil's letter, and keeps its light long stroke and its dot", () => {
    // A whole box in a light pencil (its ink lighter than EMPTY_LEVEL, so no pen's depth tells grain): a stem 0.36
    // below paper; a stroke of the same pen 3.75 mm long and only 0.12 below paper; a dot 1 mm across over half the
    // stem's depth; and apart from them a strand of grain 1.25 mm long, a pixel wide and 0.1 below paper, past the
    // faint threshold.
    const stem = upright(80, 50, 0.36, 5.12);
    const light = upright(120, 100, 0.12, 5.12);
    const dot = (x: number, y: number) => 0.2 * soft(Math.hypot(x - 110, y - 55) - 3, 5.12);
    const strand = (x: number, y: number) => (x === 30 && y >= 48 && y < 58 ? 0.1 : 0);
    const ink = (x: number, y: number) => Math.max(stem(x, y), light(x, y), dot(x, y), strand(x, y));
    for (let seed = 1; seed <= 3; seed++) {
      const cell = guidedBox(photoCell(seed, ink), 0.2);
      expect(cell.inkLevel).toBeGreaterThanOrEqual(EMPTY_LEVEL);
      expect({
        seed,
        stem: inkWithin(cell.mask, 80, 115, 0),
        light: inkWithin(cell.mask, 120, 115, 1),
        dot: inkWithin(cell.mask, 110, 55, 1),
        strand: inkWithin(cell.mask, 30, 53, 1),
      }).toEqual({ seed, stem: true, light: true, dot: true, strand: false });
    }
  });

  it("keeps a small pale dot off print, half a millimetre across", () => {
    // An i's dot above the stem, between the guides: 0.35 deep (lighter than the ceiling) and spread over 0.6 mm.
    const stem = (x: number, y: number) => (y >= 76 && y <= 130 ? 0.62 * Math.exp(-((x - 80) ** 2) / 24.5) : 0);
    const dot = (x: number, y: number) => 0.35 * Math.exp(-((x - 82) ** 2 + (y - 54) ** 2) / 4.5);
    for (let seed = 1; seed <= 3; seed++) {
      const { mask } = guidedBox(
        photoCell(seed, (x, y) => Math.max(stem(x, y), dot(x, y))),
        3.5 / 8,
      );
      expect({ seed, dot: inkWithin(mask, 82, 54, 1) }).toEqual({ seed, dot: true });
    }
  });
});

describe("binarizeCell on a hairline touching the dashed guide", () => {
  it("drops the dashes beside a colon's upper dot that the cut left apart from it", () => {
    // A colon's upper dot drawn as a ring 1.5 mm across with a 0.1 mm pen (0.22 below paper through a blur of 0.17 mm,
    // as on a benchmark photo), its middle a little right of the dashed x-height guide's dash (row 70, dashes 0.12 below
    // paper). The dashes it touches are found with it as one faint stroke, and the cut near each stroke's middle leaves
    // the middles of the dashes apart beside it.
    const ring = (x: number, y: number) => 0.22 * Math.exp(-((Math.hypot(x - 87, y - 70) - 6) ** 2) / 2);
    for (let seed = 1; seed <= 6; seed++) {
      const { mask } = binarizeCell(
        photoCell(seed, ring, () => 1, 0.12),
        8,
        [LABEL],
        { rows: [40, 70, 100], columns: [], dashed: [70] },
        { blurMm: 0.17 },
      );
      const { onRing, stray } = ringPixels(mask, 87, 70, 6, 3.5);
      expect({ seed, found: onRing > 40, stray }).toEqual({ seed, found: true, stray: 0 });
    }
  });
});

describe("binarizeCell on a wider cut around a box", () => {
  // A 35 mm cut at 8 px/mm around a 20 mm box and parts of its neighbours (gaps between boxes at columns 52–68 and
  // 228–244): guides at rows 60, 100 (dashed), 150 (baseline) and 175, printed 0.16 below paper but up to half as dark
  // again or lighter along their length (as uneven light or a shadow's edge leaves them); a thin hand's short stroke
  // 0.75 mm wide, 0.75 below paper at its top and lighter towards its foot, runs 5 mm down from the baseline. The box's
  // own cut is the middle 150 pixels.
  function picture(size: number, offset: number, seed: number) {
    const random = createRandom(seed);
    const data = new Float32Array(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const [px, py] = [x + offset, y + offset];
        let level = 1;
        const inBox = !((px >= 52 && px < 68) || (px >= 228 && px < 244));
        for (const row of inBox ? GUIDE_ROWS : []) {
          if (row === DASHED_ROW && Math.floor(px / 12) % 2) continue;
          level *= 1 - (0.16 + 0.08 * Math.sin(px / 24)) * Math.exp(-((py - row) ** 2) / 2);
        }
        const along = Math.min(Math.max((py - 150) / 40, 0), 1);
        const off = Math.hypot(px - (148 + 6 * along), py - (150 + 40 * along));
        level *= 1 - (0.75 - 0.2 * along) * 0.5 * (1 + Math.tanh((3 - off) / 1.3));
        data[y * size + x] = level + 0.012 * random.normal();
      }
    }
    return { width: size, height: size, data };
  }
  const GUIDE_ROWS = [60, 100, 150, 175];
  const DASHED_ROW = 100;
  const print = (offset: number) => ({
    rows: GUIDE_ROWS.map((row) => row - offset),
    columns: [52, 68, 228, 244].map((column) => column - offset).filter((column) => column >= 0),
    dashed: [DASHED_ROW - offset],
  });

  it("judges the letter by the box's own ink level where that is darker: its stroke is not taken for a pale pen's, no guide comes with it", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const own = binarizeCell(picture(150, 70, seed), 8, [], print(70), { blurMm: 0.2 });
      const wide = picture(280, 0, seed);
      // The case: the wider cut's own darkest 0.1 % lies in the stroke's edges, paler than the box's.
      expect(binarizeCell(wide, 8, [], print(0), { blurMm: 0.2 }).inkLevel).toBeGreaterThan(own.inkLevel + 0.05);
      const { mask } = binarizeCell(wide, 8, [], print(0), { blurMm: 0.2, boxInkLevel: own.inkLevel });
      let stroke = 0;
      let elsewhere = 0;
      for (let y = 0; y < 280; y++) {
        for (let x = 0; x < 280; x++) {
          if (!mask[y * 280 + x]) continue;
          if (Math.abs(x - 151) <= 8 && y >= 144 && y <= 196) stroke++;
          else elsewhere++;
        }
      }
      expect({ seed, stroke: stroke > 150, elsewhere }).toEqual({ seed, stroke: true, elsewhere: 0 });
    }
  });
});

describe("binarizeCell on a cut around several boxes", () => {
  // A 35 mm cut at 8 px/mm beside the page's left margin (columns 0–60) across two boxes, with a gap between them at
  // columns 220–236; borders 0.2 below paper on either side of each box; guides at rows 60, 150 and 175, printed 0.16
  // below paper within the boxes only. A pencil's stroke 0.75 mm wide, 0.45 below paper, runs down the first box from
  // row 90 across the baseline to row 230, as a descender leaving its box is followed in a cut wider than the box.
  const SIZE = 280;
  const GAPS = [
    [-20, 60],
    [220, 236],
  ] as const;
  const GUIDE_ROWS = [60, 150, 175];
  function picture(seed: number) {
    const random = createRandom(seed);
    const data = new Float32Array(SIZE * SIZE);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        let level = 1;
        const inGap = GAPS.some(([from, to]) => x >= from && x < to);
        for (const row of inGap ? [] : GUIDE_ROWS) level *= 1 - 0.16 * Math.exp(-((y - row) ** 2) / 2);
        for (const border of [60, 220, 236]) level *= 1 - 0.2 * Math.exp(-((x - border) ** 2) / 2);
        if (y >= 90 && y <= 230) level *= 1 - 0.45 * 0.5 * (1 + Math.tanh((3 - Math.abs(x - 148)) / 1.3));
        data[y * SIZE + x] = level + 0.012 * random.normal();
      }
    }
    return { width: SIZE, height: SIZE, data };
  }
  const print = (boxes: boolean) => ({
    rows: GUIDE_ROWS,
    columns: [60, 220, 236],
    ...(boxes && {
      boxes: [
        { x0: 60, y0: -20, x1: 220, y1: 300 },
        { x0: 236, y0: -20, x1: 400, y1: 300 },
      ],
    }),
  });
  // The stroke is whole when each of its rows holds at least 4 of its 6 pixels; any ink off it is print.
  const reading = (mask: Uint8Array) => {
    let thinRows = 0;
    let elsewhere = 0;
    for (let y = 0; y < SIZE; y++) {
      let across = 0;
      for (let x = 0; x < SIZE; x++) {
        if (!mask[y * SIZE + x]) continue;
        if (Math.abs(x - 148) <= 6 && y >= 86 && y <= 234) across++;
        else elsewhere++;
      }
      if (y >= 92 && y <= 228 && across < 4) thinRows++;
    }
    return { strokeWhole: thinRows === 0, elsewhere };
  };

  it("divides each guide out across its own box, so the guides the stroke crosses stay paper", () => {
    for (let seed = 1; seed <= 4; seed++) {
      const image = picture(seed);
      // The case: measured across the whole cut, whose gaps hold no print, the guides are not divided out.
      expect(
        reading(binarizeCell(image, 8, [], print(false), { blurMm: 0.2, bands: true }).mask).elsewhere,
      ).toBeGreaterThan(200);
      const { mask } = binarizeCell(image, 8, [], print(true), { blurMm: 0.2, bands: true });
      expect({ seed, ...reading(mask) }).toEqual({ seed, strokeWhole: true, elsewhere: 0 });
    }
  });
});

/** The light a line `widthMm` wide stopping `depth` of it lets through at its middle, seen through a Gaussian blur. */
function middleLevel(widthMm: number, depth: number, blurMm: number) {
  let covered = 0;
  const step = widthMm / 2000;
  for (let x = -widthMm / 2 + step / 2; x < widthMm / 2; x += step) {
    covered += (Math.exp(-(x * x) / (2 * blurMm * blurMm)) / (blurMm * Math.sqrt(2 * Math.PI))) * step;
  }
  return 1 - depth * covered;
}
const phoneBlurs = [0.15, 0.2, 0.25, 0.3, 0.35];

describe("tooDarkForHairlines", () => {
  it("never takes a black 0.1 mm fine liner's line for a pencil's, however sharp the picture", () => {
    for (const blurMm of [0.08, 0.12, ...phoneBlurs]) {
      expect({ blurMm, pencil: tooDarkForHairlines(middleLevel(0.1, 0.95, blurMm), blurMm) }).toEqual({
        blurMm,
        pencil: false,
      });
    }
  });

  it("takes a pencil's 0.5 mm stroke at half the paper's light for a pencil's under a phone photo's blur", () => {
    for (const blurMm of phoneBlurs) {
      expect({ blurMm, pencil: tooDarkForHairlines(middleLevel(0.5, 0.5, blurMm), blurMm) }).toEqual({
        blurMm,
        pencil: true,
      });
    }
  });
});

describe("binarizeCell on a shaken photo's print once the smear is removed", () => {
  // A 20 mm cell at 8 px/mm as the benchmark's steep, shaken pencil photo comes out of removeMotionBlur: paper with
  // grain, guides at rows 40 and 100 a sixth below paper, and each guide's echoes 10–11 px above and below it (the
  // smear was 6 px up the page), as long as the guide and 0.1 below paper (shallower, under GHOST_SHARE of the stroke,
  // they go as an erased letter's ghost would, told or not); a pencil's upright stroke 5 px wide.
  const guides = [40, 100];
  const echoes = guides.flatMap((g) => [g - 11, g - 10, g + 10, g + 11]);
  const picture = (seed: number) => {
    const random = createRandom(seed);
    const size = 160;
    const data = new Float32Array(size * size);
    const line = (y: number, at: number, depth: number) => depth * Math.exp(-((y - at) ** 2) / 2.9);
    for (let y = 0; y < size; y++) {
      const print = guides.reduce((p, g) => p + line(y, g, 0.16) + line(y, g - 10.5, 0.1) + line(y, g + 10.5, 0.1), 0);
      for (let x = 0; x < size; x++) {
        const stroke = Math.abs(x - 80) < 2.5 && y >= 25 && y < 135 ? 0.3 * (0.7 + 0.3 * random.next()) : 0;
        data[y * size + x] = (1 - print) * (1 - stroke) + 0.012 * random.normal();
      }
    }
    return { width: size, height: size, data };
  };
  /** Ink read more than 6 px off the stroke's column. */
  const offStroke = (mask: Uint8Array) => mask.filter((ink, i) => ink && Math.abs((i % 160) - 80) > 6).length;
  const read = (seed: number, ghostRows: readonly number[]) =>
    binarizeCell(picture(seed), 8, [], { rows: guides, columns: [], ghostRows }, { blurMm: 1.5 / 8 }).mask;

  it("divides the guides' echoes out as print where it is told they lie: only the stroke is read", () => {
    for (const seed of [1, 2, 3]) {
      const mask = read(seed, echoes);
      // Each row of the stroke (but its ends) holds ink.
      const rows = Array.from({ length: 100 }, (_, k) => 30 + k);
      const strokeRows = rows.filter((y) => mask.subarray(y * 160 + 77, y * 160 + 84).some(Boolean)).length;
      expect({ seed, offStroke: offStroke(mask), strokeRows }).toEqual({ seed, offStroke: 0, strokeRows: 100 });
      // Not told, the same box strings the echoes into strokes.
      expect(offStroke(read(seed, []))).toBeGreaterThan(0);
    }
  });
});

describe("unveiledInkLevels", () => {
  /**
   * A level under a glare that leaves `kept` of every depth below paper: the reflection adds the same light to paper,
   * print and ink, and dividing by the paper leaves each that share of its depth.
   */
  const veiled = (level: number, kept: number) => 1 - kept * (1 - level);
  /** A page of twenty faint boxes: guides 0.06 below paper, the ink at `ink`, those named in `glare` veiled so. */
  const page = (ink: number, glare: ReadonlyMap<number, number>) =>
    Array.from({ length: 20 }, (_, i) => {
      const kept = glare.get(i) ?? 1;
      return { inkLevel: veiled(ink, kept), printLevel: veiled(0.94, kept) };
    });

  it("gives the veiled boxes back the ink level their guides say the glare took, and leaves the others", () => {
    const glare = new Map([
      [3, 0.25],
      [4, 0.35],
      [5, 0.45],
    ]);
    const levels = unveiledInkLevels(page(0.6, glare));
    for (const [i, level] of levels.entries()) expect({ i, level: level.toFixed(6) }).toEqual({ i, level: "0.600000" });
  });

  it("leaves the levels of a page without a glare as they are, its guides' depths varying by a third", () => {
    const boxes = Array.from({ length: 20 }, (_, i) => ({ inkLevel: 0.5 + i / 100, printLevel: 0.94 + (i % 5) / 250 }));
    expect(unveiledInkLevels(boxes)).toEqual(boxes.map((b) => b.inkLevel));
  });

  it("leaves boxes whose print was not measured as they are", () => {
    const boxes = [...page(0.6, new Map()), { inkLevel: 0.8 }, { inkLevel: 0.85, printLevel: 1 }];
    expect(unveiledInkLevels(boxes).slice(20)).toEqual([0.8, 0.85]);
    expect(unveiledInkLevels([{ inkLevel: 0.7 }])).toEqual([0.7]);
  });

  it("says a page lies under a glare when three boxes kept under half their print's depth, not for two", () => {
    const three = new Map([
      [0, 0.3],
      [7, 0.4],
      [12, 0.45],
    ]);
    expect(underGlare(printKept(page(0.6, three)))).toBe(true);
    three.delete(12);
    expect(underGlare(printKept(page(0.6, three)))).toBe(false);
    expect(underGlare(printKept(page(0.6, new Map())))).toBe(false);
  });

  it("tells no veil from fewer than eight boxes' print", () => {
    const few = page(0.6, new Map([[0, 0.3]])).slice(0, 7);
    expect(printKept(few)).toEqual(few.map(() => undefined));
    expect(unveiledInkLevels(few)).toEqual(few.map((b) => b.inkLevel));
  });

  it("tells a thin pen's page under a glare by its darkness again, and still takes hairlines for hairlines", () => {
    // Strokes 0.3 mm wide (a thin ballpoint's) and 0.1 mm (a fine liner's), black, through a phone photo's blur; the
    // glare keeps a quarter to under half of every depth in half the page's boxes.
    for (const blurMm of phoneBlurs) {
      for (const kept of [0.25, 0.35, 0.45]) {
        const glare = new Map(Array.from({ length: 10 }, (_, i) => [2 * i, kept] as const));
        const pen = unveiledInkLevels(page(middleLevel(0.3, 0.95, blurMm), glare));
        const hairline = unveiledInkLevels(page(middleLevel(0.1, 0.95, blurMm), glare));
        expect({
          blurMm,
          kept,
          pen: pen.every((level) => tooDarkForHairlines(level, blurMm)),
          hairline: hairline.some((level) => tooDarkForHairlines(level, blurMm)),
        }).toEqual({ blurMm, kept, pen: true, hairline: false });
      }
    }
  });
});
