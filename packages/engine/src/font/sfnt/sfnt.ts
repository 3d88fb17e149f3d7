import { ByteWriter } from "./binary.ts";

/** The sfnt version tag: "OTTO" for CFF outlines, 0x00010000 for TrueType outlines. */
export type SfntFlavor = "OTTO" | "TrueType";

function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded =
    data.length % 4 === 0
      ? data
      : (() => {
          const copy = new Uint8Array(data.length + (4 - (data.length % 4)));
          copy.set(data);
          return copy;
        })();
  const view = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

/**
 * Assembles tables into an sfnt file: directory sorted by tag, 4-byte aligned tables, per-table checksums and the
 * head.checkSumAdjustment that makes the whole file sum to 0xB1B0AFBA.
 */
export function assembleSfnt(flavor: SfntFlavor, tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const numTables = tags.length;
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = 2 ** entrySelector * 16;
  const out = new ByteWriter();
  if (flavor === "OTTO") out.tag("OTTO");
  else out.u32(0x00010000);
  out
    .u16(numTables)
    .u16(searchRange)
    .u16(entrySelector)
    .u16(numTables * 16 - searchRange);
  let offset = 12 + numTables * 16;
  const placed: { tag: string; data: Uint8Array; offset: number }[] = [];
  for (const tag of tags) {
    const data = tables.get(tag)!;
    if (tag === "head") data.fill(0, 8, 12); // checkSumAdjustment is computed over the file with it zeroed
    out.tag(tag).u32(checksum(data)).u32(offset).u32(data.length);
    placed.push({ tag, data, offset });
    offset += Math.ceil(data.length / 4) * 4;
  }
  for (const { data } of placed) out.bytes(data).pad(4);
  const file = out.toBytes();
  const head = placed.find((table) => table.tag === "head");
  if (head) {
    const adjustment = (0xb1b0afba - checksum(file)) >>> 0;
    new DataView(file.buffer).setUint32(head.offset + 8, adjustment);
  }
  return file;
}

/** Reads the table directory of an sfnt file into tag → bytes (used to splice and to test). */
export function readSfntTables(file: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const numTables = view.getUint16(4);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    const tag = String.fromCharCode(file[entry]!, file[entry + 1]!, file[entry + 2]!, file[entry + 3]!);
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    tables.set(tag, file.subarray(offset, offset + length));
  }
  return tables;
}
