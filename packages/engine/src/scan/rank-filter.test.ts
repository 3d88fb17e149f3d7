import { describe, expect, it } from "vitest";
import { closing, maxFilter, minFilter } from "./rank-filter.ts";

/** The extreme over the square around each pixel by its definition, coordinates clamped to the picture. */
function bruteForce(data: Float32Array, width: number, height: number, radius: number, pick: typeof Math.max) {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = data[y * width + x]!;
      for (let dy = -radius; dy <= radius; dy++) {
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          const yy = Math.min(height - 1, Math.max(0, y + dy));
          value = pick(value, data[yy * width + xx]!);
        }
      }
      out[y * width + x] = value;
    }
  }
  return out;
}

function noise(width: number, height: number, seed: number): Float32Array {
  const data = new Float32Array(width * height);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    data[i] = (state >>> 8) / 16777216;
  }
  return data;
}

describe("rank filters", () => {
  it("take the maximum and the minimum over the square around each pixel, edges repeated", () => {
    for (const [width, height, radius] of [
      [17, 11, 1],
      [9, 23, 3],
      [5, 4, 7],
    ] as const) {
      const data = noise(width, height, width * height + radius);
      expect(maxFilter(data, width, height, radius)).toEqual(bruteForce(data, width, height, radius, Math.max));
      expect(minFilter(data, width, height, radius)).toEqual(bruteForce(data, width, height, radius, Math.min));
    }
  });

  it("close: fill a stroke narrower than the square and keep a wide brightness step where it is", () => {
    const width = 30;
    const height = 20;
    const data = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data[y * width + x] = x < 15 ? 0.5 : 1;
    }
    // A stroke two pixels wide across the bright half.
    for (let y = 0; y < height; y++) data[y * width + 20] = data[y * width + 21] = 0.1;
    const closed = closing(data, width, height, 2);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) expect(closed[y * width + x]).toBe(x < 15 ? 0.5 : 1);
    }
  });
});
