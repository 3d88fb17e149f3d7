/**
 * Which accented letters a font can build from drawn letters and marks, and from what: pure data and lookups, no
 * geometry (font/composites.ts places the marks), so the web app can tell a composed letter from a missing one.
 */
import type { MarkKind } from "../template/marks.ts";

/**
 * How a mark attaches: the template's marks, plus the comma below of Romanian ș ț and Latvian ķ ļ ņ (made from the
 * drawn comma) and the caron of ď ť ľ Ľ, which these letters carry as an apostrophe beside their ascender.
 */
export type Attachment = MarkKind | "commaBelow" | "caronRight";

const combiningMarks: Record<number, MarkKind | "commaBelow"> = {
  769: "acute",
  768: "grave",
  770: "circumflex",
  776: "diaeresis",
  771: "tilde",
  807: "cedilla",
  778: "ring",
  780: "caron",
  774: "breve",
  808: "ogonek",
  775: "dotAbove",
  779: "doubleAcute",
  806: "commaBelow",
};

/**
 * Characters that may be drawn as a mark, best first: the template's mark, the combining mark, then an ASCII or
 * punctuation look-alike the user may have written anyway.
 */
const MARK_SOURCES: Record<Attachment, readonly string[]> = {
  acute: ["\u00b4", "\u0301", "\u02ca"],
  grave: ["\u0060", "\u0300", "\u02cb"],
  circumflex: ["\u02c6", "\u0302", "^"],
  diaeresis: ["\u00a8", "\u0308"],
  tilde: ["\u02dc", "\u0303", "~"],
  cedilla: ["\u00b8", "\u0327"],
  ring: ["\u02da", "\u030a"],
  caron: ["\u02c7", "\u030c"],
  breve: ["\u02d8"],
  ogonek: ["\u02db", "\u0328"],
  dotAbove: ["\u02d9", "\u0307"],
  doubleAcute: ["\u02dd", "\u030b"],
  // The template's Cyrillic breve is the combining breve (it has no spacing character of its own).
  cyrillicBreve: ["\u0306"],
  commaBelow: ["\u0326", ","],
  caronRight: ["\u2019", "'"],
};

/** Marks that hang below the letter; the others sit above it (the right-hand caron beside it). */
export const BELOW: ReadonlySet<Attachment> = new Set(["cedilla", "ogonek", "commaBelow"]);

/** Base characters whose dot goes away under a mark above (í, ї); a drawn dotless form is used when present. */
export const DOTTED_BASES: Readonly<Record<string, string>> = {
  i: "\u0131",
  j: "\u0237",
  "\u0456": "\u0131",
  "\u0458": "\u0237",
};

// Latvian writes these cedillas as a comma below (ģ, whose comma stands above, is left to be drawn).
const latvianCommas = new Set([..."ĢĶķĻļŅņŖŗ"]);
const caronAsApostrophe = new Set([..."dtlL"]);

/** The base character and mark of a precomposed letter, from its canonical decomposition. */
export function decomposeAccented(char: string): { base: string; mark: MarkKind | "commaBelow" } | null {
  const parts = [...char.normalize("NFD")];
  if (parts.length !== 2) return null;
  const mark = combiningMarks[parts[1]!.codePointAt(0)!];
  return mark ? { base: parts[0]!, mark } : null;
}

export type CompositeRecipe = {
  base: string;
  /** Ways to make the mark, best first: the drawn characters that may serve, and how the mark attaches. */
  marks: { sources: readonly string[]; attach: Attachment }[];
};

const isCyrillic = (char: string) => /\p{Script=Cyrillic}/u.test(char);

/** How a letter is composed from a base and a mark, or null when it is not an accented letter we build. */
function compositeRecipe(target: string): CompositeRecipe | null {
  const parts = decomposeAccented(target);
  if (!parts || target === "ģ" || !/^\p{L}$/u.test(parts.base)) return null;
  const { base, mark } = parts;
  const option = (attach: Attachment, placeAs: Attachment = attach) => ({
    sources: MARK_SOURCES[attach],
    attach: placeAs,
  });
  if (mark === "breve") {
    // Each script's breve serves the other when only one was written.
    const [own, other] = isCyrillic(base)
      ? (["cyrillicBreve", "breve"] as const)
      : (["breve", "cyrillicBreve"] as const);
    return { base, marks: [option(own), option(other, own)] };
  }
  if (mark === "cedilla" && latvianCommas.has(target)) {
    return { base, marks: [option("commaBelow"), option("cedilla")] };
  }
  if (mark === "caron" && caronAsApostrophe.has(base)) {
    return { base, marks: [option("caronRight"), option("caron")] };
  }
  return { base, marks: [option(mark)] };
}

const rangeChars = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));

/**
 * Accented letters built when not drawn, with their recipes: Latin-1 and Latin Extended-A (French, German, Spanish,
 * Italian, Portuguese, Polish, Czech, Slovak, Hungarian, Romanian, Turkish, the Nordic and Baltic languages,
 * Esperanto, Welsh…), Romanian ș ț, Welsh ẁ ẃ ẅ ỳ and the Cyrillic й ё ї ў ѐ ѝ.
 */
export const COMPOSITE_RECIPES: ReadonlyMap<string, CompositeRecipe> = new Map(
  [
    ...rangeChars(0xc0, 0x17f),
    ...rangeChars(0x218, 0x21b),
    ...rangeChars(0x1e80, 0x1e85),
    ..."\u1ef2\u1ef3",
    ..."йЙёЁїЇўЎѐЀѝЍ",
  ].flatMap((char) => {
    const recipe = compositeRecipe(char);
    return recipe ? [[char, recipe] as const] : [];
  }),
);

/**
 * The accented letters a font would compose from the characters it has drawn (a drawn accented letter is its own
 * and is left out), each with the base and the drawn mark it is made of.
 */
export function composableLetters(drawn: ReadonlySet<string>): Map<string, { base: string; mark: string }> {
  const out = new Map<string, { base: string; mark: string }>();
  for (const [target, recipe] of COMPOSITE_RECIPES) {
    if (drawn.has(target)) continue;
    const base = recipe.base;
    if (!drawn.has(base)) continue;
    const mark = recipe.marks.flatMap((option) => option.sources).find((source) => drawn.has(source));
    if (mark) out.set(target, { base, mark });
  }
  return out;
}
