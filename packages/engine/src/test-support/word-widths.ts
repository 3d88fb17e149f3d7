// The spacing measurement: words set in a font compiled from synthetic handwriting against the same words set in
// the handwriting's source font (Caveat), both with kerning, at the same scale.
import opentype from "opentype.js";
import { compileFontSync } from "../font/compile.ts";
import type { FontProject } from "../font/project.ts";
import { caveatFontFor } from "./caveat.ts";

export const SPACING_WORDS = [
  "Handwriting",
  "minimum",
  "typography",
  "quick",
  "brown",
  "jumps",
  "lazy",
  "Wolf",
  "Kerning",
  "office",
  "Привет",
  "шрифт",
  "письмо",
  "AVATAR",
  "Toyota",
  "illicit",
  "banana",
  "Mississippi",
  "zigzag",
  "quaint",
];

/** Relative width difference per word (compiled / source − 1). */
export function wordWidthDeviations(project: FontProject, words: string[]): { word: string; deviation: number }[] {
  const { fonts } = compileFontSync(project, ["otf"], { timestamp: 0 });
  const compiled = opentype.parse(fonts.otf!.slice().buffer as ArrayBuffer);
  return words.map((word) => {
    const source = caveatFontFor(word[0]!)!;
    const deviation =
      compiled.getAdvanceWidth(word, 1000, { kerning: true }) / source.getAdvanceWidth(word, 1000, { kerning: true }) -
      1;
    return { word, deviation };
  });
}
