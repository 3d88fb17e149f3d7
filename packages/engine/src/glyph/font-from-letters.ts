import type { ProjectMetadata } from "../font/from-scan.ts";
import {
  DEFAULT_FONT_SETTINGS,
  FONT_PROJECT_SCHEMA_VERSION,
  type FontGlyph,
  type FontProject,
  type FontSettings,
} from "../font/project.ts";
import { parseSvgPath } from "../outline/parse-path.ts";
import { outlineToSvgPath } from "../outline/serialize-path.ts";
import { type GlyphAdjustments, type GlyphDocument, NO_ADJUSTMENTS } from "./document.ts";
import { adjustOutline, offsetOutline, outlineOf } from "./outline-of.ts";

/** One letter of a font: which characters and form it is, and its document. */
export interface FontLetter {
  chars: string;
  variant: number;
  document: GlyphDocument;
  /**
   * The document's drawn outline as stored beside it (`drawnPath(document)`). When given, the document's contours and
   * strokes are not read, so a caller holding the stored outline may leave them out of what it loads.
   */
  drawnPath?: string;
}

/**
 * Drawn outlines of documents already derived, by document object. A long-lived caller (the preview worker) keeps its
 * documents and this cache between compiles, so an edit re-derives only the letter it changed, and the same path
 * string comes back for the others (the compiler's GlyphCache is keyed by it).
 */
export type LetterPathCache = WeakMap<GlyphDocument, string>;

/**
 * A letter's outline before its adjustments, as SVG path data with at most two decimals: what the server stores as
 * the derived cache of a document, and the one form every compile starts from.
 */
export function drawnPath(doc: GlyphDocument): string {
  return outlineToSvgPath(outlineOf({ ...doc, adjustments: NO_ADJUSTMENTS }));
}

/** A drawn outline with a letter's adjustments applied, as the compiler reads it (two decimals). */
export function adjustPath(path: string, adjustments: GlyphAdjustments): string {
  if (adjustments.scale === 1 && adjustments.baselineShift === 0) return path;
  return outlineToSvgPath(adjustOutline(parseSvgPath(path), adjustments));
}

/** A letter's outline as the compiler reads it: its drawn outline (from the cache when known) with its adjustments. */
export function letterPath(letter: Pick<FontLetter, "document" | "drawnPath">, cache?: LetterPathCache): string {
  let drawn = letter.drawnPath ?? cache?.get(letter.document);
  if (drawn === undefined) {
    drawn = drawnPath(letter.document);
    cache?.set(letter.document, drawn);
  }
  return adjustPath(drawn, letter.document.adjustments);
}

/** The settings of a font built from letters: the compiler's, and the stroke weight applied to every outline. */
export type LetterFontSettings = Partial<FontSettings> & {
  /** Font units by which every letter is made bolder (positive) or lighter (negative) all round; 0 = as drawn. */
  strokeWeight?: number;
};

// Outlines with a stroke weight, by weight and outline: offsetting is far costlier than compiling one glyph, and a
// preview recompiles on every edit. Bounded, so a long editing session does not keep every state it passed through.
const weighted = new Map<string, string>();

/** An outline (path data) made bolder or lighter by `weight` font units. */
export function weightedPath(path: string, weight: number): string {
  if (weight === 0 || path === "") return path;
  const key = `${weight}|${path}`;
  let result = weighted.get(key);
  if (result === undefined) {
    result = outlineToSvgPath(offsetOutline(parseSvgPath(path), weight));
    if (weighted.size >= 5000) weighted.clear();
    weighted.set(key, result);
  }
  return result;
}

/** A letter as the compiler gets it: its outline and the metrics the user set (automatic ones are left out). */
export function fontGlyphOf(letter: FontLetter, cache?: LetterPathCache, strokeWeight = 0): FontGlyph {
  const { advance, leftSideBearing, rightSideBearing } = letter.document.metrics;
  return {
    chars: letter.chars,
    variant: letter.variant,
    path: weightedPath(letterPath(letter, cache), strokeWeight),
    ...(advance !== null ? { advance } : {}),
    ...(leftSideBearing !== null ? { leftSideBearing } : {}),
    ...(rightSideBearing !== null ? { rightSideBearing } : {}),
  };
}

/**
 * The compiler's input from a font's letters, settings and names: the only path from letters to font bytes. The
 * server's build, the browser's live preview and the editors' line of text all call it, so what is previewed is
 * what is downloaded. Letters whose outline is empty are kept (the compiler reports them as FONT_GLYPH_EMPTY). The
 * stroke weight, if any, is applied to each letter's adjusted outline.
 */
export function fontProjectFromLetters(
  letters: readonly FontLetter[],
  settings: LetterFontSettings,
  metadata: ProjectMetadata,
  options: { cache?: LetterPathCache } = {},
): FontProject {
  const { strokeWeight = 0, ...compilerSettings } = settings;
  return {
    schemaVersion: FONT_PROJECT_SCHEMA_VERSION,
    family: metadata.family,
    style: metadata.style ?? "Regular",
    designer: metadata.designer ?? "",
    version: metadata.version ?? "1.000",
    licence: metadata.licence ?? { kind: "all-rights-reserved" },
    weight: metadata.weight ?? 400,
    glyphs: letters.map((letter) => fontGlyphOf(letter, options.cache, strokeWeight)),
    settings: { ...DEFAULT_FONT_SETTINGS, ...compilerSettings },
  };
}
