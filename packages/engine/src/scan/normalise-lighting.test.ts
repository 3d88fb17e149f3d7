import { describe, expect, it } from "vitest";
import { normaliseLighting } from "./normalise-lighting.ts";

describe("normaliseLighting", () => {
  it("reads paper as 1 and ink as its share of paper across a strong shadow gradient", () => {
    const width = 160;
    const height = 160;
    const data = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const light = 240 - 0.6 * x; // from 240 down to 144: a shadow across the cell
        const ink = x >= 70 && x < 78 ? 0.2 : 1;
        data[y * width + x] = light * ink;
      }
    }
    const { image } = normaliseLighting({ width, height, data }, 20);
    for (const x of [5, 40, 100, 150]) expect(image.data[80 * width + x]).toBeGreaterThan(0.95);
    for (const x of [5, 40, 100, 150]) expect(image.data[80 * width + x]).toBeLessThan(1.05);
    expect(image.data[80 * width + 74]).toBeGreaterThan(0.16);
    expect(image.data[80 * width + 74]).toBeLessThan(0.24);
  });
});
