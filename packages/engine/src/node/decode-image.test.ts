import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { EngineError } from "../errors.ts";
import { isHeic } from "./decode-heic.ts";
import { decodeImageFile } from "./decode-image.ts";

const heic = new Uint8Array(readFileSync(join(import.meta.dirname, "../../fixtures/phone-photo.heic")));

async function codeOf(promise: Promise<unknown>) {
  return (
    (await promise.then(
      () => undefined,
      (e: unknown) => e,
    )) as EngineError | undefined
  )?.code;
}

/** A PNG whose header claims the given size; its pixel data is a few bytes that could never fill it. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([120, 156, 3, 0, 0, 0, 0, 1])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("decodeImageFile", () => {
  it("refuses bytes that are not an image (IMAGE_UNREADABLE)", async () => {
    expect(await codeOf(decodeImageFile(new TextEncoder().encode("%PDF-1.7 not a photo")))).toBe("IMAGE_UNREADABLE");
    expect(await codeOf(decodeImageFile(new Uint8Array(0)))).toBe("IMAGE_UNREADABLE");
  });

  it("refuses a huge image from its header alone, before decoding anything (IMAGE_TOO_LARGE)", async () => {
    const started = performance.now();
    expect(await codeOf(decodeImageFile(pngClaiming(40_000, 40_000)))).toBe("IMAGE_TOO_LARGE");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses a truncated JPEG (IMAGE_UNREADABLE)", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    expect(await codeOf(decodeImageFile(jpeg.subarray(0, jpeg.length / 2)))).toBe("IMAGE_UNREADABLE");
  });

  it("turns a phone photo upright by its EXIF orientation", async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await decodeImageFile(jpeg);
    expect([image.width, image.height, image.channels]).toEqual([20, 40, 3]);
    expect(image.data.length).toBe(20 * 40 * 3);
  });

  it("decodes an iPhone-style HEIC photo to upright pixels", async () => {
    expect(isHeic(heic)).toBe(true);
    const image = await decodeImageFile(heic);
    expect([image.width, image.height, image.channels]).toEqual([1200, 1600, 4]);
    // The page lies on a dark table in the middle of the frame: dark corners, bright paper in the centre.
    const grey = (x: number, y: number) => image.data[(y * image.width + x) * 4 + 1]!;
    expect(grey(5, 5)).toBeLessThan(90);
    expect(grey(600, 800)).toBeGreaterThan(150);
  });

  it("refuses a HEIC picture larger than the limit before decoding it, and a damaged one", async () => {
    expect(await codeOf(decodeImageFile(heic, { maxPixels: 1_000_000 }))).toBe("IMAGE_TOO_LARGE");
    expect(await codeOf(decodeImageFile(heic.subarray(0, 3000)))).toBe("IMAGE_UNREADABLE");
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .avif()
      .toBuffer();
    expect(isHeic(new Uint8Array(avif))).toBe(false);
  });
});
