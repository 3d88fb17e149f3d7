import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import { DROPOUT_RGB, LABEL_RGB } from "../template/page-geometry.ts";
import { binarizeCell, MAX_THRESHOLD } from "./binarize-cell.ts";

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
    const { mask } = binarizeCell(image);
    expect(mask[50 * 100 + 10]).toBe(0);
    expect(mask[20 * 100 + 44]).toBe(1);
    expect(mask.reduce((sum, v) => sum + v, 0)).toBe(8 * 100);
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
