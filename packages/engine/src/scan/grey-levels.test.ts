import { describe, expect, it } from "vitest";
import { greyHistogram, levelOfShare } from "./grey-levels.ts";

describe("grey levels", () => {
  it("counts each value on its whole level, values outside 0–255 on the nearest end", () => {
    const histogram = greyHistogram(Float32Array.from([-4, 0.9, 1, 1.99, 254.5, 300]));
    expect([histogram[0], histogram[1], histogram[254], histogram[255]]).toEqual([2, 2, 1, 1]);
  });

  it("gives the lowest level that the share of the values reaches", () => {
    // Ten values: 0, 10, 20, …, 90.
    const histogram = greyHistogram(Float32Array.from({ length: 10 }, (_, i) => 10 * i));
    expect(levelOfShare(histogram, 10, 0.1)).toBe(0);
    expect(levelOfShare(histogram, 10, 0.5)).toBe(40);
    expect(levelOfShare(histogram, 10, 0.55)).toBe(50);
    expect(levelOfShare(histogram, 10, 1)).toBe(90);
  });
});
