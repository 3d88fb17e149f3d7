import { FontError } from "./errors.ts";

/** The container formats a font file may come in. */
export type FontFileFormat = "truetype" | "cff" | "collection" | "woff" | "woff2";

const tag = (bytes: Uint8Array, at = 0) =>
  bytes.length < at + 4 ? "" : String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

/** The container a font file's first bytes announce, or null when they announce none. */
export function fontFileFormat(bytes: Uint8Array): FontFileFormat | null {
  const signature = tag(bytes);
  if (signature === "\u0000\u0001\u0000\u0000" || signature === "true") return "truetype";
  if (signature === "OTTO") return "cff";
  if (signature === "ttcf") return "collection";
  if (signature === "wOFF") return "woff";
  if (signature === "wOF2") return "woff2";
  return null;
}

const notAFont = (why: string) => new FontError("FONT_FILE_UNREADABLE", `this is not a font file we can read: ${why}`);

/**
 * The plain sfnt (OpenType/TrueType) inside a font file: OTF, TTF and collections as they are, WOFF and WOFF2
 * unpacked (WOFF2 with Google's decoder compiled to wasm, loaded only when needed). Throws FONT_FILE_UNREADABLE for
 * anything else, or for a container whose tables do not add up.
 */
export async function sfntFromFontFile(bytes: Uint8Array): Promise<Uint8Array> {
  const format = fontFileFormat(bytes);
  if (!format) throw notAFont("its first bytes are not those of OTF, TTF, WOFF or WOFF2");
  let sfnt = bytes;
  if (format === "woff2") {
    const { default: decompress } = await import("woff2-encoder/decompress");
    try {
      sfnt = await decompress(bytes);
    } catch (cause) {
      throw notAFont(`the WOFF2 data is damaged (${String((cause as Error)?.message ?? cause)})`);
    }
  } else if (format === "woff") {
    sfnt = await unpackWoff(bytes);
  }
  if (format !== "collection") checkTableDirectory(sfnt);
  return sfnt;
}

/** Every table of the directory lies inside the file, and the tables a font cannot do without are there. */
function checkTableDirectory(sfnt: Uint8Array) {
  if (sfnt.length < 12) throw notAFont("the file is truncated");
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const count = view.getUint16(4);
  if (count === 0 || 12 + 16 * count > sfnt.length) throw notAFont("its table directory is damaged");
  const tags = new Set<string>();
  for (let i = 0; i < count; i++) {
    const entry = 12 + 16 * i;
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    if (offset + length > sfnt.length) throw notAFont(`its "${tag(sfnt, entry)}" table lies outside the file`);
    tags.add(tag(sfnt, entry));
  }
  for (const required of ["cmap", "head", "hmtx"]) {
    if (!tags.has(required)) throw notAFont(`it has no "${required}" table`);
  }
  if (!tags.has("glyf") && !tags.has("CFF ") && !tags.has("CFF2")) throw notAFont("it has no glyph outlines");
}

/** Unpacks a WOFF 1.0 file: its tables are stored as they are or zlib-compressed (W3C WOFF 1.0 §5–6). */
async function unpackWoff(woff: Uint8Array): Promise<Uint8Array> {
  if (woff.length < 44) throw notAFont("the WOFF header is truncated");
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const count = view.getUint16(12);
  if (44 + 20 * count > woff.length) throw notAFont("the WOFF table directory is damaged");
  const tables: { tag: string; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 44 + 20 * i;
    const offset = view.getUint32(entry + 4);
    const compressed = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    if (offset + compressed > woff.length || compressed > length) throw notAFont("a WOFF table is damaged");
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed === length ? stored : await inflate(stored);
    if (data.length !== length) throw notAFont("a WOFF table does not unpack to its size");
    tables.push({ tag: tag(woff, entry), checksum: view.getUint32(entry + 16), data });
  }
  const headerLength = 12 + 16 * count;
  const padded = (n: number) => (n + 3) & ~3;
  const out = new Uint8Array(headerLength + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const writer = new DataView(out.buffer);
  writer.setUint32(0, view.getUint32(4));
  writer.setUint16(4, count);
  const power = 2 ** Math.floor(Math.log2(Math.max(1, count)));
  writer.setUint16(6, power * 16);
  writer.setUint16(8, Math.log2(power));
  writer.setUint16(10, count * 16 - power * 16);
  let at = headerLength;
  tables.forEach((table, i) => {
    const entry = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[entry + k] = table.tag.charCodeAt(k);
    writer.setUint32(entry + 4, table.checksum);
    writer.setUint32(entry + 8, at);
    writer.setUint32(entry + 12, table.data.length);
    out.set(table.data, at);
    at += padded(table.data.length);
  });
  return out;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  try {
    const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    throw notAFont("a WOFF table cannot be unpacked");
  }
}
