import { beforeEach, describe, expect, it } from "vitest";
import { recycleSharedPixels, sharedPixels } from "./shared-pixels.ts";
import { luminancePyramid } from "./to-luminance.ts";

describe("sharedPixels", () => {
  // Reads of other tests in this thread may have given memory back: each test starts by taking it all.
  beforeEach(() => {
    while (sharedPixels(1).buffer.byteLength > 1);
  });

  it("hands the next read the shared memory a finished read gave back, the smallest that is large enough", () => {
    const small = sharedPixels(1000);
    const large = sharedPixels(4000);
    expect(small.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(small.buffer).not.toBe(large.buffer);
    recycleSharedPixels(large);
    recycleSharedPixels(small);
    const next = sharedPixels(900);
    expect(next.buffer).toBe(small.buffer);
    expect(next.length).toBe(900);
    // Memory in use is never handed out twice; a need larger than every spare gets new memory.
    expect(sharedPixels(900).buffer).toBe(large.buffer);
    const fresh = sharedPixels(900);
    expect([small.buffer, large.buffer]).not.toContain(fresh.buffer);
    recycleSharedPixels(next);
    expect(sharedPixels(5000).buffer).not.toBe(small.buffer);
    expect(sharedPixels(1000).buffer).toBe(small.buffer);
  });

  it("keeps two spares at most, the largest, and none over 24 MiB", () => {
    const pixels = [100, 300, 200].map((bytes) => sharedPixels(bytes));
    for (const p of pixels) recycleSharedPixels(p);
    // The 100-byte one was dropped: a need it would have met takes the 200-byte one.
    expect(sharedPixels(50).buffer).toBe(pixels[2]!.buffer);
    expect(sharedPixels(50).buffer).toBe(pixels[1]!.buffer);
    const huge = sharedPixels((24 << 20) + 1);
    recycleSharedPixels(huge);
    expect(sharedPixels(24 << 20).buffer).not.toBe(huge.buffer);
  });

  it("writes a page's luminance into the pixels given, over whatever a read before left there", () => {
    const [width, height] = [6, 4];
    const data = new Uint8Array(Array.from({ length: 3 * width * height }, (_, i) => (i * 53 + 11) % 256));
    const into = sharedPixels(width * height + 8);
    into.fill(77);
    const { full, small } = luminancePyramid({ width, height, data }, 3, 2, into);
    const fresh = luminancePyramid({ width, height, data }, 3, 2);
    expect(full.data.buffer).toBe(into.buffer);
    expect(Array.from(full.data)).toEqual(Array.from(fresh.full.data));
    expect(small).toEqual(fresh.small);
  });
});
