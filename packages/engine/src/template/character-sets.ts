import { TEMPLATE_MARKS } from "./marks.ts";

/**
 * The catalogue of character sets a template can hold (DESIGN.md §3). The web UI lists them by id and name;
 * the members are single Unicode code points in a sensible writing order.
 */

export const CHARACTER_SET_IDS = [
  "latin",
  "marks",
  "digits",
  "punctuation",
  "de",
  "fr",
  "es",
  "it",
  "ru",
  "uk",
  "quotes",
  "currency",
] as const;

export type CharacterSetId = (typeof CHARACTER_SET_IDS)[number];

export type CharacterSet = { id: CharacterSetId; name: string; members: readonly string[] };

const range = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let code = from.codePointAt(0)!; code <= to.codePointAt(0)!; code++) out.push(String.fromCodePoint(code));
  return out;
};
const chars = (text: string): string[] => Array.from(text.replace(/\s+/g, ""));

// Russian alphabetical order puts Ё after Е, which is not where Unicode has it.
const russianUpper = [...range("А", "Е"), "Ё", ...range("Ж", "Я")];
const russianLower = [...range("а", "е"), "ё", ...range("ж", "я")];

/** The sets a template holds unless the user chooses others: Latin letters with their accent marks, digits, punctuation. */
export const DEFAULT_CHARACTER_SETS: readonly CharacterSetId[] = ["latin", "marks", "digits", "punctuation"];

/** Every character set, in the order the UI shows them. */
export const CHARACTER_SETS: readonly CharacterSet[] = [
  { id: "latin", name: "Basic Latin letters", members: [...range("A", "Z"), ...range("a", "z")] },
  // Written once, the marks give the accented letters of most Latin-script languages (font/composites.ts).
  { id: "marks", name: "Accent marks", members: TEMPLATE_MARKS.map((mark) => mark.char) },
  { id: "digits", name: "Digits", members: range("0", "9") },
  {
    id: "punctuation",
    name: "Punctuation and symbols",
    members: chars(". , : ; ! ? ' \" ( ) [ ] { } - _ / \\ | @ # % & * + = < > ^ ~ `"),
  },
  { id: "de", name: "German letters", members: chars("Ä Ö Ü ẞ ä ö ü ß") },
  {
    id: "fr",
    name: "French letters",
    members: chars("À Â Æ Ç É È Ê Ë Î Ï Ô Œ Ù Û Ü Ÿ à â æ ç é è ê ë î ï ô œ ù û ü ÿ"),
  },
  { id: "es", name: "Spanish letters", members: chars("Á É Í Ñ Ó Ú Ü á é í ñ ó ú ü ¿ ¡") },
  { id: "it", name: "Italian letters", members: chars("À È É Ì Í Î Ò Ó Ù Ú à è é ì í î ò ó ù ú") },
  { id: "ru", name: "Russian Cyrillic", members: [...russianUpper, ...russianLower] },
  { id: "uk", name: "Ukrainian letters", members: chars("Ґ Є І Ї ґ є і ї ʼ") },
  { id: "quotes", name: "Quotes and dashes", members: chars("« » „ “ ” ‚ ‘ ’ – — …") },
  { id: "currency", name: "Currency", members: chars("€ ₽ ₴ $ £") },
];

/** Whether a string names a character set of the catalogue. */
export function isCharacterSetId(value: string): value is CharacterSetId {
  return (CHARACTER_SET_IDS as readonly string[]).includes(value);
}

/** Returns the set with this id. */
export function characterSet(id: CharacterSetId): CharacterSet {
  return CHARACTER_SETS.find((set) => set.id === id)!;
}

/**
 * Combines sets and user-typed characters into one list of single characters, first occurrence kept,
 * whitespace and control characters dropped (they cannot be written in a box).
 */
export function combineCharacters(setIds: readonly CharacterSetId[], extra = ""): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (ch: string) => {
    const normalised = ch.normalize("NFC");
    if (/^[\p{White_Space}\p{Cc}\p{Cf}]$/u.test(normalised) || seen.has(normalised)) return;
    seen.add(normalised);
    out.push(normalised);
  };
  for (const id of setIds) for (const ch of characterSet(id).members) add(ch);
  // Segment by grapheme so a letter typed with a combining accent stays one character after NFC.
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(
    extra.normalize("NFC"),
  )) {
    add(segment);
  }
  return out;
}
