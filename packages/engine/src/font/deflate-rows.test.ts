import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateRows } from "./deflate-rows.ts";

/** PNG rows of `width` pixels of `pixelBytes` bytes, each behind a 0 filter byte, filled by `value(x, y, channel)`. */
function rows(width: number, height: number, pixelBytes: number, value: (x: number, y: number, c: number) => number) {
  const rowBytes = width * pixelBytes;
  const data = new Uint8Array(height * (rowBytes + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < pixelBytes; c++) data[y * (rowBytes + 1) + 1 + x * pixelBytes + c] = value(x, y, c);
    }
  }
  return { data, pixelBytes, rowBytes };
}

/** A fixed pseudo-random sequence (a linear congruential generator), so failures repeat. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state >>> 24;
  };
}

describe("deflateRows", () => {
  it("gives back the exact bytes through a standard inflater, whatever the picture", () => {
    const next = random(7);
    const pictures = [
      rows(1, 1, 2, () => 0),
      rows(300, 200, 2, () => 0),
      rows(97, 61, 2, (x, y, c) => (c === 0 ? 96 : (x - 40) ** 2 + (y - 30) ** 2 < 400 ? 255 : 0)),
      rows(50, 40, 2, () => next()),
      rows(33, 17, 4, (x, y, c) => (x * 7 + y * 3 + c) % 251),
      rows(400, 3, 1, (x) => (x % 300 < 290 ? 0 : next())),
      // Sums as large as they get (every byte 255) over several of adler32's 5552-byte stretches.
      rows(100, 100, 2, () => 255),
      // Rows longer than deflate's 32 kB window.
      rows(20000, 3, 2, (x, y, c) => (c === 0 ? 96 : (x + y) % 1000 < 20 ? next() : 0)),
    ];
    for (const [i, { data, pixelBytes, rowBytes }] of pictures.entries()) {
      expect(new Uint8Array(inflateSync(deflateRows(data, pixelBytes, rowBytes))), `picture ${i}`).toEqual(data);
    }
  });

  it("compresses clear paper to almost nothing", () => {
    const { data } = rows(120, 150, 2, (_, __, c) => (c === 0 ? 96 : 0));
    expect(deflateRows(data, 2, 240).length).toBeLessThan(data.length / 100);
  });
});
