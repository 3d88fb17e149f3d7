import { describe, expect, it } from "vitest";
import { kthSmallest } from "./kth-smallest.ts";

describe("kthSmallest", () => {
  it("gives the value a sort puts at each index, with repeats, ties and any order", () => {
    let state = 11;
    const next = () => {
      state = (state * 1103515245 + 12345) >>> 0;
      return state >>> 16;
    };
    for (const length of [1, 2, 3, 7, 64, 401]) {
      for (const spread of [3, 1000]) {
        const values = Float32Array.from({ length }, () => (next() % spread) / 7);
        const sorted = Float32Array.from(values).sort();
        for (let k = 0; k < length; k++) expect(kthSmallest(Float32Array.from(values), k)).toBe(sorted[k]);
      }
    }
    expect(kthSmallest(Float32Array.of(5, 4, 3, 2, 1), 1)).toBe(2);
    expect(kthSmallest(Float32Array.of(2, 2, 2, 2), 3)).toBe(2);
  });
});
