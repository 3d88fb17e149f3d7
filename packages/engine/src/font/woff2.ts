import { ByteWriter } from "./sfnt/binary.ts";
import { readSfntTables } from "./sfnt/sfnt.ts";

/** Turns an sfnt (TrueType or CFF flavour) into WOFF2 bytes. */
export type Woff2Encoder = (sfnt: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** A Brotli compressor (RFC 7932), e.g. node:zlib's brotliCompressSync. */
export type BrotliCompress = (data: Uint8Array) => Uint8Array;

// WOFF2 §5.1: tables with a known tag store a 6-bit index instead of the tag.
const knownTags = [
  "cmap",
  "head",
  "hhea",
  "hmtx",
  "maxp",
  "name",
  "OS/2",
  "post",
  "cvt ",
  "fpgm",
  "glyf",
  "loca",
  "prep",
  "CFF ",
  "VORG",
  "EBDT",
  "EBLC",
  "gasp",
  "hdmx",
  "kern",
  "LTSH",
  "PCLT",
  "VDMX",
  "vhea",
  "vmtx",
  "BASE",
  "GDEF",
  "GPOS",
  "GSUB",
  "EBSC",
  "JSTF",
  "MATH",
  "CBDT",
  "CBLC",
  "COLR",
  "CPAL",
  "SVG ",
  "sbix",
  "acnt",
  "avar",
  "bdat",
  "bloc",
  "bsln",
  "cvar",
  "fdsc",
  "feat",
  "fmtx",
  "fvar",
  "gvar",
  "hsty",
  "just",
  "lcar",
  "mort",
  "morx",
  "opbd",
  "prop",
  "trak",
  "Zapf",
  "Silf",
  "Glat",
  "Gloc",
  "Feat",
  "Sill",
];

function base128(out: ByteWriter, value: number): void {
  const bytes: number[] = [value & 0x7f];
  let rest = Math.floor(value / 128);
  while (rest > 0) {
    bytes.unshift((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.bytes(bytes);
}

/**
 * Wraps an sfnt in WOFF2 with null transforms (glyf/loca stored as they are, transform version 3) and one Brotli
 * stream. The glyf transform would save a little more, but a CFF font has no glyf and compresses smaller anyway.
 */
export function encodeWoff2(sfnt: Uint8Array, compress: BrotliCompress): Uint8Array {
  const tables = readSfntTables(sfnt);
  const flavor = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength).getUint32(0);
  const tags = [...tables.keys()].sort();
  const directory = new ByteWriter();
  const stream = new ByteWriter();
  let sfntSize = 12 + 16 * tags.length;
  for (const tag of tags) {
    const data = tables.get(tag)!;
    const index = knownTags.indexOf(tag);
    const nullTransform = tag === "glyf" || tag === "loca" ? 3 << 6 : 0;
    directory.u8((index < 0 ? 63 : index) | nullTransform);
    if (index < 0) directory.tag(tag);
    base128(directory, data.length);
    stream.bytes(data);
    sfntSize += Math.ceil(data.length / 4) * 4;
  }
  const compressed = compress(stream.toBytes());
  const headerSize = 48;
  const total = Math.ceil((headerSize + directory.length + compressed.length) / 4) * 4;
  const out = new ByteWriter()
    .tag("wOF2")
    .u32(flavor)
    .u32(total)
    .u16(tags.length)
    .u16(0)
    .u32(sfntSize)
    .u32(compressed.length)
    .u16(1)
    .u16(0)
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0);
  out.bytes(directory.toBytes()).bytes(compressed).pad(4);
  return out.toBytes();
}

/**
 * The WebAssembly build of Google's WOFF2 encoder (npm woff2-encoder, Brotli quality 11): runs in Node, browsers and
 * workers alike, so it is the default. It is loaded on first use, so OTF-only callers (the live preview) never load it.
 */
export const wasmWoff2Encoder: Woff2Encoder = async (sfnt) => {
  const { compress } = await import("woff2-encoder");
  return compress(sfnt);
};
