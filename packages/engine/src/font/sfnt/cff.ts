import type { Outline } from "../../outline/types.ts";
import type { FontPlan } from "../plan.ts";
import { ByteWriter } from "./binary.ts";
import { CFF_STANDARD_STRINGS } from "./cff-standard-strings.ts";

function pushNumber(out: number[], value: number): void {
  const v = Math.round(value);
  if (v >= -107 && v <= 107) out.push(v + 139);
  else if (v >= 108 && v <= 1131) out.push(((v - 108) >> 8) + 247, (v - 108) & 0xff);
  else if (v >= -1131 && v <= -108) out.push(((-v - 108) >> 8) + 251, (-v - 108) & 0xff);
  else out.push(28, (v >> 8) & 0xff, v & 0xff);
}

/** Encodes one outline, moved right by dx, as a Type 2 charstring with its advance width (nominalWidthX is 0). */
export function encodeCharstring(outline: Outline, advance: number, dx = 0): Uint8Array {
  const out: number[] = [];
  pushNumber(out, advance);
  // Starting the pen at -dx moves every (relative) coordinate right by dx.
  let x = -dx;
  let y = 0;
  let pending: number[] = [];
  let pendingOp = 0;
  // The Type 2 argument stack holds 48 values: flush batches of lines (pairs) and curves (6-tuples) before it fills.
  const flush = () => {
    if (pending.length === 0) return;
    for (const value of pending) pushNumber(out, value);
    out.push(pendingOp);
    pending = [];
  };
  const queue = (op: number, values: number[], maxArgs: number) => {
    if (pendingOp !== op || pending.length + values.length > maxArgs) flush();
    pendingOp = op;
    pending.push(...values);
  };
  for (const contour of outline) {
    flush();
    pushNumber(out, contour.start.x - x);
    pushNumber(out, contour.start.y - y);
    out.push(21); // rmoveto
    x = contour.start.x;
    y = contour.start.y;
    for (const s of contour.segments) {
      if (s.type === "L") queue(5, [s.x - x, s.y - y], 48);
      else queue(8, [s.x1 - x, s.y1 - y, s.x2 - s.x1, s.y2 - s.y1, s.x - s.x2, s.y - s.y2], 48);
      x = s.x;
      y = s.y;
    }
  }
  flush();
  out.push(14); // endchar
  return Uint8Array.from(out);
}

function writeIndex(out: ByteWriter, items: Uint8Array[]): void {
  out.u16(items.length);
  if (items.length === 0) return;
  const total = items.reduce((sum, item) => sum + item.length, 0) + 1;
  const offSize = total < 0x100 ? 1 : total < 0x10000 ? 2 : total < 0x1000000 ? 3 : 4;
  out.u8(offSize);
  let offset = 1;
  const writeOffset = (value: number) => {
    for (let shift = (offSize - 1) * 8; shift >= 0; shift -= 8) out.u8((value >>> shift) & 0xff);
  };
  writeOffset(offset);
  for (const item of items) {
    offset += item.length;
    writeOffset(offset);
  }
  for (const item of items) out.bytes(item);
}

function dictNumber(out: number[], value: number, fixedSize = false): void {
  const v = Math.round(value);
  if (fixedSize || v < -32768 || v > 32767) {
    out.push(29, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  } else if (v >= -107 && v <= 107) out.push(v + 139);
  else if (v >= 108 && v <= 1131) out.push(((v - 108) >> 8) + 247, (v - 108) & 0xff);
  else if (v >= -1131 && v <= -108) out.push(((-v - 108) >> 8) + 251, (-v - 108) & 0xff);
  else out.push(28, (v >> 8) & 0xff, v & 0xff);
}

const ascii = (text: string) => Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 128 ? c.charCodeAt(0) : 63)));

/**
 * CFF (version 1) table: one font, standard encoding, custom charset of glyph names, no subroutines.
 * `charstrings` may be passed in precomputed (the live preview caches them per glyph).
 */
export function writeCff(
  plan: FontPlan,
  charstrings: Uint8Array[],
  asciiFamily: string,
  asciiFullName: string,
): Uint8Array {
  const standard = new Map(CFF_STANDARD_STRINGS.map((name, index) => [name, index]));
  const custom: string[] = [];
  const sid = (text: string): number => {
    const known = standard.get(text);
    if (known !== undefined) return known;
    standard.set(text, 391 + custom.length);
    custom.push(text);
    return 390 + custom.length;
  };
  const bounds = plan.glyphs.reduce(
    (box, glyph) =>
      glyph.bbox
        ? [
            Math.min(box[0]!, glyph.bbox.xMin),
            Math.min(box[1]!, glyph.bbox.yMin),
            Math.max(box[2]!, glyph.bbox.xMax),
            Math.max(box[3]!, glyph.bbox.yMax),
          ]
        : box,
    [0, 0, 0, 0],
  );
  const weight = plan.weight >= 700 ? "Bold" : "Regular";
  const topStrings = [
    [0, sid(plan.names.version)],
    [1, sid(plan.names.copyright.replace(/[^\x20-\x7e]/g, "?"))],
    [2, sid(asciiFullName)],
    [3, sid(asciiFamily)],
    [4, sid(weight)],
  ] as const;
  const charset = plan.glyphs.slice(1).map((glyph) => sid(glyph.name));

  const topDict = (charsetOffset: number, charStringsOffset: number, privateSize: number, privateOffset: number) => {
    const dict: number[] = [];
    for (const [op, value] of topStrings) {
      dictNumber(dict, value);
      dict.push(op);
    }
    for (const value of bounds) dictNumber(dict, value);
    dict.push(5);
    dictNumber(dict, charsetOffset, true);
    dict.push(15);
    dictNumber(dict, charStringsOffset, true);
    dict.push(17);
    dictNumber(dict, privateSize, true);
    dictNumber(dict, privateOffset, true);
    dict.push(18);
    return Uint8Array.from(dict);
  };
  const privateDict: number[] = [];
  dictNumber(privateDict, 0);
  privateDict.push(20); // defaultWidthX
  dictNumber(privateDict, 0);
  privateDict.push(21); // nominalWidthX
  const privateBytes = Uint8Array.from(privateDict);

  const front = new ByteWriter().u8(1).u8(0).u8(4).u8(4);
  writeIndex(front, [ascii(plan.names.postScriptName)]);
  const topSize = topDict(0, 0, 0, 0).length;
  const strings = new ByteWriter();
  writeIndex(strings, custom.map(ascii));
  writeIndex(strings, []); // global subroutines
  const charsetBytes = new ByteWriter().u8(0);
  for (const value of charset) charsetBytes.u16(value);
  const charStringsIndex = new ByteWriter();
  writeIndex(charStringsIndex, charstrings);

  const topIndexSize = 2 + 1 + 2 * 1 + topSize; // one item; offSize 1 holds it since the dict is small
  const charsetOffset = front.length + topIndexSize + strings.length;
  const charStringsOffset = charsetOffset + charsetBytes.length;
  const privateOffset = charStringsOffset + charStringsIndex.length;
  const top = topDict(charsetOffset, charStringsOffset, privateBytes.length, privateOffset);
  const out = new ByteWriter().bytes(front.toBytes());
  writeIndex(out, [top]);
  out.bytes(strings.toBytes()).bytes(charsetBytes.toBytes()).bytes(charStringsIndex.toBytes()).bytes(privateBytes);
  return out.toBytes();
}
