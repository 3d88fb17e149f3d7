import { describe, expect, it } from "vitest";
import { descreen, measurePrint } from "./measure-print.ts";

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
    expect(measurePrint(blank, identity, [], 1)).toEqual({ beading: 0, darker: 0 });
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
    expect(measurePrint(blank, identity, [cell], 1)).toEqual({ beading: 0, darker: 0 });
    const wide = { ...cell, box: { x: 10, y: 20, width: 60, height: 20 } };
    expect(measurePrint(blank, identity, [wide], 1)).toEqual({ beading: 0, darker: 0 });
  });
});
