import type { FontPlan } from "../plan.ts";
import { ByteWriter } from "./binary.ts";

/** OS/2 Unicode range bits for the blocks a handwriting font is likely to cover: [first, last, bit]. */
const unicodeRanges: [number, number, number][] = [
  [0x0000, 0x007f, 0],
  [0x0080, 0x00ff, 1],
  [0x0100, 0x017f, 2],
  [0x0180, 0x024f, 3],
  [0x0250, 0x02af, 4],
  [0x02b0, 0x02ff, 5],
  [0x0300, 0x036f, 6],
  [0x0370, 0x03ff, 7],
  [0x0400, 0x052f, 9],
  [0x1e00, 0x1eff, 29],
  [0x2000, 0x206f, 31],
  [0x20a0, 0x20cf, 33],
  [0x2100, 0x214f, 37],
  [0x2150, 0x218f, 38],
  [0x2190, 0x21ff, 39],
  [0x2200, 0x22ff, 40],
  [0xfb00, 0xfb4f, 62],
  [0x10000, 0x10ffff, 57],
];

/** OS/2 version 4: weight, installable embedding (fsType 0), USE_TYPO_METRICS, vertical metrics and ranges. */
export function writeOs2(plan: FontPlan, maxContext: number): Uint8Array {
  const codes = plan.glyphs.flatMap((glyph) => glyph.unicodes);
  const bmp = codes.filter((code) => code <= 0xffff);
  const ranges = [0, 0, 0, 0];
  for (const code of codes) {
    for (const [first, last, bit] of unicodeRanges) {
      if (code >= first && code <= last) ranges[bit >> 5]! |= 1 << (bit & 31);
    }
  }
  const has = (from: number, to: number) => codes.some((code) => code >= from && code <= to);
  // Code page bits: 0 Latin 1, 1 Latin 2, 2 Cyrillic.
  let codePages = 0;
  if (has(0x20, 0x7e) || has(0xa0, 0xff)) codePages |= 1;
  if (has(0x100, 0x17f)) codePages |= 2;
  if (has(0x400, 0x4ff)) codePages |= 4;
  const advances = plan.glyphs.map((glyph) => glyph.advance).filter((advance) => advance > 0);
  const averageWidth = advances.length ? Math.round(advances.reduce((a, b) => a + b, 0) / advances.length) : 0;
  const bold = plan.weight >= 700;
  const regular = !bold && !plan.italic;
  const fsSelection = (plan.italic ? 1 : 0) | (bold ? 1 << 5 : 0) | (regular ? 1 << 6 : 0) | (1 << 7);
  const m = plan.metrics;
  const out = new ByteWriter()
    .u16(4)
    .i16(averageWidth)
    .u16(Math.min(1000, Math.max(1, Math.round(plan.weight))))
    .u16(5)
    .u16(0) // fsType 0: installable embedding
    .i16(650)
    .i16(600)
    .i16(0)
    .i16(75)
    .i16(650)
    .i16(600)
    .i16(0)
    .i16(350)
    .i16(50)
    .i16(Math.round(m.xHeight / 2))
    .i16(0)
    // PANOSE family kind 3: Latin hand written; the other digits say "any".
    .bytes([3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  for (const range of ranges) out.u32(range);
  out
    .tag("NONE")
    .u16(fsSelection)
    .u16(bmp.length ? Math.min(...bmp) : 0)
    .u16(codes.length ? Math.min(0xffff, Math.max(...codes)) : 0)
    .i16(m.typoAscender)
    .i16(m.typoDescender)
    .i16(m.typoLineGap)
    .u16(m.winAscent)
    .u16(m.winDescent)
    .u32(codePages)
    .u32(0)
    .i16(m.xHeight)
    .i16(m.capHeight)
    .u16(0)
    .u16(32)
    .u16(maxContext);
  return out.toBytes();
}
