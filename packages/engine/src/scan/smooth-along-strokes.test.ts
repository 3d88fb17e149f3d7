import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import { acrossStrokes, smoothAlongStrokes } from "./smooth-along-strokes.ts";

const size = 64;

/** Paper (1) with dark lines along the direction (cos a, sin a) at the given offsets across it, and grain. */
function lines(angle: number, offsets: number[], grain: number, seed: number) {
  const random = createRandom(seed);
  const [nx, ny] = [-Math.sin(angle), Math.cos(angle)];
  const data = new Float32Array(size * size);
  const across = (x: number, y: number) => (x - size / 2) * nx + (y - size / 2) * ny;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = across(x, y);
      const ink = offsets.reduce((sum, o) => sum + 0.2 * Math.exp(-((d - o) ** 2) / 2), 0);
      data[y * size + x] = 1 - ink + grain * random.normal();
    }
  }
  return { data, across };
}

/** Mean and deviation of the picture over the pixels whose distance across the lines is within [lo, hi). */
function band(data: Float32Array, across: (x: number, y: number) => number, lo: number, hi: number) {
  const values: number[] = [];
  for (let y = 12; y < size - 12; y++) {
    for (let x = 12; x < size - 12; x++) {
      const d = across(x, y);
      if (d >= lo && d < hi) values.push(data[y * size + x]!);
    }
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const deviation = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return { mean, deviation };
}

describe("smoothAlongStrokes", () => {
  it("evens out grain along a faint line in any direction and keeps its depth", () => {
    for (const angle of [0, 0.5, 1.2, 2.4]) {
      const { data, across } = lines(angle, [0], 0.03, 7);
      const smooth = smoothAlongStrokes(data, size, size, 0.8, 0.8).picture;
      const before = band(data, across, -0.5, 0.5);
      const after = band(smooth, across, -0.5, 0.5);
      // A Gaussian of 0.8 px along the line averages about three pixels' grain.
      expect(after.deviation).toBeLessThan(0.75 * before.deviation);
      // The line's core keeps its depth (0.2 under paper), within a tenth.
      expect(1 - after.mean).toBeGreaterThan(0.18);
    }
  });

  it("keeps the paper between two lines 2.5 px apart (an outlined stroke's two sides) lighter than the lines", () => {
    for (const angle of [0, 0.7, 1.9]) {
      const { data, across } = lines(angle, [-1.25, 1.25], 0, 1);
      const smooth = smoothAlongStrokes(data, size, size, 0.8, 0.8).picture;
      const gap = band(smooth, across, -0.3, 0.3).mean;
      const line = band(smooth, across, 0.95, 1.55).mean;
      // Sampling between pixels along a slanted line blurs a little across it; the gap stays a dip all the same.
      const contrast = band(data, across, -0.3, 0.3).mean - band(data, across, 0.95, 1.55).mean;
      expect(gap - line).toBeGreaterThan(0.5 * contrast);
    }
  });
});

describe("acrossStrokes", () => {
  it("reads across two lines the blur merged, between them, at the scale of the pair", () => {
    // Two lines 5 px apart through a blur of 2 px: between them the picture is nearly flat at the pen's scale (0.8 px),
    // where grain of a hundredth sets the direction; blurred to 2.4 px the pair is one dip, read across.
    for (const angle of [0.3, 1.1, 2.5]) {
      const data = new Float32Array(size * size);
      const random = createRandom(3);
      const [nx, ny] = [-Math.sin(angle), Math.cos(angle)];
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const d = (x - size / 2) * nx + (y - size / 2) * ny;
          const ink = 0.17 * (Math.exp(-((d - 2.5) ** 2) / 8) + Math.exp(-((d + 2.5) ** 2) / 8));
          data[y * size + x] = 1 - ink + 0.01 * random.normal();
        }
      }
      const { across } = acrossStrokes(data, size, size, 2.4);
      let middle = 0;
      let right = 0;
      for (let y = 16; y < size - 16; y++) {
        for (let x = 16; x < size - 16; x++) {
          if (Math.abs((x - size / 2) * nx + (y - size / 2) * ny) >= 0.5) continue;
          middle++;
          // The direction across the lines is the normal (nx, ny), up to a half turn.
          const off = Math.abs(Math.cos(across[y * size + x]!) * nx + Math.sin(across[y * size + x]!) * ny);
          if (off > Math.cos(Math.PI / 12)) right++;
        }
      }
      expect({ angle, right: right >= 0.95 * middle }).toEqual({ angle, right: true });
    }
  });
});
