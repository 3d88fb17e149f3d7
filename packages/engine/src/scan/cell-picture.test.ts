import { inflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { LayoutCell } from "../template/layout-types.ts";
import { cellPicture, PICTURE_PX_PER_MM } from "./cell-picture.ts";

/** The RGBA pixels of an 8-bit PNG without filtering: RGBA (colour type 6) or a palette with opacities (type 3). */
function decodePng(png: Uint8Array): { width: number; height: number; colourType: number; rgba: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0;
  let height = 0;
  let colourType = 0;
  let palette: Uint8Array = new Uint8Array(0);
  let opacities: Uint8Array = new Uint8Array(0);
  const idat: Uint8Array[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") [width, height, colourType] = [view.getUint32(at + 8), view.getUint32(at + 12), png[at + 17]!];
    if (type === "PLTE") palette = data;
    if (type === "tRNS") opacities = data;
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const channels = colourType === 6 ? 4 : 1;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = y * (width * channels + 1) + 1 + x * channels;
      const to = (y * width + x) * 4;
      if (channels === 4) rgba.set(raw.subarray(from, from + 4), to);
      else {
        // Entries past the end of tRNS are opaque (PNG 11.3.2.1).
        const index = raw[from]!;
        rgba.set([...palette.subarray(3 * index, 3 * index + 3), opacities[index] ?? 255], to);
      }
    }
  }
  return { width, height, colourType, rgba };
}

describe("a box's picture for tracing", () => {
  // A page at 10 px/mm with one box at (20, 30) mm, 20 mm wide and high, its baseline 15 mm below its top, one em
  // 10 mm; a dark bar is written from 25 to 27 mm across and 32 to 45 mm down.
  const pxPerMm = 10;
  const page = { width: 600, height: 800, data: new Uint8Array(600 * 800).fill(230) };
  for (let y = 320; y < 450; y++) for (let x = 250; x < 270; x++) page.data[y * 600 + x] = 30;
  const cell = {
    page: 1,
    chars: "l",
    variant: 1,
    box: { x: 20, y: 30, width: 20, height: 20 },
    baselineY: 45,
    emMm: 10,
    label: "l",
  } satisfies LayoutCell;
  const identity = [pxPerMm, 0, 0, 0, pxPerMm, 0, 0, 0, 1];

  it("lies where the box lies in the letter's font units (x from the box's left, y up from its baseline)", () => {
    const { box } = cellPicture(page, identity, cell);
    // 0.7 mm inside the printed box, 100 units a millimetre.
    expect(box).toEqual({ xMin: 70, xMax: 1930, yMin: -430, yMax: 1430 });
  });

  it("keeps ink opaque and the paper clear, at the picture's resolution", () => {
    const { png } = cellPicture(page, identity, cell);
    const picture = decodePng(png);
    expect(picture.width).toBe(Math.round(18.6 * PICTURE_PX_PER_MM));
    const alphaAt = (mmX: number, mmY: number) => {
      const col = Math.floor((mmX - 20.7) * PICTURE_PX_PER_MM);
      const row = Math.floor((mmY - 30.7) * PICTURE_PX_PER_MM);
      return picture.rgba[(row * picture.width + col) * 4 + 3]!;
    };
    expect(alphaAt(26, 40)).toBe(255);
    expect(alphaAt(35, 40)).toBe(0);
    expect(alphaAt(26, 48)).toBe(0);
  });

  it("is grey 96 everywhere, kept as a palette of that grey at every opacity (a byte a pixel)", () => {
    const picture = decodePng(cellPicture(page, identity, cell).png);
    expect(picture.colourType).toBe(3);
    for (let i = 0; i < picture.rgba.length; i += 4) expect([...picture.rgba.subarray(i, i + 3)]).toEqual([96, 96, 96]);
  });

  it("shows the same pixels in libvips (sharp) as the PNG rules give", async () => {
    const { png } = cellPicture(page, identity, cell);
    const ours = decodePng(png);
    const theirs = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([theirs.info.width, theirs.info.height, theirs.info.channels]).toEqual([ours.width, ours.height, 4]);
    expect(new Uint8Array(theirs.data)).toEqual(ours.rgba);
  });
});
