import type { FontNames } from "../plan.ts";
import { ByteWriter } from "./binary.ts";

const ribbi = new Set(["Regular", "Italic", "Bold", "Bold Italic"]);

/** name table records (Windows platform, US English, UTF-16BE) in name-id order. */
export function nameRecords(names: FontNames): [number, string][] {
  const records: [number, string][] = [];
  const add = (id: number, text: string) => {
    if (text !== "") records.push([id, text]);
  };
  // Styles beyond Regular/Italic/Bold/Bold Italic go into the family name (ids 1/2) plus typographic ids 16/17.
  const isRibbi = ribbi.has(names.style);
  add(0, names.copyright);
  add(1, isRibbi ? names.family : `${names.family} ${names.style}`);
  add(2, isRibbi ? names.style : "Regular");
  add(3, names.uniqueId);
  add(4, names.fullName);
  add(5, `Version ${names.version}`);
  add(6, names.postScriptName);
  add(8, "Handfont");
  add(9, names.designer);
  add(10, "Made from handwriting with Handfont");
  add(13, names.licence);
  add(14, names.licenceUrl);
  if (!isRibbi) {
    add(16, names.family);
    add(17, names.style);
  }
  return records;
}

/** name table version 0 with Windows Unicode BMP records. */
export function writeName(names: FontNames): Uint8Array {
  const records = nameRecords(names);
  const strings = new ByteWriter();
  const out = new ByteWriter()
    .u16(0)
    .u16(records.length)
    .u16(6 + records.length * 12);
  for (const [id, text] of records) {
    const offset = strings.length;
    for (let i = 0; i < text.length; i++) strings.u16(text.charCodeAt(i));
    out
      .u16(3)
      .u16(1)
      .u16(0x409)
      .u16(id)
      .u16(strings.length - offset)
      .u16(offset);
  }
  return out.bytes(strings.toBytes()).toBytes();
}
