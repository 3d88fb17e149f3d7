import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import { binarizeCell } from "./binarize-cell.ts";
import { normaliseLighting } from "./normalise-lighting.ts";

const SIZE = 160;

/**
 * A cell 160 px square (8 px/mm, blocks of 20 px as the reader uses) lit at 240, with `shade` giving the share of
 * light each pixel keeps and `ink` its ink (0 paper – 1 ink, reflecting a fifth of the light), plus sensor noise.
 */
function photographCell(shade: (x: number, y: number) => number, ink: (x: number, y: number) => number, seed: number) {
  const random = createRandom(seed);
  const data = new Float32Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const reflectance = 1 - 0.8 * ink(x + 0.5, y + 0.5);
      data[y * SIZE + x] = Math.max(0, 240 * shade(x + 0.5, y + 0.5) * reflectance + 2.5 * random.normal());
    }
  }
  return { width: SIZE, height: SIZE, data };
}

/**
 * The cell of photographCell with `margin` pixels of its surroundings photographed with it (the same shade and ink
 * continued), and a function cutting the cell, or the cell widened by up to `margin`, out of that.
 */
function photographWithSurroundings(
  shade: (x: number, y: number) => number,
  ink: (x: number, y: number) => number,
  seed: number,
  margin: number,
) {
  const size = SIZE + 2 * margin;
  const random = createRandom(seed);
  const all = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [cx, cy] = [x - margin + 0.5, y - margin + 0.5];
      all[y * size + x] = Math.max(0, 240 * shade(cx, cy) * (1 - 0.8 * ink(cx, cy)) + 2.5 * random.normal());
    }
  }
  const widened = (by: number) => {
    if (by > margin) throw new Error(`asked for ${by} px around the cell, rendered ${margin}`);
    const width = SIZE + 2 * by;
    const data = new Float32Array(width * width);
    for (let y = 0; y < width; y++) {
      const from = (y + margin - by) * size + margin - by;
      data.set(all.subarray(from, from + width), y * width);
    }
    return { width, height: width, data };
  };
  return { cell: widened(0), widened };
}

/** Coverage of a pixel by a line `half` px either side of the segment from a to b, with a one-pixel soft edge. */
function stroke(ax: number, ay: number, bx: number, by: number, half: number) {
  return (x: number, y: number) => {
    const [dx, dy] = [bx - ax, by - ay];
    const t = Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    const d = Math.hypot(x - ax - t * dx, y - ay - t * dy);
    return Math.min(1, Math.max(0, half + 0.5 - d));
  };
}

/** A straight shadow edge through (px, py) at `angle`, keeping `keep` of the light beyond it, `penumbra` px wide. */
function shadowEdge(px: number, py: number, angle: number, keep: number, penumbra: number) {
  const [nx, ny] = [Math.cos(angle), Math.sin(angle)];
  return (x: number, y: number) => {
    const lit = Math.min(1, Math.max(0, 0.5 - ((x - px) * nx + (y - py) * ny) / penumbra));
    return keep + (1 - keep) * lit;
  };
}

/** An "A"-like letter of three strokes 0.6 mm wide across the cell. */
function letterA() {
  const parts = [stroke(40, 135, 80, 25, 2.4), stroke(80, 25, 120, 135, 2.4), stroke(55, 95, 105, 95, 2.4)];
  return (x: number, y: number) => Math.max(...parts.map((part) => part(x, y)));
}

/**
 * A cell's ink mask against the drawn letter: pixels well inside its strokes that are not ink (`missing`), and ink
 * over a pixel away from them (`stray`), counted only where `counted` says.
 */
function againstLetter(
  mask: Uint8Array,
  letter: (x: number, y: number) => number,
  counted: (x: number, y: number) => boolean = () => true,
) {
  let missing = 0;
  let stray = 0;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const truth = letter(x + 0.5, y + 0.5);
      if (truth === 1 && !mask[y * SIZE + x]) missing++;
      const near = Math.max(
        letter(x + 1.5, y + 0.5),
        letter(x - 0.5, y + 0.5),
        letter(x + 0.5, y + 1.5),
        letter(x + 0.5, y - 0.5),
      );
      if (truth === 0 && near === 0 && mask[y * SIZE + x] && counted(x, y)) stray++;
    }
  }
  return { missing, stray };
}

/**
 * A stroke 5 px wide and 2 × `halfLength` px long, reflecting `reflectance` of the light, laid along a straight shadow
 * edge through the cell's middle on its lit side (`offset` px from the edge to the stroke's middle; half the light
 * beyond the edge, a 4 px penumbra), at eight angles: no angle may lose most of its core (its middle pixel across,
 * all but 2 px at each end), and across them nine tenths of the cores must read as ink.
 */
