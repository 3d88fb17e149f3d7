import type { GlyphContour, GlyphDocument, Point } from "@handfont/engine/fonts";
import type { Change, ChangeOperation } from "../change/change.ts";
import { roundTenth } from "../geometry/vector.ts";
import { type Selection, selectionByContour } from "../selection.ts";

/** Appends contours to the document. */
export function addContours(glyph: GlyphDocument, contours: GlyphContour[]): Change {
  if (contours.length === 0) return { ops: [] };
  return {
    ops: [{ op: "splice", path: ["contours"], index: glyph.contours.length, remove: 0, insert: contours }],
  };
}

/** Removes the contours with these indices. */
export function deleteContours(glyph: GlyphDocument, indices: Iterable<number>): Change {
  const ops: ChangeOperation[] = [...new Set(indices)]
    .filter((c) => glyph.contours[c])
    .sort((a, b) => b - a)
    .map((c) => ({ op: "splice", path: ["contours"], index: c, remove: 1, insert: [] }));
  return { ops };
}

/** The same contour traced the other way round, still starting at its first point. */
export function reversedContour(contour: GlyphContour): GlyphContour {
  const [first, ...rest] = contour.points;
  return { points: first ? [first, ...rest.reverse()] : [] };
}

/** Reverses the direction of the given contours (the filled area changes only where contours overlap). */
export function reverseContours(glyph: GlyphDocument, indices: Iterable<number>): Change {
  const ops: ChangeOperation[] = [];
  for (const c of new Set(indices)) {
    const contour = glyph.contours[c];
    if (contour) ops.push({ op: "set", path: ["contours", c, "points"], value: reversedContour(contour).points });
  }
  return { ops };
}

/** An affine map x' = a·x + c·y + e, y' = b·x + d·y + f. */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const applyAffine = (m: Affine, p: Point): Point => ({
  x: roundTenth(m.a * p.x + m.c * p.y + m.e),
  y: roundTenth(m.b * p.x + m.d * p.y + m.f),
});

/** A mirror across the vertical (horizontal flip) or horizontal line through `center`. */
export function flipAround(center: Point, axis: "horizontal" | "vertical"): Affine {
  return axis === "horizontal"
    ? { a: -1, b: 0, c: 0, d: 1, e: 2 * center.x, f: 0 }
    : { a: 1, b: 0, c: 0, d: -1, e: 0, f: 2 * center.y };
}

/** A rotation by `degrees` counter-clockwise (y up) around `center`. */
export function rotateAround(center: Point, degrees: number): Affine {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return {
    a: cos,
    b: sin,
    c: -sin,
    d: cos,
    e: center.x - cos * center.x + sin * center.y,
    f: center.y - sin * center.x - cos * center.y,
  };
}

/**
 * Transforms the selected points (with the handles of selected on-curve points), or, when nothing is selected, the
 * whole letter: every contour and every pen stroke. A mirrored whole contour is reversed so it keeps its direction.
 */
export function transformSelection(glyph: GlyphDocument, selection: Selection, m: Affine): Change {
  const ops: ChangeOperation[] = [];
  const mirrors = m.a * m.d - m.b * m.c < 0;
  const groups =
    selection.size > 0
      ? selectionByContour(selection)
      : new Map(glyph.contours.map((contour, c) => [c, new Set(contour.points.map((_, p) => p))]));
  for (const [c, selected] of groups) {
    const contour = glyph.contours[c];
    if (!contour) continue;
    const points = contour.points;
    const moved = new Set<number>();
    for (const p of selected) {
      if (!points[p]) continue;
      moved.add(p);
      if (points[p]!.on) {
        for (const q of [(p - 1 + points.length) % points.length, (p + 1) % points.length]) {
          if (!points[q]!.on) moved.add(q);
        }
      }
    }
    const next = points.map((point, p) => (moved.has(p) ? { ...point, ...applyAffine(m, point) } : point));
    const whole = moved.size === points.length;
    ops.push({
      op: "set",
      path: ["contours", c, "points"],
      value: whole && mirrors ? reversedContour({ points: next }).points : next,
    });
  }
  if (selection.size === 0) {
    glyph.strokes.forEach((stroke, s) => {
      ops.push({
        op: "set",
        path: ["strokes", s, "points"],
        value: stroke.points.map((point) => ({ ...point, ...applyAffine(m, point) })),
      });
    });
  }
  return { ops };
}
