import { describe, expect, it } from "vitest";
import { channelsOf } from "./images.ts";
import { downscale, luminancePyramid, toLuminance } from "./to-luminance.ts";

describe("toLuminance", () => {
  it("weights red, green and blue like JPEG's Y channel, from RGB or RGBA", () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 160, 202, 240]);
    expect(Array.from(toLuminance({ width: 4, height: 1, data: rgb }, 3).data)).toEqual([76, 150, 29, 194]);
    const rgba = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 0]);
    expect(Array.from(toLuminance({ width: 2, height: 1, data: rgba }, 4).data)).toEqual([76, 29]);
  });

  it("gives every pixel of an RGB image its own weighted level, wherever the pixels start in their buffer", () => {
    // RGB pixels are read four at a time when the buffer allows: 7 pixels leave 3 after the four, and a buffer that
    // starts one byte into its memory is read a byte at a time. All must give (306 R + 601 G + 117 B + 512) >> 10.
    const levels = Array.from({ length: 22 }, (_, i) => (i * 97 + 13) % 256);
    const expected = Array.from({ length: 7 }, (_, p) => {
      const [r, g, b] = levels.slice(3 * p, 3 * p + 3) as [number, number, number];
      return (306 * r + 601 * g + 117 * b + 512) >> 10;
    });
    const aligned = new Uint8Array(levels.slice(0, 21));
    expect(Array.from(toLuminance({ width: 7, height: 1, data: aligned }, 3).data)).toEqual(expected);
    const shifted = new Uint8Array(new Uint8Array([0, ...levels.slice(0, 21)]).buffer, 1, 21);
    expect(Array.from(toLuminance({ width: 7, height: 1, data: shifted }, 3).data)).toEqual(expected);
  });

  it("infers channels from the buffer and refuses a buffer that does not match the size", () => {
    expect(channelsOf({ width: 2, height: 2, data: new Uint8Array(12) })).toBe(3);
    expect(channelsOf({ width: 2, height: 2, data: new Uint8Array(16) })).toBe(4);
    expect(channelsOf({ width: 2, height: 2, data: new Uint8Array(10) })).toBeUndefined();
    expect(channelsOf({ width: 0, height: 2, data: new Uint8Array(0) })).toBeUndefined();
  });

  it("shrinks an RGB page by two as its levels are worked out, to the same levels as shrinking them afterwards", () => {
    // 7 × 5 pixels: rows of an odd length, so word groups straddle rows, and an odd last row the small copy leaves out.
    const [width, height] = [7, 5];
    const data = new Uint8Array(Array.from({ length: 3 * width * height }, (_, i) => (i * 89 + 7) % 256));
    const { full, small } = luminancePyramid({ width, height, data }, 3, 2);
    const expected = Array.from({ length: width * height }, (_, p) => {
      const [r, g, b] = [data[3 * p]!, data[3 * p + 1]!, data[3 * p + 2]!];
      return (306 * r + 601 * g + 117 * b + 512) >> 10;
    });
    expect(Array.from(full.data)).toEqual(expected);
    expect(small).toEqual(downscale({ width, height, data: new Uint8Array(expected) }, 2));
    expect([small.width, small.height]).toEqual([3, 2]);
  });

  it("downscales by averaging each block", () => {
    const grey = { width: 4, height: 2, data: new Uint8Array([0, 10, 100, 100, 20, 30, 100, 101]) };
    expect(Array.from(downscale(grey, 2).data)).toEqual([15, 100]);
  });
});
