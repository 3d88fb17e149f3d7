import type { ProjectMetadata } from "../font/from-scan.ts";
import {
  DEFAULT_FONT_SETTINGS,
  FONT_PROJECT_SCHEMA_VERSION,
  type FontGlyph,
  type FontProject,
  type FontSettings,
} from "../font/project.ts";
import { outlineToSvgPath } from "../outline/serialize-path.ts";
import type { GlyphDocument } from "./document.ts";
import { outlineOf } from "./outline-of.ts";

/** One letter of a font: which characters and form it is, and its document. */
export interface FontLetter {
  chars: string;
  variant: number;
  document: GlyphDocument;
}

/**
 * Path data of documents already turned into outlines, by document object. A long-lived caller (the preview worker)
 * keeps its documents and this cache between compiles, so an edit re-derives only the letter it changed, and the
 * same path string comes back for the others (the compiler's GlyphCache is keyed by it).
 */
export type LetterPathCache = WeakMap<GlyphDocument, string>;

/** A letter's outline as the compiler reads it: SVG path data in font units with at most two decimals. */
export function letterPath(document: GlyphDocument, cache?: LetterPathCache): string {
  let path = cache?.get(document);
  if (path === undefined) {
    path = outlineToSvgPath(outlineOf(document));
    cache?.set(document, path);
  }
  return path;
}

/** A letter as the compiler gets it: its outline and the metrics the user set (automatic ones are left out). */
export function fontGlyphOf(letter: FontLetter, cache?: LetterPathCache): FontGlyph {
  const { advance, leftSideBearing, rightSideBearing } = letter.document.metrics;
  return {
    chars: letter.chars,
    variant: letter.variant,
    path: letterPath(letter.document, cache),
    ...(advance !== null ? { advance } : {}),
    ...(leftSideBearing !== null ? { leftSideBearing } : {}),
    ...(rightSideBearing !== null ? { rightSideBearing } : {}),
  };
}

/**
 * The compiler's input from a font's letters, settings and names: the only path from letters to font bytes. The
 * server's build, the browser's live preview and the editors' line of text all call it, so what is previewed is
 * what is downloaded. Letters whose outline is empty are kept (the compiler reports them as FONT_GLYPH_EMPTY).
 */
export function fontProjectFromLetters(
  letters: readonly FontLetter[],
  settings: Partial<FontSettings>,
  metadata: ProjectMetadata,
  options: { cache?: LetterPathCache } = {},
): FontProject {
  return {
    schemaVersion: FONT_PROJECT_SCHEMA_VERSION,
    family: metadata.family,
    style: metadata.style ?? "Regular",
    designer: metadata.designer ?? "",
    version: metadata.version ?? "1.000",
    licence: metadata.licence ?? { kind: "all-rights-reserved" },
    weight: metadata.weight ?? 400,
    glyphs: letters.map((letter) => fontGlyphOf(letter, options.cache)),
    settings: { ...DEFAULT_FONT_SETTINGS, ...settings },
  };
}