function expectStrokeAlongEdgeKept(options: {
  halfLength: number;
  reflectance: number;
  offsets: readonly number[];
  margin: number;
}) {
  const { halfLength, reflectance, offsets, margin } = options;
  const reach = halfLength - 2;
  let kept = 0;
  let core = 0;
  for (const offset of offsets) {
    for (const [seed, angle] of [0.4, -0.9, 1.3, 2.1, 2.9, -2.4, -0.2, 3.6].entries()) {
      const [nx, ny] = [Math.cos(angle), Math.sin(angle)];
      const [cx, cy] = [80 - offset * nx, 80 - offset * ny];
      const line = stroke(cx + halfLength * ny, cy - halfLength * nx, cx - halfLength * ny, cy + halfLength * nx, 2.5);
      // photographWithSurroundings draws ink as reflecting 1 - 0.8 × ink.
      const ink = (x: number, y: number) => ((1 - reflectance) / 0.8) * line(x, y);
      const { cell, widened } = photographWithSurroundings(shadowEdge(80, 80, angle, 0.5, 4), ink, seed + 1, margin);
      const { mask } = binarizeCell(normaliseLighting(cell, 20, widened).image);
      let keptHere = 0;
      for (let t = -reach; t <= reach; t++) keptHere += mask[Math.floor(cy + t * nx) * SIZE + Math.floor(cx - t * ny)]!;
      const length = 2 * reach + 1;
      expect({ offset, angle, halfKept: keptHere >= length / 2 }).toEqual({ offset, angle, halfKept: true });
      kept += keptHere;
      core += length;
    }
  }
  expect(kept / core).toBeGreaterThanOrEqual(0.9);
}

