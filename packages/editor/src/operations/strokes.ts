import type { GlyphDocument, PenStroke } from "@handfont/engine/fonts";
import type { Change, ChangeOperation } from "../change/change.ts";

/**
 * A stroke id not used in the document: "s" and one more than the highest number in use. Ids come from the
 * document, not a clock or a random source, so replaying the same edits gives the same document.
 */
export function nextStrokeIds(glyph: GlyphDocument, count: number): string[] {
  let highest = 0;
  for (const stroke of glyph.strokes) {
    const match = /^s(\d+)$/.exec(stroke.id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return Array.from({ length: count }, (_, k) => `s${highest + k + 1}`);
}

/** Appends strokes. */
export function addStrokes(glyph: GlyphDocument, strokes: PenStroke[]): Change {
  if (strokes.length === 0) return { ops: [] };
  return { ops: [{ op: "splice", path: ["strokes"], index: glyph.strokes.length, remove: 0, insert: strokes }] };
}

/** Removes the strokes with these ids. */
export function removeStrokes(glyph: GlyphDocument, ids: Iterable<string>): Change {
  return replaceStrokes(glyph, new Map([...ids].map((id) => [id, []])));
}

/**
 * Replaces strokes by others in their place (the partial eraser cuts one stroke into pieces; no pieces removes it),
 * so the drawing order of the rest is kept.
 */
export function replaceStrokes(glyph: GlyphDocument, replacements: ReadonlyMap<string, PenStroke[]>): Change {
  const ops: ChangeOperation[] = [];
  for (let s = glyph.strokes.length - 1; s >= 0; s--) {
    const pieces = replacements.get(glyph.strokes[s]!.id);
    if (pieces) ops.push({ op: "splice", path: ["strokes"], index: s, remove: 1, insert: pieces });
  }
  return { ops };
}
