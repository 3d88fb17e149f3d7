import { describe, expect, it } from "vitest";
import { caveatProject } from "../test-support/caveat.ts";
import { compileFontSync } from "./compile.ts";
import { rasterizeCoverage } from "./rasterize.ts";
import { renderSpecimen } from "./specimen.ts";

describe("specimen", () => {
  it("rasterises with exact area coverage and nonzero winding", () => {
    const square = [
      { x: 2, y: 2 },
      { x: 6, y: 2 },
      { x: 6, y: 6 },
      { x: 2, y: 6 },
    ];
    const half = [
      { x: 0.5, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0.5, y: 1 },
    ];
    const coverage = rasterizeCoverage([square, square, half], 8, 8);
    expect(coverage[3 * 8 + 3]).toBe(1);
    expect(coverage[0]).toBeCloseTo(0.5, 5);
    expect(coverage[7 * 8 + 7]).toBe(0);
  });

  it("sets text in the font: ink on the baseline, paper elsewhere", async () => {
    const font = compileFontSync(caveatProject({ chars: [..."Hno"] }), ["otf"], { timestamp: 0 }).fonts.otf!;
    const image = await renderSpecimen(font, "Hon", { size: 40, padding: 10 });
    expect(image.width).toBeGreaterThan(60);
    expect(image.height).toBe(52 + 20);
    const dark = (x0: number, x1: number, y0: number, y1: number) => {
      let count = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if (image.data[(y * image.width + x) * 4]! < 128) count++;
      return count;
    };
    expect(dark(0, image.width, 0, 10)).toBe(0);
    expect(dark(10, image.width - 10, 20, 48)).toBeGreaterThan(100);
  });
});
