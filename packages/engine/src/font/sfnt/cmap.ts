import { ByteWriter } from "./binary.ts";

function format4(map: [number, number][]): Uint8Array {
  const bmp = map.filter(([code]) => code <= 0xfffe);
  // Segments of consecutive codes mapped to consecutive glyphs share one idDelta.
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const [code, glyph] of bmp) {
    const last = segments.at(-1);
    const delta = (glyph - code) & 0xffff;
    if (last && code === last.end + 1 && delta === last.delta) last.end = code;
    else segments.push({ start: code, end: code, delta });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const count = segments.length;
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= count) entrySelector++;
  const searchRange = 2 ** entrySelector * 2;
  const out = new ByteWriter()
    .u16(4)
    .u16(16 + count * 8)
    .u16(0)
    .u16(count * 2)
    .u16(searchRange)
    .u16(entrySelector)
    .u16(count * 2 - searchRange);
  for (const s of segments) out.u16(s.end);
  out.u16(0);
  for (const s of segments) out.u16(s.start);
  for (const s of segments) out.u16(s.delta);
  for (const _ of segments) out.u16(0);
  return out.toBytes();
}

function format12(map: [number, number][]): Uint8Array {
  const groups: { start: number; end: number; glyph: number }[] = [];
  for (const [code, glyph] of map) {
    const last = groups.at(-1);
    if (last && code === last.end + 1 && glyph === last.glyph + (code - last.start)) last.end = code;
    else groups.push({ start: code, end: code, glyph });
  }
  const out = new ByteWriter()
    .u16(12)
    .u16(0)
    .u32(16 + groups.length * 12)
    .u32(0)
    .u32(groups.length);
  for (const g of groups) out.u32(g.start).u32(g.end).u32(g.glyph);
  return out.toBytes();
}

/**
 * cmap with a format 4 subtable (BMP) and a format 12 subtable (full Unicode), each listed for the Unicode
 * platform and for Windows, so every engine finds the mapping it looks for.
 */
export function writeCmap(codeToGlyph: Map<number, number>): Uint8Array {
  const map = [...codeToGlyph.entries()].sort((a, b) => a[0] - b[0]);
  const bmp = format4(map);
  const full = format12(map);
  const header = 4 + 4 * 8;
  return new ByteWriter()
    .u16(0)
    .u16(4)
    .u16(0)
    .u16(3)
    .u32(header)
    .u16(0)
    .u16(4)
    .u32(header + bmp.length)
    .u16(3)
    .u16(1)
    .u32(header)
    .u16(3)
    .u16(10)
    .u32(header + bmp.length)
    .bytes(bmp)
    .bytes(full)
    .toBytes();
}
