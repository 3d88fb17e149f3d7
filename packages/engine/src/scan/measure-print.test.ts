import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import type { LayoutCell } from "../template/layout-types.ts";
import { descreen, GRAINY, measurePrint, smoothed, smoothingPasses } from "./measure-print.ts";

describe("descreen", () => {
  it("merges a screen of dots into the even tone it stands for", () => {
    // A checkerboard of toner (40) and paper (240): a screen two pixels across, the finest a 300 dpi scan resolves.
    const width = 20;
    const data = new Uint8Array(width * width);
    for (let i = 0; i < data.length; i++) data[i] = ((i % width) + Math.floor(i / width)) % 2 ? 240 : 40;
    const out = descreen({ width, height: width, data }).data;
    for (let y = 1; y < width - 1; y++) {
      for (let x = 1; x < width - 1; x++) expect(Math.abs(out[y * width + x]! - 140)).toBeLessThanOrEqual(1);
    }
  });

  it("keeps a wide edge where it is", () => {
    // Paper on the left, ink from column 10 on: the half level still falls between columns 9 and 10.
    const width = 20;
    const data = new Uint8Array(width * 4).map((_, i) => (i % width < 10 ? 240 : 40));
    const out = descreen({ width, height: 4, data }).data;
    expect(out[9]! + out[10]!).toBe(240 + 40);
    expect(out[2]).toBe(240);
    expect(out[17]).toBe(40);
  });
});

describe("measurePrint", () => {
  it("takes a page with no box it can look at for a faithful print", () => {
    const blank = { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(240) };
    const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    expect(measurePrint(blank, identity, [], 1)).toEqual({ beading: 0, darker: 0, grain: 0 });
    // Boxes too small to sample along, and a page with no border where the layout says (paper alone).
    const cell = {
      page: 1,
      chars: "a",
      variant: 1,
      box: { x: 10, y: 10, width: 3, height: 3 },
      baselineY: 12,
      emMm: 2,
      label: "a",
    };
    expect(measurePrint(blank, identity, [cell], 1)).toEqual({ beading: 0, darker: 0, grain: 0 });
    const wide = { ...cell, box: { x: 10, y: 20, width: 60, height: 20 } };
    expect(measurePrint(blank, identity, [wide], 1)).toEqual({ beading: 0, darker: 0, grain: 0 });
  });
});

/** Paper at `level` with Gaussian grain of `sigma` levels, and boxes 60 × 20 px (1 px/mm) with 0.2-level borders. */
function grainyPage(level: number, sigma: number) {
  const [width, height] = [400, 300];
  const random = createRandom(11);
  const data = new Uint8Array(width * height).map(() => Math.round(level + sigma * random.normal()));
  const cells: LayoutCell[] = [];
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 5; column++) {
      const box = { x: 10 + column * 75, y: 20 + row * 34, width: 60, height: 20 };
      cells.push({ page: 1, chars: "a", variant: 1, box, baselineY: box.y + 15, emMm: 10, label: "a" });
    }
  }
  return { image: { width, height, data }, cells };
}
const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1];

describe("measurePrint's grain", () => {
  it("is the paper's noise over its level", () => {
    // A pixel's distance from the midpoint of its neighbours, for independent Gaussian noise of deviation s, has
    // deviation s·√1.5, so its mean is s·√1.5·√(2/π) = 0.977 s. The paper's line lies 0.8 mm above a box, here between
    // two rows of pixels, 0.8 of the way: sampled there, the grain's deviation is √(0.8² + 0.2²) = 0.825 of a pixel's.
    for (const [level, sigma] of [
      [200, 10],
      [120, 3],
    ] as const) {
      const { image, cells } = grainyPage(level, sigma);
      const expected = (0.825 * 0.977 * sigma) / level;
      expect(measurePrint(image, identity, cells, 1).grain).toBeGreaterThan(0.9 * expected);
      expect(measurePrint(image, identity, cells, 1).grain).toBeLessThan(1.1 * expected);
    }
  });

  it("falls as the picture is smoothed", () => {
    const { image, cells } = grainyPage(200, 10);
    const before = measurePrint(image, identity, cells, 1).grain;
    expect(measurePrint(smoothed(image, 2), identity, cells, 1).grain).toBeLessThan(before / 2);
  });
});

describe("smoothingPasses", () => {
  const quiet = { beading: 0, darker: 0, grain: GRAINY / 2 };
  const grainy = { ...quiet, grain: 2 * GRAINY };

  it("leaves a page of ordinary grain as it is, and descreens a screened print once", () => {
    expect(smoothingPasses(quiet, 0.2, 8)).toBe(0);
    expect(smoothingPasses({ ...quiet, beading: 0.2 }, 0.2, 8)).toBe(1);
  });

  it("smooths a grainy page by a Gaussian as wide as its blur at most, half a squared pixel a pass", () => {
    // A blur of 0.15 mm at 8 px/mm is 1.2 px: 1.44 squared pixels, two passes' worth (2.88 passes, rounded down).
    expect(smoothingPasses(grainy, 0.15, 8)).toBe(2);
    // 0.25 mm at 8 px/mm: 4 squared pixels, eight passes.
    expect(smoothingPasses(grainy, 0.25, 8)).toBe(8);
    // A blur under a pixel still gets one pass; a very wide one no more than eight.
    expect(smoothingPasses(grainy, 0.05, 8)).toBe(1);
    expect(smoothingPasses(grainy, 1, 8)).toBe(8);
  });
});

describe("smoothed", () => {
  it("runs its passes one after the other, as descreen each time, and leaves the picture it was given as it was", () => {
    const { image } = grainyPage(120, 10);
    const before = new Uint8Array(image.data);
    const threeTimes = descreen(descreen(descreen(image)));
    expect(Array.from(smoothed(image, 3).data)).toEqual(Array.from(threeTimes.data));
    expect(Array.from(image.data)).toEqual(Array.from(before));
  });

  it("smooths only within the rectangle it is given, as descreen does there", () => {
    const { image } = grainyPage(200, 10);
    const within = { x0: 100, y0: 50, x1: 300, y1: 250 };
    const out = smoothed(image, 1, within);
    const whole = descreen(image);
    for (let y = 0; y < image.height; y += 7) {
      for (let x = 0; x < image.width; x += 5) {
        const i = y * image.width + x;
        const inside = x >= within.x0 && x < within.x1 && y >= within.y0 && y < within.y1;
        // Inside and away from its edge (where the rectangle's edge is repeated) it is descreen's picture.
        const deep = x > within.x0 && x < within.x1 - 1 && y > within.y0 && y < within.y1 - 1;
        if (!inside) expect(out.data[i]).toBe(image.data[i]);
        else if (deep) expect(out.data[i]).toBe(whole.data[i]);
      }
    }
  });
});
