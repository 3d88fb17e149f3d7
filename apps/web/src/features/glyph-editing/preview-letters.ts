import type { LetterState } from "@handfont/contract";
import { isBlank, type LocalLetter } from "@handfont/editor";
import { adjustPath, drawnPath, type GlyphDocument } from "@handfont/engine/fonts";
import { type PreviewLetter, previewLetterOf } from "../workspace/preview-project.ts";

/**
 * The letters the live text line compiles: a letter the server has as this device has it travels as its stored
 * outline (cheap), a letter edited here as its whole document (the preview worker derives its outline, as a build
 * would). Blank and deleted letters are left out, so the font shows only what is drawn.
 */
export function previewLettersOf(
  letters: ReadonlyMap<string, LocalLetter>,
  server: ReadonlyMap<string, LetterState>,
): PreviewLetter[] {
  const out: PreviewLetter[] = [];
  for (const [key, letter] of letters) {
    if (isBlank(letter.document)) continue;
    const stored = server.get(key);
    if (stored && !letter.dirty && !letter.conflict && stored.revision === letter.baseRevision) {
      out.push(previewLetterOf(stored));
    } else {
      out.push({ chars: letter.chars, variant: letter.variant, document: letter.document! });
    }
  }
  return out;
}

const derived = new WeakMap<GlyphDocument, string>();

/**
 * A letter's outline as SVG path data in font units (adjustments applied), for drawing a neighbour or a tile: the
 * stored path when the device's copy is the server's, else derived from the document (and remembered per document).
 */
export function letterOutlinePath(letter: LocalLetter | undefined, stored: LetterState | undefined): string {
  if (!letter || isBlank(letter.document)) return "";
  const document = letter.document!;
  if (stored && !letter.dirty && stored.revision === letter.baseRevision) {
    return adjustPath(stored.path, stored.document.adjustments);
  }
  let path = derived.get(document);
  if (path === undefined) {
    path = adjustPath(drawnPath(document), document.adjustments);
    derived.set(document, path);
  }
  return path;
}