describe("normaliseLighting", () => {
  it("reads paper as 1 and ink as its share of paper across a strong shadow gradient", () => {
    const width = 160;
    const height = 160;
    const data = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const light = 240 - 0.6 * x; // from 240 down to 144: a shadow across the cell
        const ink = x >= 70 && x < 78 ? 0.2 : 1;
        data[y * width + x] = light * ink;
      }
    }
    const { image } = normaliseLighting({ width, height, data }, 20);
    for (const x of [5, 40, 100, 150]) expect(image.data[80 * width + x]).toBeGreaterThan(0.95);
    for (const x of [5, 40, 100, 150]) expect(image.data[80 * width + x]).toBeLessThan(1.05);
    expect(image.data[80 * width + 74]).toBeGreaterThan(0.16);
    expect(image.data[80 * width + 74]).toBeLessThan(0.24);
  });

  it("reads paper as 1 on both sides of a hard shadow's edge, and ink as a fifth of paper in the light and in the shadow", () => {
    const ink = stroke(20, 80, 140, 80, 4);
    const { image } = normaliseLighting(photographCell(shadowEdge(83, 0, 0, 0.5, 4), ink, 1), 20);
    for (let x = 22; x < 138; x++) {
      for (const y of [20, 40, 120, 140]) {
        expect(image.data[y * SIZE + x]).toBeGreaterThan(0.9);
        expect(image.data[y * SIZE + x]).toBeLessThan(1.08);
      }
      expect(image.data[80 * SIZE + x]).toBeGreaterThan(0.12);
      expect(image.data[80 * SIZE + x]).toBeLessThan(0.28);
    }
  });

  it("lets no band of a hard shadow's edge into the ink and loses no part of a letter it crosses (checked against the drawn letter)", () => {
    // Shadows of several depths, angles and places cross the letter.
    const letter = letterA();
    const cases = [
      { px: 80, py: 60, angle: 0.3, keep: 0.5, penumbra: 3 },
      { px: 60, py: 100, angle: 2.2, keep: 0.4, penumbra: 6 },
      { px: 100, py: 40, angle: -1.1, keep: 0.6, penumbra: 2 },
      { px: 80, py: 80, angle: 1.57, keep: 0.45, penumbra: 8 },
    ];
    // Without the picture's surroundings the closing cannot see past its border, so within its reach of the border
    // (12 px) an edge that leaves the picture leaves a trace (see the next test).
    const inside = (x: number, y: number) => Math.min(x, y, SIZE - 1 - x, SIZE - 1 - y) >= 12;
    for (const [seed, c] of cases.entries()) {
      const picture = photographCell(shadowEdge(c.px, c.py, c.angle, c.keep, c.penumbra), letter, seed + 1);
      const { mask } = binarizeCell(normaliseLighting(picture, 20).image);
      expect({ seed, ...againstLetter(mask, letter, inside) }).toEqual({ seed, missing: 0, stray: 0 });
    }
  });

  it("reads paper as 1 up to the picture's border where a shadow's edge leaves it at a slant, seen with its surroundings", () => {
    // A shadow over the cell's top-right corner (half the light, a 4 px penumbra) whose edge leaves the picture through
    // its top and its right side at 45°; and the same edge across the top-left corner at 30°.
    const cases = [
      { px: 140, py: 20, angle: -Math.PI / 4 },
      { px: 15, py: 30, angle: (-5 * Math.PI) / 6 },
    ];
    for (const [seed, c] of cases.entries()) {
      const shade = shadowEdge(c.px, c.py, c.angle, 0.5, 4);
      const { cell, widened } = photographWithSurroundings(shade, () => 0, seed + 1, 40);
      const { image } = normaliseLighting(cell, 20, widened);
      let worst = 1;
      for (let i = 0; i < image.data.length; i++) worst = Math.min(worst, image.data[i]!);
      // Paper with the sensor's noise (2.5 of 240, in the shadow of 120) stays within six deviations of 1.
      expect({ seed, dark: worst < 1 - 6 * (2.5 / 120) }).toEqual({ seed, dark: false });
    }
  });

  it("lets no band of a deep shadow's edge (a desk lamp the only light) into the ink and loses no part of the letter it crosses", () => {
    // A hand's shadow under a lamp in an unlit room keeps a quarter or a fifth of the light: its inside is darker
    // than a third of the light, once taken for a blot of ink wherever the edge crossed a box.
    const letter = letterA();
    const cases = [
      { px: 70, py: 90, angle: 0.8, keep: 0.25, penumbra: 3 },
      { px: 90, py: 70, angle: -2.5, keep: 0.2, penumbra: 5 },
      { px: 80, py: 50, angle: 1.9, keep: 0.2, penumbra: 2 },
    ];
    for (const [seed, c] of cases.entries()) {
      const shade = shadowEdge(c.px, c.py, c.angle, c.keep, c.penumbra);
      const { cell, widened } = photographWithSurroundings(shade, letter, seed + 1, 40);
      const { mask } = binarizeCell(normaliseLighting(cell, 20, widened).image);
      const { missing, stray } = againstLetter(mask, letter);
      // At most a pixel or two right at a sharp edge of five to one, where the walk along it (alongShadowEdges) takes
      // in lit paper: specks the cleaning drops (TURD_MM2). A shadow read as ink is thousands of pixels.
      expect({ seed, missing, stray: stray <= 3 }).toEqual({ seed, missing: 0, stray: true });
    }
  });

  it("reads a blank cell across a shadow's edge blank, though dividing by the shadow's paper raised the noise there", () => {
    // Paper alone, a hard shadow (half or a quarter of the light) across it at six places and angles. The sensor's
    // noise does not dim with the light: divided by a quarter of the paper, it grows fourfold in the shadow, and the
    // faint reading's grain, measured over the whole box, is mostly the lit paper's.
    const paper = () => 0;
    for (const keep of [0.5, 0.25]) {
      for (let seed = 1; seed <= 6; seed++) {
        const shade = shadowEdge(60 + 7 * seed, 80, 0.4 * seed, keep, 3);
        const { cell, widened } = photographWithSurroundings(shade, paper, seed, 40);
        const { mask } = binarizeCell(normaliseLighting(cell, 20, widened).image);
        expect({ keep, seed, ink: mask.reduce((sum, v) => sum + v, 0) }).toEqual({ keep, seed, ink: 0 });
      }
    }
  });

  it("keeps a pale stroke in a deep shadow beside its edge, and one in the light beside it", () => {
    // Strokes 0.6 mm wide reflecting 0.7 of the light, as a light pencil does, 2 mm and more either side of an edge
    // beyond which a quarter of the light is left: in the shadow the noise is raised fourfold, the stroke's depth not
    // at all. (In the shadow the stroke reads thinner, its deepest point a minimum over coarser grain: see the engine
    // README's pencil under a hard shadow. Here only that it is there counts.)
    const strokes = { lit: stroke(20, 15, 45, 140, 2.4), shaded: stroke(120, 15, 135, 140, 2.4) };
    const pale = (x: number, y: number) => (0.3 / 0.8) * Math.max(strokes.lit(x, y), strokes.shaded(x, y));
    const { cell, widened } = photographWithSurroundings(shadowEdge(80, 80, 0.3, 0.25, 3), pale, 7, 40);
    const { mask } = binarizeCell(normaliseLighting(cell, 20, widened).image);
    const inkNear = (x: number, y: number) => {
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) if (mask[(Math.floor(y) + dy) * SIZE + Math.floor(x) + dx]) return true;
      }
      return false;
    };
    // Ink within 2 px (0.25 mm) of each stroke's middle, all along it.
    const along = (x0: number, x1: number) =>
      Array.from({ length: 101 }, (_, k) => [x0 + ((x1 - x0) * k) / 100, 15 + 1.25 * k] as const).filter(([x, y]) =>
        inkNear(x, y),
      ).length / 101;
    expect(along(20, 45)).toBeGreaterThanOrEqual(0.95);
    expect(along(120, 135)).toBeGreaterThanOrEqual(0.95);
  });

  it("reads a blot of ink wider than the closing as ink throughout, though lighter than a third of the light, beside a shadow or not", () => {
    // A felt-tip's filled "o" or a heavy dot: an ellipse 7 × 9 mm reflecting 0.45 of the light, as a blue marker does in
    // a phone photo. The closing (strokes up to 3 mm) leaves it whole, and only ink darker than a third of the light
    // was told from a shadow by level: it read as a shadow, its middle divided by itself into paper (a hollow blot).
    const blot = (x: number, y: number) => (Math.hypot((x - 80) / 28, (y - 80) / 36) <= 1 ? (1 - 0.45) / 0.8 : 0);
    const core = (x: number, y: number) => (Math.hypot((x - 80) / 26, (y - 80) / 34) <= 1 ? 1 : 0);
    const shades = {
      "no shadow": () => 1,
      "a shadow's edge across a corner": shadowEdge(140, 20, -Math.PI / 4, 0.5, 4),
    };
    for (const [seed, [name, shade]] of Object.entries(shades).entries()) {
      const { cell, widened } = photographWithSurroundings(shade, blot, seed + 1, 40);
      for (const around of [widened, undefined]) {
        const { mask } = binarizeCell(normaliseLighting(cell, 20, around).image);
        const { missing } = againstLetter(mask, core);
        expect({ name, seen: around ? "with its surroundings" : "alone", missing }).toEqual({
          name,
          seen: around ? "with its surroundings" : "alone",
          missing: 0,
        });
      }
    }
  });

  it("keeps a pencil stroke darker than the shadow that runs along the shadow's edge on its lit side", () => {
    // The closing takes such a stroke for the shadow's rim (a step from the light down to the shadow level beside it),
    // so paper under it read as the shadow's and the stroke, divided by that, as paper. A stroke 5 px wide and 2.5 mm
    // long, reflecting 0.4 of the light, lies against a straight edge (half the light beyond it, a 4 px penumbra),
    // at eight angles; its core (its middle pixel across, along its middle 2 mm) must read as ink.
    expectStrokeAlongEdgeKept({ halfLength: 10, reflectance: 0.4, offsets: [2.5], margin: 40 });
  });

  it("keeps a pencil stroke 3 mm long, hardly darker than the shadow, that runs along the shadow's edge on its lit side", () => {
    // Where such a stroke dents the edge the closing draws, the edge's level lines followed over a closing radius bent
    // round the dent, and the walk along the edge stayed in the stroke: it read as paper. Followed over twice that, they
    // run on past it. A stroke 5 px wide and 3 mm long, reflecting 0.45 of the light against the shadow's 0.5 (a 4 px
    // penumbra), touching the edge or a pixel from it, at eight angles: its core (its middle pixel across, along its
    // middle 2.5 mm) must read as ink.
    expectStrokeAlongEdgeKept({ halfLength: 12, reflectance: 0.45, offsets: [2.5, 3.5], margin: 60 });
  });

  it("lets no band of a shadow's rounded corner (5 mm radius) into the ink and loses no part of a letter under it", () => {
    // Paper is compared along the edge's own curve, so the light's level is not carried into the shadow's rim there.
    const letter = letterA();
    const radius = 40;
    for (const [seed, { ox, oy }] of [
      { ox: 60, oy: 60 },
      { ox: 40, oy: 75 },
      { ox: 85, oy: 50 },
    ].entries()) {
      // Shadow below and right of (ox, oy), its corner there rounded over `radius`.
      const shade = (x: number, y: number) => {
        const [dx, dy] = [ox + radius - x, oy + radius - y];
        const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
        return 0.5 + 0.5 * Math.min(1, Math.max(0, outside / 4 + 0.5));
      };
      const { cell, widened } = photographWithSurroundings(shade, letter, seed + 1, 40);
      const { mask } = binarizeCell(normaliseLighting(cell, 20, widened).image);
      expect({ seed, ...againstLetter(mask, letter) }).toEqual({ seed, missing: 0, stray: 0 });
    }
  });
});
