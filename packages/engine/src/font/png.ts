import { deflateRows } from "./deflate-rows.ts";
import type { RgbaImage } from "./rasterize.ts";

const crcTable = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
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
 * Encodes a picture of one grey at varying opacity (ink on clear paper) as an 8-bit palette PNG whose 256 entries are
 * that grey at opacities 0–255: `alpha` holds a byte a pixel, its opacity, which is also its palette index. A quarter
 * of the bytes of RGBA and half of grey and alpha, which browsers and decoders show alike. Compressed on the spot by
 * deflateRows, which suits pictures of a few flat tones (box pictures) and costs no stream per picture.
 */
export function encodeAlphaPng(image: { width: number; height: number; alpha: Uint8Array }, grey: number): Uint8Array {
  const { width, height, alpha } = image;
  return pngFile(
    width,
    height,
    PALETTE,
    deflateRows(unfilteredRows(width, height, 1, alpha), 1, width),
    opacityPalette(grey),
  );
}

/** The PLTE and tRNS chunks of encodeAlphaPng's palette for a grey, made once (a page has dozens of pictures). */
const opacityPalettes = new Map<number, Uint8Array[]>();
function opacityPalette(grey: number): Uint8Array[] {
  let chunks = opacityPalettes.get(grey);
  if (!chunks) {
    const opacities = new Uint8Array(256);
    for (let index = 0; index < 256; index++) opacities[index] = index;
    chunks = [chunk("PLTE", new Uint8Array(3 * 256).fill(grey)), chunk("tRNS", opacities)];
    opacityPalettes.set(grey, chunks);
  }
  return chunks;
}

/** PNG colour types. */
const RGBA = 6;
const PALETTE = 3;

/** The pixels as PNG rows, each behind its filter byte (0: none). */
function unfilteredRows(width: number, height: number, pixelBytes: number, data: Uint8Array | Uint8ClampedArray) {
  const rowBytes = width * pixelBytes;
  const raw = new Uint8Array(height * (rowBytes + 1));
  for (let y = 0; y < height; y++) raw.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return raw;
}

function pngFile(
  width: number,
  height: number,
  colourType: number,
  compressed: Uint8Array,
  before: Uint8Array[] = [],
): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, colourType, 0, 0, 0], 8);
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...before,
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
