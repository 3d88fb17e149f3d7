import type { InkMeasure } from "@handfont/editor";
import { automaticSideBearings, type GlyphDocument, outlineOf } from "@handfont/engine/fonts";

/**
 * Measures a letter of these characters for the editor's side bearing lines: its ink's horizontal extent in document
 * units and the bearings a build would give it by itself (the engine's optical spacing). Kept per document, since the
 * canvas asks on every redraw and a drag only changes the document it shows.
 */
export function inkMeasurer(chars: string): (glyph: GlyphDocument) => InkMeasure | null {
  const measured = new WeakMap<GlyphDocument, InkMeasure | null>();
  return (glyph) => {
    const known = measured.get(glyph);
    if (known !== undefined) return known;
    const spacing =
      glyph.contours.length + glyph.strokes.length > 0 ? automaticSideBearings(outlineOf(glyph), chars) : null;
    const scale = glyph.adjustments.scale;
    const measure = spacing
      ? {
          xMin: spacing.bbox.xMin / scale,
          xMax: spacing.bbox.xMax / scale,
          automatic: { left: spacing.left, right: spacing.right },
        }
      : null;
    measured.set(glyph, measure);
    return measure;
  };
}
