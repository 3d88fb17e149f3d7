import { transformOutline, translateOutline } from "../outline/geometry.ts";
import type { BBox, Outline } from "../outline/types.ts";
import { integerBounds } from "./prepare.ts";

export type MarkKind =
  | "acute"
  | "grave"
  | "circumflex"
  | "diaeresis"
  | "tilde"
  | "cedilla"
  | "ring"
  | "caron"
  | "breve";

const combiningMarks: Record<number, MarkKind> = {
  769: "acute",
  768: "grave",
  770: "circumflex",
  776: "diaeresis",
  771: "tilde",
  807: "cedilla",
  778: "ring",
  780: "caron",
  774: "breve",
};

/**
 * Characters that may be drawn as a mark, best first: the spacing accent, the combining mark, then an ASCII look-alike.
 * The breve serves both Latin ă and the Cyrillic й (the kratka); the diaeresis serves ё and ї as well.
 */
export const MARK_SOURCES: Record<MarkKind, string[]> = {
  acute: ["\u00b4", "\u0301", "\u02ca"],
  grave: ["\u0060", "\u0300", "\u02cb"],
  circumflex: ["\u02c6", "\u0302", "^"],
  diaeresis: ["\u00a8", "\u0308"],
  tilde: ["\u02dc", "\u0303", "~"],
  cedilla: ["\u00b8", "\u0327"],
  ring: ["\u02da", "\u030a"],
  caron: ["\u02c7", "\u030c"],
  breve: ["\u02d8", "\u0306"],
};

/**
 * Accented letters built when not drawn: those of German, French, Spanish, Italian, Russian and Ukrainian (English
 * needs none), the rest of Latin-1, and common Central European letters with the same marks.
 */
export const COMPOSITE_TARGETS = [
  ..."àáâãäåçèéêëìíîïñòóôõöùúûüýÿ",
  ..."ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸ",
  ..."ăĂčČěĚňŇřŘšŠžŽůŮğĞćĆńŃśŚźŹ",
  ..."йЙёЁїЇўЎ",
];

/** Base characters whose dot goes away under a mark above (í, ї); a drawn dotless form is used when present. */
export const DOTTED_BASES: Record<string, string> = { i: "\u0131", "\u0456": "\u0131", j: "\u0237" };

/** The base character and mark of a precomposed letter, from its canonical decomposition. */
export function decomposeAccented(char: string): { base: string; mark: MarkKind } | null {
  const parts = [...char.normalize("NFD")];
  if (parts.length !== 2) return null;
  const mark = combiningMarks[parts[1]!.codePointAt(0)!];
  return mark ? { base: parts[0]!, mark } : null;
}

/**
 * Drops the dot of i-like letters: the contours lying wholly above the rest of the glyph. Returns null when the dot
 * cannot be told apart (a single contour), so the caller keeps the dotted form.
 */
export function removeDot(outline: Outline): Outline | null {
  if (outline.length < 2) return null;
  const boxes = outline.map((contour) => integerBounds([contour])!);
  const topY = Math.max(...boxes.map((box) => box.yMin));
  const dot = outline.filter((_, index) => boxes[index]!.yMin === topY);
  const rest = outline.filter((_, index) => boxes[index]!.yMin !== topY);
  if (rest.length === 0) return null;
  const restTop = Math.max(...rest.map((contour) => integerBounds([contour])!.yMax));
  return dot.every((contour) => integerBounds([contour])!.yMin > restTop) ? rest : null;
}

/** Horizontal centre of the ink in the top (or bottom) fifth of a glyph, where a mark attaches. */
function attachmentCentre(outline: Outline, box: BBox, where: "top" | "bottom"): number {
  const band = (box.yMax - box.yMin) * 0.2;
  const lo = where === "top" ? box.yMax - band : box.yMin;
  const hi = where === "top" ? box.yMax : box.yMin + band;
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  for (const contour of outline) {
    for (const point of [contour.start, ...contour.segments]) {
      if (point.y >= lo && point.y <= hi) {
        xMin = Math.min(xMin, point.x);
        xMax = Math.max(xMax, point.x);
      }
    }
  }
  return xMin <= xMax ? (xMin + xMax) / 2 : (box.xMin + box.xMax) / 2;
}

/**
 * Places a mark on a base by the base's height: marks above keep the gap they were drawn with over the x-height
 * (30–150 units), lifted to the base's top; the cedilla hangs from the base's foot. A mark wider than the base's
 * ink is scaled down to 90% of it. Returns the combined contours (they may overlap; the caller merges them).
 */
export function placeMark(base: Outline, mark: Outline, kind: MarkKind, xHeight: number): Outline | null {
  const baseBox = integerBounds(base);
  let markBox = integerBounds(mark);
  if (!baseBox || !markBox) return null;
  let placed = mark;
  const baseWidth = baseBox.xMax - baseBox.xMin;
  const markWidth = markBox.xMax - markBox.xMin;
  if (markWidth > baseWidth * 0.9 && baseWidth > 0 && kind !== "diaeresis") {
    const factor = (baseWidth * 0.9) / markWidth;
    placed = transformOutline(placed, factor, 0, 0, factor, markBox.xMin * (1 - factor), markBox.yMin * (1 - factor));
    markBox = integerBounds(placed)!;
  }
  const below = kind === "cedilla";
  const centre = attachmentCentre(base, baseBox, below ? "bottom" : "top");
  const dx = centre - (markBox.xMin + markBox.xMax) / 2;
  let dy: number;
  if (below) {
    dy = baseBox.yMin + Math.round(0.03 * xHeight) - markBox.yMax;
  } else {
    const drawnGap = markBox.yMin - xHeight;
    const gap = Math.min(150, Math.max(30, drawnGap));
    dy = baseBox.yMax + gap - markBox.yMin;
  }
  return [...base, ...translateOutline(placed, dx, dy)];
}
