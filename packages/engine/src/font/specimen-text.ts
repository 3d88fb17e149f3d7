import { sfntFromFontFile } from "./font-file.ts";

/** Sample sentences by writing system, each using most letters of its alphabet; the first that fits is shown. */
export const SPECIMEN_SAMPLES: readonly string[] = [
  "The quick brown fox jumps\nover the lazy dog 0123456789",
  "Съешь же ещё этих мягких\nфранцузских булок, да выпей чаю",
  "Чуєш їх, доцю, га? Кумедна ж ти,\nпрощайся без ґольфів!",
  "Zwölf Boxkämpfer jagen Viktor\nquer über den großen Sylter Deich",
  "Portez ce vieux whisky\nau juge blond qui fume",
];

// A sample counts as fitting when the font has this share of its letters; a font with a few letters drawn shows
// those letters instead of a sentence full of holes.
const ENOUGH = 0.85;

/** The text with every character the font lacks left out (line breaks kept), spaces tidied. */
export function coveredText(text: string, unicodes: ReadonlySet<number>): string {
  const kept = [...text].filter((ch) => ch === "\n" || ch === " " || unicodes.has(ch.codePointAt(0)!)).join("");
  return kept
    .split("\n")
    .map((line) => line.replace(/ {2,}/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}

/**
 * The words of a text that the font can set whole (line breaks kept, spaces tidied): a sample sentence shows "the
 * lazy dog" without "quick" rather than "the uick", when the font has no q.
 */
export function coveredWords(text: string, unicodes: ReadonlySet<number>): string {
  return text
    .split("\n")
    .map((line) =>
      line
        .split(" ")
        .filter((word) => word !== "" && [...word].every((ch) => unicodes.has(ch.codePointAt(0)!)))
        .join(" "),
    )
    .filter((line) => line.length > 0)
    .join("\n");
}

/** Share of a text's letters that the font has. */
function coverage(text: string, unicodes: ReadonlySet<number>): number {
  const letters = [...text].filter((ch) => /\p{L}/u.test(ch));
  return letters.filter((ch) => unicodes.has(ch.codePointAt(0)!)).length / Math.max(1, letters.length);
}

/**
 * What a specimen of this font should show: `preferred` when the font has nearly all its letters, else the first
 * sample sentence it has (a Cyrillic font gets a Cyrillic sentence), else the font's own characters, a few lines of
 * them. Words with a letter the font lacks are left out; never a character the font lacks.
 */
export function chooseSpecimenText(unicodes: ReadonlySet<number>, preferred?: string): string {
  const fitting = [preferred, ...SPECIMEN_SAMPLES]
    .filter((text): text is string => text !== undefined && coverage(text, unicodes) >= ENOUGH)
    .map((text) => coveredWords(text, unicodes))
    .find((text) => text !== "");
  if (fitting) return fitting;
  const own = [...unicodes]
    .filter((code) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(String.fromCodePoint(code)))
    .sort((a, b) => a - b)
    .map((code) => String.fromCodePoint(code));
  const lines: string[] = [];
  for (let i = 0; i < own.length && lines.length < 4; i += 16) lines.push(own.slice(i, i + 16).join(" "));
  return lines.join("\n");
}

/** The Unicode code points a font file (OTF, TTF, WOFF, WOFF2) maps to glyphs. */
export async function fontUnicodes(fontFile: Uint8Array): Promise<Set<number>> {
  const font = await sfntFromFontFile(fontFile);
  const hb = await import("harfbuzzjs");
  return new Set(new hb.Face(new hb.Blob(font)).collectUnicodes());
}

/** The specimen text for a font file: see chooseSpecimenText. */
export async function specimenText(fontFile: Uint8Array, preferred?: string): Promise<string> {
  return chooseSpecimenText(await fontUnicodes(fontFile), preferred);
}
