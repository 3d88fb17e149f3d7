import { describe, expect, it } from "vitest";
import { cubicAt, cubicExtremaT, cubicSlope, flatteningSteps, quadraticToCubic, subCubic } from "./bezier.ts";

describe("cubic Bézier evaluation", () => {
  it("passes through its end values and the Bernstein mix in between", () => {
    expect(cubicAt(1, 5, 7, 2, 0)).toBe(1);
    expect(cubicAt(1, 5, 7, 2, 1)).toBe(2);
    // B(1/2) = (p0 + 3 p1 + 3 p2 + p3) / 8
    expect(cubicAt(1, 5, 7, 2, 0.5)).toBeCloseTo((1 + 15 + 21 + 2) / 8, 12);
  });

  it("has end slopes three times the control legs", () => {
    expect(cubicSlope(0, 1, 4, 10, 0)).toBeCloseTo(3, 12);
    expect(cubicSlope(0, 1, 4, 10, 1)).toBeCloseTo(18, 12);
  });

  it("finds the extremum of a symmetric arch at its middle and none on a monotone curve", () => {
    expect(cubicExtremaT(0, 10, 10, 0)).toEqual([0.5]);
    expect(cubicExtremaT(0, 1, 2, 3)).toEqual([]);
  });

  it("splits a cubic into pieces that lie on the original curve", () => {
    const piece = subCubic(0, 30, -10, 20, 0.25, 0.75);
    for (const s of [0, 0.3, 0.5, 1]) {
      expect(cubicAt(...piece, s)).toBeCloseTo(cubicAt(0, 30, -10, 20, 0.25 + 0.5 * s), 10);
    }
  });

  it("raises a quadratic to the cubic tracing the same curve", () => {
    const [c1, c2] = quadraticToCubic(0, 10, 4);
    for (const t of [0.2, 0.5, 0.9]) {
      const quadratic = (1 - t) ** 2 * 0 + 2 * (1 - t) * t * 10 + t * t * 4;
      expect(cubicAt(0, c1, c2, 4, t)).toBeCloseTo(quadratic, 12);
    }
  });

  it("flattens a straight cubic in one step and a bent one in enough steps for the tolerance", () => {
    expect(flatteningSteps(0, 0, 1, 0, 2, 0, 3, 0, 0.5)).toBe(1);
    const n = flatteningSteps(0, 0, 0, 100, 100, 100, 100, 0, 0.5);
    // |Δ²P| = 100√2 here, so n = ceil(√(0.75·141.4/0.5)) = 15.
    expect(n).toBe(15);
  });
});
