import type { GlyphDocument, Point, UnitBox } from "@handfont/engine/fonts";
import { parsePointKey, type Selection } from "../selection.ts";
import { strokeHalfWidth } from "./erase.ts";

function boxOfPoints(points: Iterable<Point>, margin = 0): UnitBox | null {
  let box: UnitBox | null = null;
  for (const p of points) {
    if (!box) box = { xMin: p.x, yMin: p.y, xMax: p.x, yMax: p.y };
    else {
      box.xMin = Math.min(box.xMin, p.x);
      box.yMin = Math.min(box.yMin, p.y);
      box.xMax = Math.max(box.xMax, p.x);
      box.yMax = Math.max(box.yMax, p.y);
    }
  }
  return box && { xMin: box.xMin - margin, yMin: box.yMin - margin, xMax: box.xMax + margin, yMax: box.yMax + margin };
}

function union(a: UnitBox | null, b: UnitBox | null): UnitBox | null {
  if (!a || !b) return a ?? b;
  return {
    xMin: Math.min(a.xMin, b.xMin),
    yMin: Math.min(a.yMin, b.yMin),
    xMax: Math.max(a.xMax, b.xMax),
    yMax: Math.max(a.yMax, b.yMax),
  };
}

/**
 * The box of everything drawn, from control points and pen positions widened by the pen: a little larger than the
 * ink where curves bulge less than their handles, which is what a fit-to-view or a pivot needs.
 */
export function documentBox(glyph: GlyphDocument): UnitBox | null {
  let box = boxOfPoints(glyph.contours.flatMap((contour) => contour.points));
  for (const stroke of glyph.strokes) box = union(box, boxOfPoints(stroke.points, strokeHalfWidth(stroke)));
  return box;
}

/** The box of the selected points, or of the whole letter when nothing is selected. */
export function selectionBox(glyph: GlyphDocument, selection: Selection): UnitBox | null {
  if (selection.size === 0) return documentBox(glyph);
  const points: Point[] = [];
  for (const key of selection) {
    const { contour, point } = parsePointKey(key);
    const found = glyph.contours[contour]?.points[point];
    if (found) points.push(found);
  }
  return boxOfPoints(points);
}

export const boxCenter = (box: UnitBox): Point => ({ x: (box.xMin + box.xMax) / 2, y: (box.yMin + box.yMax) / 2 });
