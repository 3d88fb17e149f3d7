import type { FontSettings, LetterState } from "@handfont/contract";
import {
  compileFontSync,
  type FontLetter,
  fontProjectFromLetters,
  GlyphCache,
  type GlyphDocument,
  type LetterPathCache,
} from "@handfont/engine/fonts";

/** A letter as the live preview compiles it (the engine's FontLetter). */
export type PreviewLetter = FontLetter;

/** What the preview worker is asked: the font's names and settings, its letters, and the time the font last changed. */
export type PreviewRequest = {
  id: number;
  family: string;
  style: string;
  /** Seconds since 1970 written into the font (the server's build writes the font's last change too). */
  timestamp: number;
  letters: PreviewLetter[];
  settings: FontSettings;
};
export type PreviewResponse = { id: number; bytes?: ArrayBuffer; error?: string };

/** Memo kept between compiles of one open font: derived outlines by document, prepared glyphs by path. */
export type PreviewCaches = { paths: LetterPathCache; glyphs: GlyphCache };
export const newPreviewCaches = (): PreviewCaches => ({ paths: new WeakMap(), glyphs: new GlyphCache() });

/**
 * A stored letter as the preview sends it to its worker: the outline the server derived stands for the drawing, so
 * only metrics and adjustments travel (an edit of them keeps the stored outline). A letter being redrawn passes its
 * whole document instead and the worker derives its outline.
 */
export function previewLetterOf(
  state: Pick<LetterState, "chars" | "variant" | "path" | "document">,
  adjustments = state.document.adjustments,
): PreviewLetter {
  const document = { ...state.document, adjustments, contours: [], strokes: [] } as GlyphDocument;
  return { chars: state.chars, variant: state.variant, document, drawnPath: state.path };
}

/**
 * The preview's OTF: the engine's one path from letters to font bytes, exactly as the server's build takes it
 * (workers/build-project.ts), so what is previewed is what is downloaded.
 */
export function compilePreview(request: Omit<PreviewRequest, "id">, caches: PreviewCaches = newPreviewCaches()) {
  const project = fontProjectFromLetters(
    request.letters,
    request.settings,
    { family: request.family, style: request.style },
    { cache: caches.paths },
  );
  return compileFontSync(project, ["otf"], { cache: caches.glyphs, timestamp: request.timestamp }).fonts.otf!;
}
