import { describe, expect, it } from "vitest";
import { upsampleMask } from "./upsample-mask.ts";

describe("upsampleMask", () => {
  it("moves a blurred edge to its half-dark position between pixels", () => {
    // A vertical edge at x = 20.3 (pixel-corner coordinates), blurred over about a pixel either side.
    const width = 40;
    const height = 10;
    const edge = 20.3;
    const data = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data[y * width + x] = 0.2 + 0.8 / (1 + Math.exp(-(x + 0.5 - edge) / 0.4));
    }
    const keep = new Uint8Array(width * height);
    for (let i = 0; i < keep.length; i++) keep[i] = i % width < 21 ? 1 : 0;
    const fine = upsampleMask({ width, height, data }, keep, width, height, 0, 0, 0.6, 4);
    const row = 5 * 4 * 1 + 2;
    let last = -1;
    for (let x = 0; x < fine.width; x++) if (fine.mask[row * fine.width + x]) last = x;
    // Edge in fine pixel corners: (last + 1) / 4 + left / 4.
    const found = (fine.left + last + 1) / 4;
    expect(Math.abs(found - edge)).toBeLessThan(0.2);
  });

  it("covers only the kept ink with a pixel of margin", () => {
    const width = 30;
    const height = 30;
    const data = new Float32Array(width * height).fill(1);
    const keep = new Uint8Array(width * height);
    for (let y = 10; y < 15; y++)
      for (let x = 12; x < 16; x++) {
        keep[y * width + x] = 1;
        data[y * width + x] = 0.2;
      }
    // Dark pixels far from the kept ink (a removed speck) stay out.
    data[2 * width + 2] = 0.1;
    const fine = upsampleMask({ width, height, data }, keep, width, height, 0, 0, 0.6, 3);
    expect([fine.left, fine.top, fine.width, fine.height]).toEqual([33, 27, 18, 21]);
    // 4 × 5 base pixels are 12 × 15 fine ones; bilinear interpolation rounds the four corners a little.
    const inked = fine.mask.reduce((s, v) => s + v, 0);
    expect(inked).toBeGreaterThan(170);
    expect(inked).toBeLessThanOrEqual(180);
  });
});
