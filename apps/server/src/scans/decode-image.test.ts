import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeImage, MAX_SIDE } from "./decode-image.ts";

/** A PNG whose header claims `width` × `height` pixels while its data is a few bytes: an image bomb. */
function pngBomb(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(1024))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

describe("image decoding", () => {
  it("decodes to RGBA and turns a photo upright by its EXIF orientation", async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await decodeImage(new Uint8Array(sideways));
    expect([image.width, image.height]).toEqual([20, 40]);
    expect(image.data.length).toBe(20 * 40 * 4);
  });

  it("scales huge scans down to fit the reader", async () => {
    const big = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const image = await decodeImage(new Uint8Array(big));
    expect([image.width, image.height]).toEqual([MAX_SIDE, MAX_SIDE / 2]);
  });

  it("refuses a PNG bomb from its header, quickly and without allocating its pixels", async () => {
    const started = performance.now();
    await expect(decodeImage(pngBomb(100_000, 100_000))).rejects.toMatchObject({ code: "IMAGE_TOO_LARGE" });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses files that are not images", async () => {
    await expect(decodeImage(new TextEncoder().encode("not an image"))).rejects.toMatchObject({
      code: "IMAGE_UNREADABLE",
    });
    const truncated = (
      await sharp({ create: { width: 50, height: 50, channels: 3, background: "#000" } })
        .jpeg()
        .toBuffer()
    ).subarray(0, 100);
    await expect(decodeImage(new Uint8Array(truncated))).rejects.toMatchObject({ code: "IMAGE_UNREADABLE" });
  });
});
