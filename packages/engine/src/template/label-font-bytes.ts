import { LABEL_FONT_BASE64 } from "./label-font.ts";

/** DejaVu Sans cap height is 0.729 em; label sizes are given as cap heights. */
export const LABEL_FONT_CAP_HEIGHT = 0.729;

let bytes: Uint8Array | undefined;

/** The TrueType bytes of the label font (a DejaVu Sans subset covering Latin, Greek and Cyrillic). */
export function labelFontBytes(): Uint8Array {
  if (bytes) return bytes;
  // A plain loop: Uint8Array.from with a mapping function calls it once a byte, and in a thread that has not run it
  // before that took 17 ms for the font's 42 kB (each reading thread does this once), the loop 2 ms.
  const text = atob(LABEL_FONT_BASE64);
  bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** What the reader and the templates need of the label font: which glyph a character has, and how wide it is. */
type LabelMetrics = {
  unitsPerEm: number;
  glyphOf: (codePoint: number) => number;
  advanceOf: (glyph: number) => number;
};

let metrics: LabelMetrics | undefined;

/**
 * The label font's character map (format 4 or 12) and horizontal advances, read from its tables: the reader needs the
 * labels' widths on every page and must not load a font library for them.
 */
function labelMetrics(): LabelMetrics {
  if (metrics) return metrics;
  const font = labelFontBytes();
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0, at = 12; i < view.getUint16(4); i++, at += 16) {
    tables.set(String.fromCharCode(...font.subarray(at, at + 4)), view.getUint32(at + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`The label font has no ${tag} table.`);
    return offset;
  };
  const cmap = table("cmap");
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0, at = cmap + 4; i < view.getUint16(cmap + 2); i++, at += 8) {
    const subtable = cmap + view.getUint32(at + 4);
    const format = view.getUint16(subtable);
    if (format === 12) format12 = subtable;
    else if (format === 4) format4 ??= subtable;
  }
  const glyphOf = (codePoint: number): number => {
    if (format12 !== undefined) {
      for (let i = 0, at = format12 + 16; i < view.getUint32(format12 + 12); i++, at += 12) {
        const start = view.getUint32(at);
        if (codePoint >= start && codePoint <= view.getUint32(at + 4))
          return view.getUint32(at + 8) + codePoint - start;
      }
      return 0;
    }
    if (format4 === undefined || codePoint > 0xffff) return 0;
    const segments = view.getUint16(format4 + 6) / 2;
    const ends = format4 + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const rangeOffsets = deltas + 2 * segments;
    for (let i = 0; i < segments; i++) {
      if (codePoint > view.getUint16(ends + 2 * i)) continue;
      const start = view.getUint16(starts + 2 * i);
      if (codePoint < start) return 0;
      const delta = view.getUint16(deltas + 2 * i);
      const rangeOffset = view.getUint16(rangeOffsets + 2 * i);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + 2 * i + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
  const hmtx = table("hmtx");
  const longMetrics = view.getUint16(table("hhea") + 34);
  const advanceOf = (glyph: number) => view.getUint16(hmtx + 4 * Math.min(glyph, longMetrics - 1));
  metrics = { unitsPerEm: view.getUint16(table("head") + 18), glyphOf, advanceOf };
  return metrics;
}

/** Whether the label font can print every character of a text; others are printed as U+XXXX. */
export function labelFontCovers(text: string): boolean {
  const { glyphOf } = labelMetrics();
  for (const ch of text) if (glyphOf(ch.codePointAt(0)!) === 0) return false;
  return true;
}

/** The text printed for a label: the characters themselves when the font has them, else their code points. */
export function printableLabel(label: string): string {
  if (labelFontCovers(label)) return label;
  const [chars = "", variant] = label.split(" ");
  const codes = Array.from(chars, (ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
  return variant ? `${codes.join(" ")} ${variant}` : codes.join(" ");
}

const widths = new Map<string, number>();

/** How wide a label prints (the text printableLabel gives it), in the label's cap heights: its glyphs' advances. */
export function labelWidthInCapHeights(label: string): number {
  let width = widths.get(label);
  if (width === undefined) {
    const { unitsPerEm, glyphOf, advanceOf } = labelMetrics();
    let advance = 0;
    for (const ch of printableLabel(label)) advance += advanceOf(glyphOf(ch.codePointAt(0)!));
    width = advance / unitsPerEm / LABEL_FONT_CAP_HEIGHT;
    widths.set(label, width);
  }
  return width;
}
