import type { FontNames } from "./plan.ts";
import type { FontProject } from "./project.ts";

const asciiNames: Record<string, string> = {
  " ": "space",
  "!": "exclam",
  '"': "quotedbl",
  "#": "numbersign",
  $: "dollar",
  "%": "percent",
  "&": "ampersand",
  "'": "quotesingle",
  "(": "parenleft",
  ")": "parenright",
  "*": "asterisk",
  "+": "plus",
  ",": "comma",
  "-": "hyphen",
  ".": "period",
  "/": "slash",
  ":": "colon",
  ";": "semicolon",
  "<": "less",
  "=": "equal",
  ">": "greater",
  "?": "question",
  "@": "at",
  "[": "bracketleft",
  "\\": "backslash",
  "]": "bracketright",
  "^": "asciicircum",
  _: "underscore",
  "`": "grave",
  "{": "braceleft",
  "|": "bar",
  "}": "braceright",
  "~": "asciitilde",
  "0": "zero",
  "1": "one",
  "2": "two",
  "3": "three",
  "4": "four",
  "5": "five",
  "6": "six",
  "7": "seven",
  "8": "eight",
  "9": "nine",
};

/** A production glyph name for one code point: ASCII names, else uniXXXX (BMP) or uXXXXX. */
export function codePointGlyphName(code: number): string {
  const char = String.fromCodePoint(code);
  if (/^[A-Za-z]$/.test(char)) return char;
  const known = asciiNames[char];
  if (known) return known;
  const hex = code.toString(16).toUpperCase();
  return code <= 0xffff ? `uni${hex.padStart(4, "0")}` : `u${hex.padStart(5, "0")}`;
}

/**
 * The glyph name of a character sequence: one code point, or a ligature joined with underscores ("f_f"). Names stay
 * within 50 characters (CFF and post allow 63, and variants add ".altN"): longer ones are cut and given a hash.
 */
export function charsGlyphName(chars: string): string {
  const name = [...chars].map((char) => codePointGlyphName(char.codePointAt(0)!)).join("_");
  return name.length <= 50 ? name : `${name.slice(0, 40)}_${hash(chars)}`;
}

// Russian and Ukrainian letters to Latin, for PostScript and CFF names, which must be printable ASCII.
const transliteration: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Latin-only ASCII rendering of a name: accents stripped, Cyrillic transliterated, other letters dropped. */
export function asciiName(text: string): string {
  let result = "";
  for (const char of text.normalize("NFC")) {
    const lower = char.toLowerCase();
    const latin = transliteration[lower];
    if (latin !== undefined) {
      result += char === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
      continue;
    }
    const stripped = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    result += /^[\x20-\x7e]$/.test(stripped) ? stripped : stripped === "ß" ? "ss" : "";
  }
  return result;
}

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (const char of text) {
    h ^= char.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).toUpperCase();
}

/**
 * A PostScript name: printable ASCII without spaces or []{}()<>/%, at most 63 characters, "Family-Style".
 * A family with no Latin rendering (e.g. only CJK) becomes "Handfont" plus a hash of its name.
 */
export function postScriptName(family: string, style: string): string {
  const clean = (text: string) => asciiName(text).replace(/[^A-Za-z0-9]/g, "");
  const familyPart = clean(family) || `Handfont${hash(family)}`;
  const stylePart = clean(style) || "Regular";
  return `${familyPart.slice(0, 62 - Math.min(stylePart.length, 29))}-${stylePart.slice(0, 29)}`;
}

/**
 * The name of a downloaded font file: the font's PostScript name and the format ("PocherkAnny-Regular.otf"), so a
 * non-Latin name is transliterated as inside the font, and every browser and operating system accepts it.
 */
export function fontFileName(family: string, style: string, format: string): string {
  return `${postScriptName(family, style)}.${format}`;
}

const licences = {
  "OFL-1.1": {
    text: "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
    url: "https://openfontlicense.org",
  },
  "all-rights-reserved": { text: "All rights reserved.", url: "" },
};

/** The name-table strings of a project. */
export function fontNames(project: FontProject, year: number): FontNames {
  const family = project.family.trim();
  const style = project.style.trim() || "Regular";
  const psName = postScriptName(family, style);
  const holder = project.designer.trim() || family;
  const licence =
    project.licence.kind === "custom"
      ? { text: project.licence.text, url: project.licence.url ?? "" }
      : licences[project.licence.kind];
  return {
    family,
    style,
    fullName: style === "Regular" ? family : `${family} ${style}`,
    postScriptName: psName,
    uniqueId: `${project.version};NONE;${psName}`,
    version: project.version,
    designer: project.designer.trim(),
    copyright: `Copyright (c) ${year} ${holder}`,
    licence: licence.text,
    licenceUrl: licence.url,
  };
}
