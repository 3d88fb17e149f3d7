/** Stable codes of compiler diagnostics: things a user may want to fix, returned as data, never printed. */
export type FontDiagnosticCode =
  | "FONT_MISSING_COMMON_CHARACTERS"
  | "FONT_GLYPH_EMPTY"
  | "FONT_GLYPH_SIZE_OUTLIER"
  | "FONT_LIGATURE_UNREACHABLE"
  | "FONT_KERNING_PAIR_UNKNOWN"
  | "FONT_OVERLAPS_REMOVED"
  | "FONT_COMPOSITES_BUILT"
  | "FONT_MARK_LIKE_LETTER";

export interface FontDiagnostic {
  code: FontDiagnosticCode;
  severity: "info" | "warning";
  message: string;
  /** The characters concerned (one entry per character or ligature sequence). */
  chars: string[];
  /** For size outliers: the glyph's height relative to the median of its kind. */
  ratio?: number;
  /** For empty glyphs: the variant index. */
  variant?: number;
}

/** Characters every Latin font is expected to have; which missing ones to report. */
export const COMMON_LATIN = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'\"-():;"];
/** The Russian alphabet, reported when a font draws some Cyrillic but not all of it. */
export const COMMON_CYRILLIC = [..."абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"];

/** Ratio beyond which a glyph counts as far larger (or, inverted, far smaller) than its neighbours. */
export const SIZE_OUTLIER_RATIO = 1.6;

interface SizedGlyph {
  chars: string;
  height: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Letters of one kind (x-height lowercase, capitals) whose height is far from the median of their kind. */
export function sizeOutliers(glyphs: SizedGlyph[]): FontDiagnostic[] {
  // Cursive hands write "в" with a loop as tall as an ascender and "з" with a tail below the baseline: they are no
  // x-height letters to measure a hand's by.
  const kinds: [RegExp, SizedGlyph[]][] = [
    [/^[acemnorsuvwxzагежиклмнопстхчшьыъэюя]$/u, []],
    [/^\p{Lu}$/u, []],
    [/^\p{Nd}$/u, []],
  ];
  for (const glyph of glyphs) for (const [pattern, list] of kinds) if (pattern.test(glyph.chars)) list.push(glyph);
  const result: FontDiagnostic[] = [];
  for (const [, list] of kinds) {
    if (list.length < 4) continue;
    const typical = median(list.map((glyph) => glyph.height));
    if (typical <= 0) continue;
    for (const glyph of list) {
      const ratio = glyph.height / typical;
      if (ratio > SIZE_OUTLIER_RATIO || ratio < 1 / SIZE_OUTLIER_RATIO) {
        result.push({
          code: "FONT_GLYPH_SIZE_OUTLIER",
          severity: "warning",
          message: `"${glyph.chars}" is ${ratio.toFixed(2)}× the height of similar letters`,
          chars: [glyph.chars],
          ratio: Math.round(ratio * 100) / 100,
        });
      }
    }
  }
  return result;
}

/** The common characters a font does not draw: Latin always, Russian when some Cyrillic is present. */
export function missingCommon(present: Set<string>): FontDiagnostic | null {
  const wantsCyrillic = [...present].some((chars) => /\p{Script=Cyrillic}/u.test(chars));
  const expected = wantsCyrillic ? [...COMMON_LATIN, ...COMMON_CYRILLIC] : COMMON_LATIN;
  const missing = expected.filter((char) => !present.has(char));
  if (missing.length === 0) return null;
  return {
    code: "FONT_MISSING_COMMON_CHARACTERS",
    severity: "warning",
    message: `${missing.length} common characters are not drawn: ${missing.join(" ")}`,
    chars: missing,
  };
}
