import { DomainError } from "../services/domain-error.ts";

const CODE_POINTS = /^(?:(?:U\+|u\+|uni)[0-9A-Fa-f]{4,6})(?:[_-](?:U\+|u\+|uni)?[0-9A-Fa-f]{4,6})*$/;

/**
 * Reads the character and variant a letter file stands for from its name: `A.svg`, `U+0416.svg`, `uni0066_0066.svg`
 * (a ligature by code points) or `a.2.svg` (the second variant). Throws LETTER_NAME_INVALID otherwise.
 */
export function parseLetterFileName(fileName: string): { chars: string; variant: number } {
  const invalid = () => new DomainError("LETTER_NAME_INVALID", { fileName });
  const base = fileName.normalize("NFC").replace(/\.svg$/i, "");
  if (base === fileName.normalize("NFC")) throw invalid();
  const variantMatch = /^(.+)\.(\d{1,2})$/u.exec(base);
  const name = variantMatch ? variantMatch[1]! : base;
  const variant = variantMatch ? Number(variantMatch[2]) : 1;
  if (variant < 1 || variant > 15) throw invalid();
  let chars: string;
  if (CODE_POINTS.test(name)) {
    const codes = name.split(/[_-]/).map((part) => Number.parseInt(part.replace(/^(U\+|u\+|uni)/, ""), 16));
    if (codes.some((code) => code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))) throw invalid();
    chars = String.fromCodePoint(...codes).normalize("NFC");
  } else {
    chars = name;
  }
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(chars)];
  if (graphemes.length < 1 || graphemes.length > 4 || /[\p{Cc}\p{White_Space}]/u.test(chars)) throw invalid();
  return { chars, variant };
}
