import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import { DROPOUT_RGB, LABEL_RGB } from "../template/page-geometry.ts";
import { binarizeCell, MAX_THRESHOLD } from "./binarize-cell.ts";

const level = ([r, g, b]: readonly number[]) => (0.299 * r! + 0.587 * g! + 0.114 * b!) / 255;
const guide = level(DROPOUT_RGB);
const noLines = { rows: [], columns: [] };

/** A 100 × 100 cell at 8 px/mm, paper 1, with a little sensor noise so the reader can measure it. */
function cell(value: (x: number, y: number) => number, noise = 0.01) {
  const width = 100;
  const height = 100;
  const random = createRandom(7);
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data[y * width + x] = value(x, y) + noise * random.normal();
  }
  return { width, height, data };
}

const count = (mask: Uint8Array, keep: (x: number, y: number) => boolean = () => true) => {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] && keep(i % 100, Math.floor(i / 100))) n++;
  return n;
};

describe("binarizeCell", () => {
  it("stays below the light-blue print wherever it is", () => {
    expect(MAX_THRESHOLD).toBeLessThan(level(LABEL_RGB) - 0.08);
    expect(MAX_THRESHOLD).toBeLessThan(guide - 0.08);
  });

  it("puts a bold stroke's edges midway between paper and its ink", () => {
    // Columns 40–47 are ink at 0.3; columns 39 and 48 are half-covered edges (0.65), just darker than midway.
    const image = cell((x) => (x >= 40 && x < 48 ? 0.3 : x === 39 || x === 48 ? 0.64 : 1), 0.002);
    const { mask, margin } = binarizeCell(image, { pxPerMm: 8, lines: noLines });
    expect(count(mask)).toBe(10 * 100);
    // The margin is the picture minus the threshold: about 0.65 − 0.65 at the edges, negative in the core.
    expect(margin[50 * 100 + 39]!).toBeCloseTo(-0.01, 1);
    expect(margin[50 * 100 + 44]!).toBeLessThan(-0.3);
  });

  it("keeps a faint hairline whole beside a bold stroke", () => {
    // A bold stroke at 0.2 in columns 10–17 and, far from it, a hairline whose core is only 0.8.
    const image = cell((x) => (x >= 10 && x < 18 ? 0.2 : x === 70 ? 0.8 : 1));
    const { mask } = binarizeCell(image, { pxPerMm: 8, lines: noLines });
    expect(count(mask, (x) => x === 70)).toBe(100);
    expect(count(mask, (x) => x >= 10 && x < 18)).toBe(800);
    expect(count(mask)).toBe(900);
  });

  it("cuts a faint blurred line near its core, where half its depth would give the blur's width", () => {
    // A line far thinner than the blur (σ = 2.5 px) reaches only 0.15 below paper: half depth would read 5 px.
    const image = cell((x) => 1 - 0.15 * Math.exp(-((x - 50) ** 2) / (2 * 2.5 ** 2)), 0.002);
    const { mask } = binarizeCell(image, { pxPerMm: 8, lines: noLines });
    expect(count(mask, (_, y) => y === 50)).toBe(3);
    expect(count(mask, (x) => x === 50)).toBe(100);
  });

  it("drops printed guides where the layout put them, and keeps a hairline crossing them", () => {
    // Guides on rows 30 and 60 (the layout says so), a solid one and a dashed one; a hairline down column 45,
    // which crosses the solid guide and a dash.
    const image = cell((x, y) => {
      const printed = y === 30 || (y === 60 && x % 20 < 10) ? guide : 1;
      return x === 45 ? printed * 0.75 : printed;
    });
    const { mask } = binarizeCell(image, { pxPerMm: 8, lines: { rows: [30.2, 59.8], columns: [] } });
    // Of the guides' pixels only the crossings (darker than guide and hairline alike) are ink.
    expect(count(mask, (_, y) => y === 30 || y === 60)).toBe(2);
    // The hairline is kept everywhere but on the rows beside a guide, which share the guide's threshold (a
    // guide's blurred edge and slight tilt must not read as ink).
    expect(count(mask, (x) => x === 45)).toBe(96);
    expect(count(mask, (x, y) => x === 45 && Math.abs(y - 30) > 1 && Math.abs(y - 60) > 1)).toBe(94);
    // Without the layout's lines, the guides would read as ink.
    expect(count(binarizeCell(image, { pxPerMm: 8, lines: noLines }).mask, (_, y) => y === 30)).toBe(100);
  });

  it("never reads the label as ink, even where paper is quiet enough to find hairlines", () => {
    const label = { x0: 0, y0: 0, x1: 30, y1: 20 };
    const image = cell((x, y) => (x >= 5 && x < 25 && y === 10 ? level(LABEL_RGB) : 1));
    expect(count(binarizeCell(image, { pxPerMm: 8, lines: noLines, label }).mask)).toBe(0);
    // Without its place the label would read as a stroke: the label box is what keeps it out.
    expect(count(binarizeCell(image, { pxPerMm: 8, lines: noLines }).mask)).toBe(20);
  });

  it("finds nothing on noisy blank paper", () => {
    const { mask } = binarizeCell(
      cell(() => 1, 0.03),
      { pxPerMm: 8, lines: noLines },
    );
    expect(count(mask)).toBe(0);
  });
});
