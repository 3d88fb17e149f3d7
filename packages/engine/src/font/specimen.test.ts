import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { caveatProject } from "../test-support/caveat.ts";
import { compileFontSync } from "./compile.ts";
import { FontError } from "./errors.ts";
import { nodeWoff2Encoder } from "./node/woff2-node.ts";
import { rasterizeCoverage } from "./rasterize.ts";
import { readSfntTables } from "./sfnt/sfnt.ts";
import { renderSpecimen } from "./specimen.ts";
import { chooseSpecimenText, fontUnicodes } from "./specimen-text.ts";

/** A WOFF 1.0 file of an sfnt (W3C WOFF 1.0 §4–5): tables zlib-compressed where that makes them smaller. */
function woff1(sfnt: Uint8Array): Uint8Array {
  const tables = [...readSfntTables(sfnt)].map(([tag, data]) => {
    const deflated = deflateSync(data);
    return { tag, data, packed: deflated.length < data.length ? deflated : data };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const size = 44 + 20 * tables.length + tables.reduce((s, t) => s + pad(t.packed.length), 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([..."wOFF"].map((c) => c.charCodeAt(0)));
  view.setUint32(4, new DataView(sfnt.buffer, sfnt.byteOffset).getUint32(0));
  view.setUint32(8, size);
  view.setUint16(12, tables.length);
  let at = 44 + 20 * tables.length;
  tables.forEach((t, i) => {
    const entry = 44 + 20 * i;
    out.set(
      [...t.tag].map((c) => c.charCodeAt(0)),
      entry,
    );
    view.setUint32(entry + 4, at);
    view.setUint32(entry + 8, t.packed.length);
    view.setUint32(entry + 12, t.data.length);
    out.set(t.packed, at);
    at += pad(t.packed.length);
  });
  return out;
}

describe("specimen", () => {
  it("rasterises with exact area coverage and nonzero winding", () => {
    const square = [
      { x: 2, y: 2 },
      { x: 6, y: 2 },
      { x: 6, y: 6 },
      { x: 2, y: 6 },
    ];
    const half = [
      { x: 0.5, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0.5, y: 1 },
    ];
    const coverage = rasterizeCoverage([square, square, half], 8, 8);
    expect(coverage[3 * 8 + 3]).toBe(1);
    expect(coverage[0]).toBeCloseTo(0.5, 5);
    expect(coverage[7 * 8 + 7]).toBe(0);
  });

  it("sets text in the font: ink on the baseline, paper elsewhere", async () => {
    const font = compileFontSync(caveatProject({ chars: [..."Hno"] }), ["otf"], { timestamp: 0 }).fonts.otf!;
    const image = await renderSpecimen(font, "Hon", { size: 40, padding: 10 });
    expect(image.width).toBeGreaterThan(60);
    expect(image.height).toBe(52 + 20);
    const dark = (x0: number, x1: number, y0: number, y1: number) => {
      let count = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if (image.data[(y * image.width + x) * 4]! < 128) count++;
      return count;
    };
    expect(dark(0, image.width, 0, 10)).toBe(0);
    expect(dark(10, image.width - 10, 20, 48)).toBeGreaterThan(100);
  });

  const fonts = compileFontSync(caveatProject({ chars: [..."Hnox"] }), ["otf", "ttf"], { timestamp: 0 }).fonts;

  it("renders WOFF2 and WOFF files exactly as the TrueType font inside them", async () => {
    const ttf = await renderSpecimen(fonts.ttf!, "Hon", { size: 40 });
    const woff2 = await renderSpecimen(nodeWoff2Encoder()(fonts.ttf!) as Uint8Array, "Hon", { size: 40 });
    const woff = await renderSpecimen(woff1(fonts.ttf!), "Hon", { size: 40 });
    expect(ttf.data.some((v) => v < 128)).toBe(true);
    expect(woff2.data).toEqual(ttf.data);
    expect(woff.data).toEqual(ttf.data);
  });

  it("refuses bytes that are not a font with a typed error", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(renderSpecimen(png, "Hon")).rejects.toMatchObject({ code: "FONT_FILE_UNREADABLE" });
    const truncated = fonts.otf!.subarray(0, 200);
    await expect(renderSpecimen(truncated, "Hon")).rejects.toBeInstanceOf(FontError);
    const badWoff2 = new Uint8Array([..."wOF2"].map((c) => c.charCodeAt(0)).concat(new Array(60).fill(7)));
    await expect(renderSpecimen(badWoff2, "Hon")).rejects.toMatchObject({ code: "FONT_FILE_UNREADABLE" });
  });

  it("leaves out characters the font lacks instead of drawing empty boxes", async () => {
    const withMissing = await renderSpecimen(fonts.otf!, "Hщo", { size: 40 });
    const without = await renderSpecimen(fonts.otf!, "Ho", { size: 40 });
    expect(withMissing.width).toBe(without.width);
    expect(withMissing.data).toEqual(without.data);
  });

  it("chooses a sample in the font's own script, or the font's own characters", async () => {
    const cyrillic = caveatProject({ chars: [..."абвгдеёжзийклмнопрстуфхцчшщъыьэюяСЕ,"] });
    const cyrillicFont = compileFontSync(cyrillic, ["otf"], { timestamp: 0 }).fonts.otf!;
    const text = chooseSpecimenText(await fontUnicodes(cyrillicFont));
    expect(text.startsWith("Съешь же ещё")).toBe(true);
    expect(chooseSpecimenText(await fontUnicodes(fonts.otf!))).toBe("H n o x");
    const lowercase = new Set([..."Tabcdefghijklmnopqrstuvwxyz ,"].map((c) => c.codePointAt(0)!));
    expect(chooseSpecimenText(lowercase, "hello, world")).toBe("hello, world");
    // Digits the font lacks are left out, not counted against the sentence.
    expect(chooseSpecimenText(lowercase)).toBe("The quick brown fox jumps\nover the lazy dog");
  });
});
