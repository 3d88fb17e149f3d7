import { describe, expect, it } from "vitest";
import { rectangle } from "./canvas.ts";
import { createCoverage, fillContours } from "./rasterize.ts";

describe("fillContours", () => {
  it("covers pixels by the share of their area inside, at fractional edges too", () => {
    const coverage = createCoverage(6, 4);
    fillContours(coverage, [rectangle(1.5, 1, 3, 2)], 8);
    const row = Array.from(coverage.data.slice(6, 12), (v) => Math.round(v * 100) / 100);
    expect(row).toEqual([0, 0.5, 1, 1, 0.5, 0]);
    expect(coverage.data.reduce((a, b) => a + b, 0)).toBeCloseTo(6, 5);
  });

  it("fills with the nonzero rule: an oppositely wound inner contour is a hole, a same-wound one is not", () => {
    const outer = rectangle(0, 0, 10, 10);
    const innerSame = rectangle(3, 3, 4, 4);
    const innerReversed = [3, 3, 3, 7, 7, 7, 7, 3];
    const hole = createCoverage(10, 10);
    fillContours(hole, [outer, innerReversed]);
    expect(hole.data[5 * 10 + 5]).toBe(0);
    const filled = createCoverage(10, 10);
    fillContours(filled, [outer, innerSame]);
    expect(filled.data[5 * 10 + 5]).toBe(1);
  });
});
