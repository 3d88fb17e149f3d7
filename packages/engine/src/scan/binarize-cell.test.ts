import { describe, expect, it } from "vitest";
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
});
