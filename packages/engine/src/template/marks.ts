/**
 * The marks a template offers (acute, grave, … and the Cyrillic breve): a user who writes them beside the base
 * letters gets the accented letters built by the font compiler (font/composites.ts). Shared by the template layout
 * and PDF (labels, the placeholder drawn in a mark's box), the font compiler and the web app.
 */
import { GUIDE_X_HEIGHT } from "./page-geometry.ts";

export type MarkKind =
  | "acute"
  | "grave"
  | "circumflex"
  | "diaeresis"
  | "tilde"
  | "cedilla"
  | "ring"
  | "caron"
  | "breve"
  | "ogonek"
  | "dotAbove"
  | "doubleAcute"
  | "cyrillicBreve";

export type TemplateMark = {
  kind: MarkKind;
  /** The character a template box holds for this mark (the letter's `chars`). */
  char: string;
  /** How the label prints the mark: a spacing form, since a lone combining mark has nothing to sit on. */
  display: string;
  /** A letter that carries the mark, printed beside it in the label. */
  example: string;
  /** Written under the letter rather than over it. */
  below: boolean;
};

/**
 * The spacing accents of Unicode stand for the marks (´ ` ˆ ¨ ˜ ¸ ˚ ˇ ˘ ˛ ˙ ˝): they are characters of their own and
 * fonts have them. The Cyrillic breve (the kratka of й and ў, rounder and deeper than the Latin breve in most hands)
 * has no spacing character, so it is held by the combining breve U+0306.
 */
export const TEMPLATE_MARKS: readonly TemplateMark[] = [
  { kind: "acute", char: "\u00b4", display: "\u00b4", example: "é", below: false },
  { kind: "grave", char: "`", display: "`", example: "è", below: false },
  { kind: "circumflex", char: "\u02c6", display: "\u02c6", example: "ê", below: false },
  { kind: "diaeresis", char: "\u00a8", display: "\u00a8", example: "ü", below: false },
  { kind: "tilde", char: "\u02dc", display: "\u02dc", example: "ñ", below: false },
  { kind: "ring", char: "\u02da", display: "\u02da", example: "å", below: false },
  { kind: "caron", char: "\u02c7", display: "\u02c7", example: "č", below: false },
  { kind: "breve", char: "\u02d8", display: "\u02d8", example: "ă", below: false },
  { kind: "dotAbove", char: "\u02d9", display: "\u02d9", example: "ż", below: false },
  { kind: "doubleAcute", char: "\u02dd", display: "\u02dd", example: "ő", below: false },
  { kind: "cedilla", char: "\u00b8", display: "\u00b8", example: "ç", below: true },
  { kind: "ogonek", char: "\u02db", display: "\u02db", example: "ą", below: true },
  { kind: "cyrillicBreve", char: "\u0306", display: "\u02d8", example: "й", below: false },
];

const byChar = new Map(TEMPLATE_MARKS.map((mark) => [mark.char, mark]));

/** The template mark a box's characters stand for, if they are one. */
export function templateMark(chars: string): TemplateMark | undefined {
  return byChar.get(chars);
}

/** The label of a box: its characters, or for a mark the mark and a letter that carries it ("´ é"). */
export function cellLabel(chars: string): string {
  const mark = byChar.get(chars);
  return mark ? `${mark.display} ${mark.example}` : chars;
}

/**
 * The placeholder printed in a mark's box in the guide colour (so it drops out when read): a dotted circle standing
 * for the letter, between the baseline and the x-height, so the writer puts the mark where it goes on a letter.
 * Dot centres in font units, x from the box's centre, y up from the baseline.
 */
export function markPlaceholder(): { dots: { x: number; y: number }[]; dotRadius: number } {
  // Clear of the baseline and x-height guides by a tenth of the x-height, so the dots never thicken a guide.
  const radius = GUIDE_X_HEIGHT * 0.4;
  const count = 14;
  const dots = Array.from({ length: count }, (_, index) => {
    const angle = (2 * Math.PI * index) / count;
    return { x: Math.round(radius * Math.cos(angle)), y: Math.round(GUIDE_X_HEIGHT / 2 + radius * Math.sin(angle)) };
  });
  return { dots, dotRadius: 14 };
}
