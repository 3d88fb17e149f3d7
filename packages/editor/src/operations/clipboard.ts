import type { ContourPoint, GlyphContour, GlyphDocument, PenStroke, StrokePoint } from "@handfont/engine/fonts";
import type { Change } from "../change/change.ts";
import { type Selection, selectContours, selectedContours } from "../selection.ts";
import { nextStrokeIds } from "./strokes.ts";

/** Parts of a letter on the clipboard, to paste into the same or another letter (as JSON text between tabs). */
export interface GlyphClipboard {
  kind: "handfont-glyph-parts";
  contours: GlyphContour[];
  strokes: PenStroke[];
}

/** The contours that have a selected point, or, with nothing selected, everything drawn. */
export function copyParts(glyph: GlyphDocument, selection: Selection): GlyphClipboard {
  if (selection.size === 0) {
    return { kind: "handfont-glyph-parts", contours: glyph.contours, strokes: glyph.strokes };
  }
  const contours = selectedContours(selection)
    .map((c) => glyph.contours[c])
    .filter((contour): contour is GlyphContour => contour !== undefined);
  return { kind: "handfont-glyph-parts", contours, strokes: [] };
}

/** Adds the clipboard's parts to the letter (strokes get fresh ids); the pasted contours end up selected. */
export function pasteParts(glyph: GlyphDocument, parts: GlyphClipboard): { change: Change; selection: Selection } {
  const ids = nextStrokeIds(glyph, parts.strokes.length);
  const strokes = parts.strokes.map((stroke, k) => ({ ...stroke, id: ids[k]! }));
  const first = glyph.contours.length;
  const change: Change = { ops: [] };
  if (parts.contours.length > 0) {
    change.ops.push({ op: "splice", path: ["contours"], index: first, remove: 0, insert: parts.contours });
  }
  if (strokes.length > 0) {
    change.ops.push({ op: "splice", path: ["strokes"], index: glyph.strokes.length, remove: 0, insert: strokes });
  }
  const all = [...glyph.contours, ...parts.contours];
  return {
    change,
    selection: selectContours(
      all,
      parts.contours.map((_, k) => first + k),
    ),
  };
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function isContourPoint(value: unknown): value is ContourPoint {
  const p = value as Record<string, unknown>;
  return (
    typeof p === "object" &&
    p !== null &&
    finite(p.x) &&
    finite(p.y) &&
    (p.on === false || (p.on === true && (p.type === "corner" || p.type === "smooth")))
  );
}

function isStrokePoint(value: unknown): value is StrokePoint {
  const p = value as Record<string, unknown>;
  return typeof p === "object" && p !== null && finite(p.x) && finite(p.y) && finite(p.pressure) && finite(p.t);
}

/** Reads clipboard text written by `copyParts` (from this tab or another); anything else gives null. */
export function parseClipboard(text: string): GlyphClipboard | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parts = value as Partial<GlyphClipboard>;
  if (typeof parts !== "object" || parts === null || parts.kind !== "handfont-glyph-parts") return null;
  const contours = Array.isArray(parts.contours) ? parts.contours : [];
  const strokes = Array.isArray(parts.strokes) ? parts.strokes : [];
  const contoursOk = contours.every(
    (contour) => Array.isArray(contour?.points) && contour.points.length > 0 && contour.points.every(isContourPoint),
  );
  const strokesOk = strokes.every(
    (stroke) =>
      typeof stroke?.pen === "object" &&
      stroke.pen !== null &&
      [stroke.pen.size, stroke.pen.thinning, stroke.pen.smoothing, stroke.pen.streamline].every(finite) &&
      typeof stroke.pen.simulatePressure === "boolean" &&
      Array.isArray(stroke.points) &&
      stroke.points.every(isStrokePoint),
  );
  return contoursOk && strokesOk ? { kind: "handfont-glyph-parts", contours, strokes } : null;
}
