import { describe, expect, it } from "vitest";
import { BLUR_ALONE, edgeShare, trueWidth, widthAtHalfDepth } from "./blurred-band.ts";

/** A band `u` deviations wide blurred by a unit Gaussian, sampled finely and summed: the profile at `x`. */
function profile(u: number, x: number): number {
  let sum = 0;
  const step = 0.002;
  for (let t = -u / 2 + step / 2; t < u / 2; t += step)
    sum += (Math.exp(-((x - t) ** 2) / 2) / Math.sqrt(2 * Math.PI)) * step;
  return sum;
}

describe("a band seen through a Gaussian blur", () => {
  it("looks as wide at half its depth as the blurred profile summed point by point says", () => {
    for (const u of [0.5, 1, 2, 4, 8]) {
      const half = widthAtHalfDepth(u) / 2;
      expect(profile(u, half) / profile(u, 0)).toBeCloseTo(0.5, 3);
    }
    // A line far thinner than the blur looks as wide as the blur; a band far wider, as wide as itself.
    expect(widthAtHalfDepth(1e-3)).toBeCloseTo(BLUR_ALONE, 3);
    expect(widthAtHalfDepth(9)).toBeCloseTo(9, 2);
  });

  it("gives back the width of a band from how wide it looks", () => {
    for (const u of [0.8, 1.5, 3, 6]) expect(trueWidth(widthAtHalfDepth(u))).toBeCloseTo(u, 2);
    expect(trueWidth(BLUR_ALONE)).toBe(0);
    expect(trueWidth(12)).toBe(12);
  });

  it("has its true edges where the profile keeps edgeShare of its depth: a half for wide bands, all of it for thin lines", () => {
    for (const u of [0.5, 2, 5]) expect(profile(u, u / 2) / profile(u, 0)).toBeCloseTo(edgeShare(u), 3);
    expect(edgeShare(20)).toBeCloseTo(0.5, 6);
    expect(edgeShare(0)).toBe(1);
  });
});
