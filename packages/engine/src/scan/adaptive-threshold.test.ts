import { describe, expect, it } from "vitest";
import { adaptiveThreshold } from "./adaptive-threshold.ts";

/** The rule written out: each pixel against the mean of its window, clipped to the picture, summed afresh. */
function byDefinition(
  width: number,
  height: number,
  data: Uint8Array,
  radius: number,
  ratio: number,
  contrast: number,
) {
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let v = Math.max(0, y - radius); v <= Math.min(height - 1, y + radius); v++) {
        for (let u = Math.max(0, x - radius); u <= Math.min(width - 1, x + radius); u++) {
          sum += data[v * width + u]!;
          count++;
        }
      }
      const mean = sum / count;
      const value = data[y * width + x]!;
      if (value < mean * ratio && mean - value >= contrast) mask[y * width + x] = 1;
    }
  }
  return mask;
}

describe("adaptiveThreshold", () => {
  it("marks the pixels below ratio × their window's mean by the contrast asked, windows clipped at the edges", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    // Sizes and radii from a pixel to windows wider than the picture, on pictures of every level.
    for (let trial = 0; trial < 60; trial++) {
      const width = 1 + Math.floor(random() * 23);
      const height = 1 + Math.floor(random() * 23);
      const data = Uint8Array.from({ length: width * height }, () => Math.floor(random() * 256));
      const radius = Math.floor(random() * 30);
      const expected = byDefinition(width, height, data, radius, 0.75, 18);
      expect(Array.from(adaptiveThreshold({ width, height, data }, radius, 0.75, 18))).toEqual(Array.from(expected));
    }
  });

  it("finds a dark square on paper whose light falls off across the page, and nothing on the bare paper", () => {
    const width = 60;
    const height = 40;
    // Paper from 230 on the left to 120 on the right, as a lamp at one side lights it.
    const paper = (x: number) => 230 - (110 * x) / (width - 1);
    const data = Uint8Array.from({ length: width * height }, (_, i) => Math.round(paper(i % width)));
    expect(adaptiveThreshold({ width, height, data }, 6, 0.75, 18).every((v) => v === 0)).toBe(true);
    // A square of ink at a fifth of the paper's level, where the paper is darkest.
    for (let y = 15; y < 20; y++) for (let x = 50; x < 55; x++) data[y * width + x] = Math.round(0.2 * paper(x));
    const mask = adaptiveThreshold({ width, height, data }, 6, 0.75, 18);
    const marked = [...mask.keys()].filter((i) => mask[i]);
    expect(marked).toHaveLength(25);
    expect(marked.every((i) => i % width >= 50 && i % width < 55 && Math.floor(i / width) >= 15)).toBe(true);
  });
});
