// Synthetic handwriting for tests and the benchmark: outlines of Caveat (SIL OFL 1.1, npm @fontsource/caveat,
// © The Caveat Project Authors) turned into a FontProject with the ink moved to a random x, as a scan would give.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import opentype, { type Font } from "opentype.js";
import { DEFAULT_FONT_SETTINGS, type FontGlyph, type FontProject } from "../font/project.ts";

const require = createRequire(import.meta.url);

function loadSubset(subset: "latin" | "cyrillic"): Font {
  const file = require.resolve(`@fontsource/caveat/files/caveat-${subset}-400-normal.woff`);
  const bytes = readFileSync(file);
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

let fonts: { latin: Font; cyrillic: Font } | null = null;

/** The Latin and Cyrillic Caveat subsets, parsed once. */
export function caveatFonts(): { latin: Font; cyrillic: Font } {
  fonts ??= { latin: loadSubset("latin"), cyrillic: loadSubset("cyrillic") };
  return fonts;
}

/** The Caveat font that draws `char` (Latin subset first). */
export function caveatFontFor(char: string): Font | null {
  const { latin, cyrillic } = caveatFonts();
  if (latin.hasChar(char)) return latin;
  if (cyrillic.hasChar(char)) return cyrillic;
  return null;
}

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SVG path data of a Caveat glyph in font units (y up), moved by dx and optionally slanted/scaled to fake a variant. */
export function caveatPath(char: string, dx: number, variant = 0): string {
  const font = caveatFontFor(char);
  if (!font) throw new Error(`Caveat does not draw ${char}`);
  const glyph = font.charToGlyph(char);
  // Variants: a slight slant and width change, as two handwritten copies of a letter differ.
  const slant = [0, 0.06, -0.05, 0.1][variant % 4]!;
  const widen = [1, 0.95, 1.05, 0.9][variant % 4]!;
  const f = (n: number) => Math.round(n * 100) / 100;
  const map = (x = 0, y = 0) => `${f(x * widen + y * slant + dx)} ${f(y)}`;
  return glyph.path.commands
    .map((c) => {
      switch (c.type) {
        case "M":
          return `M${map(c.x, c.y)}`;
        case "L":
          return `L${map(c.x, c.y)}`;
        case "Q":
          return `Q${map(c.x1, c.y1)} ${map(c.x, c.y)}`;
        case "C":
          return `C${map(c.x1, c.y1)} ${map(c.x2, c.y2)} ${map(c.x, c.y)}`;
        default:
          return "Z";
      }
    })
    .join("");
}

export const CAVEAT_LATIN = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'\"-()´`¨^~¸ˆ˜"];
export const CAVEAT_CYRILLIC = [..."абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯіїєґ"];

/**
 * A FontProject drawn with Caveat: every character of `chars` Caveat has, `variants` forms each (variant indices
 * start at 1, as the template labels them), the ink placed at a random x, plus the given ligatures.
 */
export function caveatProject(
  options: { chars?: string[]; variants?: number; ligatures?: string[]; seed?: number; family?: string } = {},
): FontProject {
  const random = seededRandom(options.seed ?? 7);
  const glyphs: FontGlyph[] = [];
  const chars = options.chars ?? [...CAVEAT_LATIN, ...CAVEAT_CYRILLIC];
  for (const char of chars) {
    if (!caveatFontFor(char)) continue;
    for (let variant = 1; variant <= (options.variants ?? 1); variant++) {
      glyphs.push({ chars: char, variant, path: caveatPath(char, -300 + random() * 900, variant - 1) });
    }
  }
  for (const ligature of options.ligatures ?? []) {
    // A ligature drawn as its letters overlapping slightly, as a joined pair would be written.
    let x = -200 + random() * 400;
    const parts: string[] = [];
    for (const char of ligature) {
      const glyph = caveatFontFor(char)!.charToGlyph(char);
      const box = glyph.getBoundingBox();
      parts.push(caveatPath(char, x - box.x1));
      x += box.x2 - box.x1 - 20;
    }
    glyphs.push({ chars: ligature, variant: 1, path: parts.join("") });
  }
  return {
    schemaVersion: 1,
    family: options.family ?? "Caveat Test",
    style: "Regular",
    designer: "Handfont tests",
    version: "1.000",
    licence: { kind: "OFL-1.1" },
    weight: 400,
    glyphs,
    settings: { ...DEFAULT_FONT_SETTINGS },
  };
}
