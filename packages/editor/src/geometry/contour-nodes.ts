import type { ContourPoint, GlyphContour, Point, PointType } from "@handfont/engine/fonts";
import { contourSegments } from "./contour-segments.ts";

/**
 * A contour as on-curve nodes with their handles: `in` is the handle before the node (the end of the previous
 * segment), `out` the handle after it. A segment is a curve when either side has a handle; a missing one is put on
 * its node. Structural edits (delete a point, toggle smooth, draw with the contour pen) are simplest in this form.
 */
export interface ContourNode {
  x: number;
  y: number;
  type: PointType;
  in: Point | null;
  out: Point | null;
}

/** The nodes of a contour. */
export function contourToNodes(contour: GlyphContour): ContourNode[] {
  const points = contour.points;
  const segments = contourSegments(contour);
  const nodes: ContourNode[] = segments.map((segment) => {
    const point = points[segment.from]!;
    return { x: point.x, y: point.y, type: point.on ? point.type : "corner", in: null, out: null };
  });
  segments.forEach((segment, k) => {
    if (!segment.handles) return;
    const [h1, h2] = segment.handles;
    nodes[k]!.out = { x: points[h1]!.x, y: points[h1]!.y };
    nodes[(k + 1) % nodes.length]!.in = { x: points[h2]!.x, y: points[h2]!.y };
  });
  return nodes;
}

/** The contour of the nodes, starting at the first. */
export function nodesToContour(nodes: readonly ContourNode[]): GlyphContour {
  const points: ContourPoint[] = [];
  nodes.forEach((node, k) => {
    points.push({ x: node.x, y: node.y, on: true, type: node.type });
    const next = nodes[(k + 1) % nodes.length]!;
    if (node.out || next.in) {
      const a = node.out ?? node;
      const b = next.in ?? next;
      points.push({ x: a.x, y: a.y, on: false }, { x: b.x, y: b.y, on: false });
    }
  });
  return { points };
}

/** For each point index of the contour, the node it belongs to (a handle belongs to the node it hangs from). */
export function nodeOfPoint(contour: GlyphContour): number[] {
  const owner: number[] = [];
  contourSegments(contour).forEach((segment, k, segments) => {
    owner[segment.from] = k;
    if (segment.handles) {
      owner[segment.handles[0]] = k;
      owner[segment.handles[1]] = (k + 1) % segments.length;
    }
  });
  return owner;
}

/** Whether a closed contour of these nodes encloses any area at all (two nodes need a curve between them). */
export const nodesHaveArea = (nodes: readonly ContourNode[]): boolean =>
  nodes.length >= 3 || (nodes.length === 2 && nodes.some((node) => node.in || node.out));
