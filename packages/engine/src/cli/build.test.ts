import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import opentype from "opentype.js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { compileFontSync } from "../font/compile.ts";
import { caveatPath, caveatProject } from "../test-support/caveat.ts";
import { run as build } from "./build.ts";
import { main } from "./main.ts";
import { run as specimen } from "./specimen.ts";

const dir = mkdtempSync(join(tmpdir(), "handfont-cli-"));
const quiet = () => {};

describe("handfont build and specimen", () => {
  it("builds OTF, TTF and WOFF2 from the glyphs.json of handfont read, skipping empty cells", async () => {
    const scan = {
      unitsPerEm: 1000,
      glyphs: [
        ...[..."abc"].map((chars) => ({
          chars,
          variant: 1,
          page: 1,
          empty: false,
          path: caveatPath(chars, 300),
          bbox: null,
          warnings: [],
        })),
        { chars: "d", variant: 1, page: 1, empty: true, path: "", bbox: null, warnings: [] },
      ],
      pages: [],
    };
    writeFileSync(join(dir, "glyphs.json"), JSON.stringify(scan));
    const lines: string[] = [];
    const code = await build(
      ["--glyphs", join(dir, "glyphs.json"), "--name", "My Hand", "--out", join(dir, "out")],
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    for (const format of ["otf", "ttf", "woff2"])
      expect(lines.some((line) => line.includes(`MyHand-Regular.${format}`))).toBe(true);
    const font = opentype.parse(
      new Uint8Array(readFileSync(join(dir, "out", "MyHand-Regular.ttf"))).buffer as ArrayBuffer,
    );
    expect(font.hasChar("a")).toBe(true);
    expect(font.hasChar("d")).toBe(false);
  });

  it("builds from a FontProject with --no-randomize, --no-ligatures and --no-kerning", async () => {
    const project = caveatProject({ chars: [..."fiTo"], variants: 2, ligatures: ["fi"] });
    writeFileSync(join(dir, "project.json"), JSON.stringify(project));
    const args = ["--glyphs", join(dir, "project.json"), "--format", "otf", "--out", join(dir, "plain")];
    expect(await build([...args, "--no-randomize", "--no-ligatures", "--no-kerning"], quiet)).toBe(0);
    const font = opentype.parse(
      new Uint8Array(readFileSync(join(dir, "plain", "CaveatTest-Regular.otf"))).buffer as ArrayBuffer,
    );
    expect(font.tables.gsub).toBeUndefined();
    expect(font.tables.gpos).toBeUndefined();
    expect(font.numGlyphs).toBe(3 + 4);
  });

  it("answers usage errors with exit code 2 and invalid projects with 1", async () => {
    expect(await build([], quiet)).toBe(2);
    expect(await build(["--glyphs", "x.json", "--format", "svg"], quiet)).toBe(2);
    expect(await build(["--glyphs", "x.json", "--woff2-quality", "high"], quiet)).toBe(2);
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ schemaVersion: 1, family: "" }));
    const lines: string[] = [];
    expect(await build(["--glyphs", join(dir, "bad.json")], (line) => lines.push(line))).toBe(1);
    expect(lines[0]).toContain("FONT_PROJECT_INVALID");
    expect(await main(["nonsense"])).toBe(2);
  });

  it("renders a specimen PNG of a font file", async () => {
    const out = join(dir, "specimen.png");
    expect(
      await specimen(
        [join(dir, "out", "MyHand-Regular.otf"), "--text", "abc\\ncab", "--out", out, "--size", "40"],
        quiet,
      ),
    ).toBe(0);
    const png = readFileSync(out);
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
    const height = png.readUInt32BE(20);
    expect(height).toBe(2 * 52 + 2 * 13);
  });

  it("renders a WOFF2 font's specimen with ink, leaving out and naming what the font lacks", async () => {
    const out = join(dir, "specimen-woff2.png");
    const lines: string[] = [];
    const args = [join(dir, "out", "MyHand-Regular.woff2"), "--text", "abcxyz", "--out", out, "--size", "40"];
    expect(await specimen(args, (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toBe("left out, not in the font: x y z");
    const { data } = await sharp(readFileSync(out)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeLessThan(64);
  });

  it("renders a WOFF2 font's specimen with the same ink as the OTF's", async () => {
    const dark = async (file: string) => {
      const out = join(dir, `${file}.png`);
      expect(await specimen([join(dir, "out", file), "--text", "abc cab", "--out", out], quiet)).toBe(0);
      const { data } = await sharp(readFileSync(out)).greyscale().raw().toBuffer({ resolveWithObject: true });
      return data.filter((value) => value < 128).length;
    };
    const otf = await dark("MyHand-Regular.otf");
    expect(otf).toBeGreaterThan(1000);
    // The WOFF2 holds the TrueType outlines (quadratics), the OTF cubics: the same letters within a few pixels.
    expect(Math.abs((await dark("MyHand-Regular.woff2")) - otf) / otf).toBeLessThan(0.02);
  });

  it("shows a Cyrillic font a Cyrillic sample, only words it can set, every character in its cmap", async () => {
    const chars = [..."абвгдеёжзийклмнопрстуфхцчшщъыьэюяСЕ,"].filter((ch) => ch !== "щ");
    const { fonts } = compileFontSync(caveatProject({ chars }), ["otf"], { timestamp: 0 });
    writeFileSync(join(dir, "cyrillic.otf"), fonts.otf!);
    const lines: string[] = [];
    const args = [join(dir, "cyrillic.otf"), "--out", join(dir, "cyrillic.png")];
    expect(await specimen(args, (line) => lines.push(line))).toBe(0);
    const sample = lines.find((line) => line.startsWith("sample: "))!.slice("sample: ".length);
    const letters = [...sample].filter((ch) => /\p{L}/u.test(ch));
    expect(letters.length).toBeGreaterThan(20);
    expect(letters.every((ch) => /\p{Script=Cyrillic}/u.test(ch))).toBe(true);
    // "Съешь же ещё…" has a щ in "ещё": that word is left out whole, not shown as "её".
    expect(sample.split(/[ /]+/)).not.toContain("её");
    const cmap = opentype.parse(fonts.otf!.buffer.slice(0) as ArrayBuffer);
    expect([...sample.replaceAll(" / ", "")].filter((ch) => ch !== " " && !cmap.hasChar(ch))).toEqual([]);
    const { data } = await sharp(readFileSync(join(dir, "cyrillic.png")))
      .greyscale()
      .raw()
      .toBuffer({
        resolveWithObject: true,
      });
    expect(data.some((value) => value < 64)).toBe(true);
  });

  it("answers an unknown option with the usage and exit code 2, an unwritable output with 1", async () => {
    const lines: string[] = [];
    expect(await specimen([join(dir, "out", "MyHand-Regular.otf"), "--colour", "red"], (l) => lines.push(l))).toBe(2);
    expect(lines.join("\n")).toContain("Unknown option '--colour'");
    expect(lines.join("\n")).toContain("handfont specimen font.");
    expect(await build(["--glyphs", "x.json", "--fast"], quiet)).toBe(2);
    lines.length = 0;
    const args = [join(dir, "out", "MyHand-Regular.otf"), "--out", join(dir, "no", "such", "dir", "x.png")];
    expect(await specimen(args, (line) => lines.push(line))).toBe(1);
    expect(lines.at(-1)).toMatch(/^error: cannot write .*x\.png: ENOENT/);
  });

  it("reports a file that is not a font as a clear error, not a stack trace", async () => {
    writeFileSync(join(dir, "notes.txt"), "these are not glyphs");
    const lines: string[] = [];
    expect(await specimen([join(dir, "notes.txt"), "--out", join(dir, "x.png")], (line) => lines.push(line))).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^error: FONT_FILE_UNREADABLE: .*notes\.txt: this is not a font file we can read/),
    ]);
  });
});
