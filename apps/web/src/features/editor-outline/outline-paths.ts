import { type ContourNode, contourSegments, toScreen, type Viewport } from "@handfont/editor";
import type { GlyphContour, GlyphDocument, Point } from "@handfont/engine/fonts";

const fmt = (value: number) => Math.round(value * 10) / 10;
const at = (view: Viewport, p: Point) => {
  const s = toScreen(view, p);
  return `${fmt(s.x)} ${fmt(s.y)}`;
};

/** One contour as SVG path data in screen pixels. */
export function contourPathData(contour: GlyphContour, view: Viewport): string {
  const points = contour.points;
  const segments = contourSegments(contour);
  if (segments.length === 0) return "";
  let data = `M${at(view, points[0]!)}`;
  for (const segment of segments) {
    const to = points[segment.to]!;
    if (segment.handles) {
      const [h1, h2] = segment.handles;
      data += `C${at(view, points[h1]!)} ${at(view, points[h2]!)} ${at(view, to)}`;
    } else if (segment.to !== 0) {
      data += `L${at(view, to)}`;
    }
  }
  return `${data}Z`;
}

/** Every contour of a letter as one path (filled nonzero, as the font fills it). */
export const glyphPathData = (glyph: GlyphDocument, view: Viewport): string =>
  glyph.contours.map((contour) => contourPathData(contour, view)).join("");

/** The lines from each handle to the on-curve point it belongs to, as [handle, point] pairs. */
export function handleLines(contour: GlyphContour): [Point, Point][] {
  const points = contour.points;
  return contourSegments(contour).flatMap((segment) => {
    if (!segment.handles) return [];
    const [h1, h2] = segment.handles;
    return [
      [points[h1]!, points[segment.from]!],
      [points[h2]!, points[segment.to]!],
    ] as [Point, Point][];
  });
}

/** The unfinished contour of the contour pen, open (it closes when the user returns to its first node). */
export function nodesPathData(nodes: readonly ContourNode[], view: Viewport): string {
  if (nodes.length === 0) return "";
  let data = `M${at(view, nodes[0]!)}`;
  for (let k = 1; k < nodes.length; k++) {
    const from = nodes[k - 1]!;
    const to = nodes[k]!;
    if (from.out || to.in) data += `C${at(view, from.out ?? from)} ${at(view, to.in ?? to)} ${at(view, to)}`;
    else data += `L${at(view, to)}`;
  }
  return data;
}
