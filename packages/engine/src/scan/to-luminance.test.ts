import { describe, expect, it } from "vitest";
import { channelsOf } from "./images.ts";
import { downscale, toLuminance } from "./to-luminance.ts";

describe("toLuminance", () => {
  it("weights red, green and blue like JPEG's Y channel, from RGB or RGBA", () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 160, 202, 240]);
    expect(Array.from(toLuminance({ width: 4, height: 1, data: rgb }, 3).data)).toEqual([76, 150, 29, 194]);
    const rgba = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 0]);
    expect(Array.from(toLuminance({ width: 2, height: 1, data: rgba }, 4).data)).toEqual([76, 29]);
  });

  it("infers channels from the buffer and refuses a buffer that does not match the size", () => {
    expect(channelsOf({ width: 2, height: 2, data: new Uint8Array(12) })).toBe(3);
    expect(channelsOf({ width: 2, height: 2, data: new Uint8Array(16) })).toBe(4);
    expect(channelsOf({ width: 2, height: 2, data: new Uint8Array(10) })).toBeUndefined();
    expect(channelsOf({ width: 0, height: 2, data: new Uint8Array(0) })).toBeUndefined();
  });

  it("downscales by averaging each block", () => {
    const grey = { width: 4, height: 2, data: new Uint8Array([0, 10, 100, 100, 20, 30, 100, 101]) };
    expect(Array.from(downscale(grey, 2).data)).toEqual([15, 100]);
  });
});
