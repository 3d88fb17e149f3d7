import { deflateRows } from "./deflate-rows.ts";
import type { RgbaImage } from "./rasterize.ts";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlibDeflate(data: Uint8Array): Promise<Uint8Array> {
  // CompressionStream("deflate") is the zlib format PNG wants, in browsers, workers and Node alike. The bytes are
  // written to it directly: going through a Blob's stream and a pipe costs more than the deflate itself for the small
  // pictures of a page's boxes (measured in Node: 80 of them, 70 ms of CPU against 40).
  const compression = new CompressionStream("deflate");
  const writer = compression.writable.getWriter();
  const written = writer.write(data as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const [bytes] = await Promise.all([new Response(compression.readable).arrayBuffer(), written]);
  return new Uint8Array(bytes);
}

/** Encodes an RGBA image as a PNG file (8-bit RGBA, no filtering). */
export async function encodePng(image: RgbaImage): Promise<Uint8Array> {
  const { width, height, data } = image;
  return pngFile(width, height, RGBA, await zlibDeflate(unfilteredRows(width, height, 4, data)));
}

/**
 * Encodes a picture without colour as a PNG file of 8-bit grey and alpha (no filtering): `data` holds a grey and an
 * alpha byte a pixel. Half the bytes of the same picture in RGBA, which browsers and decoders show alike. Compressed
 * on the spot by deflateRows, which suits pictures of a few flat tones (box pictures) and costs no stream per picture.
 */
export function encodeGreyAlphaPng(image: { width: number; height: number; data: Uint8Array }): Uint8Array {
  const { width, height, data } = image;
  return pngFile(width, height, GREY_ALPHA, deflateRows(unfilteredRows(width, height, 2, data), 2, 2 * width));
}

/** PNG colour types. */
const RGBA = 6;
const GREY_ALPHA = 4;

/** The pixels as PNG rows, each behind its filter byte (0: none). */
function unfilteredRows(width: number, height: number, pixelBytes: number, data: Uint8Array | Uint8ClampedArray) {
  const rowBytes = width * pixelBytes;
  const raw = new Uint8Array(height * (rowBytes + 1));
  for (let y = 0; y < height; y++) raw.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return raw;
}

function pngFile(width: number, height: number, colourType: number, compressed: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, colourType, 0, 0, 0], 8);
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", compressed),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
