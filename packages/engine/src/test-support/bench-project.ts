// The benchmark's font: 300 characters × 3 variants + 10 ligatures of synthetic handwriting (Caveat outlines, see
// caveat.ts), the ink of every glyph at a random x.

import type { FontProject } from "../font/project.ts";
import { caveatFontFor, caveatPath, caveatProject, seededRandom } from "./caveat.ts";

/** 300 characters: Latin, digits, punctuation, Cyrillic, then Latin-1 and Latin Extended-A letters. */
export function benchCharacters(count = 300): string[] {
  const chars = new Set<string>([
    ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'\"-()",
    ..."абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯіїєґ",
  ]);
  for (let code = 0xc0; chars.size < count && code <= 0x17f; code++) {
    if (code !== 0xd7 && code !== 0xf7) chars.add(String.fromCodePoint(code));
  }
  return [...chars].slice(0, count);
}

export const BENCH_LIGATURES = ["ff", "fi", "fl", "th", "tt", "oo", "ll", "ст", "то", "ing"];

/** Path data for any character: Caveat's own glyph, its base letter's, or a Caveat letter chosen by code point. */
function pathFor(char: string, dx: number, variant: number): string {
  if (caveatFontFor(char)) return caveatPath(char, dx, variant);
  const base = char.normalize("NFD")[0]!;
  if (caveatFontFor(base)) return caveatPath(base, dx, variant);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return caveatPath(letters[char.codePointAt(0)! % letters.length]!, dx, variant);
}

/** The benchmark project: 300 characters × `variants` forms (900 glyphs) plus 10 ligatures. */
export function benchProject(variants = 3, seed = 11): FontProject {
  const project = caveatProject({ chars: [], ligatures: BENCH_LIGATURES, seed, family: "Bench Hand" });
  const random = seededRandom(seed);
  for (const char of benchCharacters()) {
    for (let variant = 1; variant <= variants; variant++) {
      project.glyphs.push({ chars: char, variant, path: pathFor(char, -300 + random() * 900, variant - 1) });
    }
  }
  return project;
}
