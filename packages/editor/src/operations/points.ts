import type { ContourPoint, GlyphContour, GlyphDocument, Point } from "@handfont/engine/fonts";
import type { Change, ChangeOperation } from "../change/change.ts";
import { contourToNodes, nodeOfPoint, nodesHaveArea, nodesToContour } from "../geometry/contour-nodes.ts";
import { contourSegments, nextIndex, previousIndex, segmentCubic } from "../geometry/contour-segments.ts";
import { splitCubic } from "../geometry/cubic.ts";
import { distance, lerp, roundTenth } from "../geometry/vector.ts";
import { type PointKey, pointKey, type Selection, selectionByContour } from "../selection.ts";

const pointPath = (contour: number, point: number) => ["contours", contour, "points", point];

/**
 * The handle on the other side of a smooth node from handle `index`, when the node itself stays put: moving one
 * handle of a smooth node turns the other with it, so the curve stays smooth through the node.
 */
function oppositeHandle(contour: GlyphContour, index: number): { node: number; opposite: number } | null {
  const points = contour.points;
  const before = previousIndex(contour, index);
  const after = nextIndex(contour, index);
  const node = points[before]!.on ? before : points[after]!.on ? after : -1;
  if (node < 0) return null;
  const anchor = points[node]!;
  if (!anchor.on || anchor.type !== "smooth") return null;
  const opposite = node === before ? previousIndex(contour, node) : nextIndex(contour, node);
  return points[opposite]!.on || opposite === index ? null : { node, opposite };
}

/**
 * Moves the selected points by (dx, dy). An on-curve point takes its handles along; a handle of a smooth node turns
 * the node's other handle to stay in line with it (keeping that handle's length).
 */
export function movePoints(glyph: GlyphDocument, selection: Selection, dx: number, dy: number): Change {
  const ops: ChangeOperation[] = [];
  if (dx === 0 && dy === 0) return { ops };
  for (const [c, selected] of selectionByContour(selection)) {
    const contour = glyph.contours[c];
    if (!contour) continue;
    const points = contour.points;
    const moved = new Set<number>();
    for (const p of selected) {
      if (!points[p]) continue;
      moved.add(p);
      if (points[p]!.on) {
        for (const neighbour of [previousIndex(contour, p), nextIndex(contour, p)]) {
          if (!points[neighbour]!.on) moved.add(neighbour);
        }
      }
    }
    const position = new Map<number, Point>();
    for (const p of moved) position.set(p, { x: points[p]!.x + dx, y: points[p]!.y + dy });
    for (const p of moved) {
      if (points[p]!.on) continue;
      const pair = oppositeHandle(contour, p);
      if (!pair || moved.has(pair.node) || moved.has(pair.opposite)) continue;
      const anchor = points[pair.node]!;
      const handle = position.get(p)!;
      const away = distance(anchor, handle);
      if (away === 0) continue;
      const length = distance(anchor, points[pair.opposite]!);
      position.set(pair.opposite, {
        x: roundTenth(anchor.x - ((handle.x - anchor.x) / away) * length),
        y: roundTenth(anchor.y - ((handle.y - anchor.y) / away) * length),
      });
    }
    for (const [p, { x, y }] of position)
      ops.push({ op: "set", path: pointPath(c, p), value: { ...points[p]!, x, y } });
  }
  return { ops };
}

/** Replaces whole contours (index → new contour or null to remove), removing from the end so indices hold. */
function replaceContours(glyph: GlyphDocument, replaced: Map<number, GlyphContour | null>): Change {
  const ops: ChangeOperation[] = [];
  for (const c of [...replaced.keys()].sort((a, b) => b - a)) {
    const contour = replaced.get(c);
    if (contour === null) ops.push({ op: "splice", path: ["contours"], index: c, remove: 1, insert: [] });
    else if (contour && glyph.contours[c])
      ops.push({ op: "set", path: ["contours", c, "points"], value: contour.points });
  }
  return { ops };
}

/**
 * Inserts an on-curve point on segment `segmentIndex` of contour `contourIndex` at parameter t, without changing
 * the shape (a curve is split in two). Returns the change and the new point's key.
 */
export function insertPoint(
  glyph: GlyphDocument,
  contourIndex: number,
  segmentIndex: number,
  t: number,
): { change: Change; point: PointKey } | null {
  const contour = glyph.contours[contourIndex];
  const segment = contour && contourSegments(contour)[segmentIndex];
  if (!contour || !segment) return null;
  const path = ["contours", contourIndex, "points"];
  const round = (p: Point) => ({ x: roundTenth(p.x), y: roundTenth(p.y) });
  if (segment.handles) {
    const [left, right] = splitCubic(segmentCubic(contour, segment), t);
    const insert: ContourPoint[] = [
      { ...round(left[1]), on: false },
      { ...round(left[2]), on: false },
      { ...round(left[3]), on: true, type: "smooth" },
      { ...round(right[1]), on: false },
      { ...round(right[2]), on: false },
    ];
    return {
      change: { ops: [{ op: "splice", path, index: segment.handles[0], remove: 2, insert }] },
      point: pointKey(contourIndex, segment.handles[0] + 2),
    };
  }
  const at = segment.from + 1;
  const point: ContourPoint = {
    ...round(lerp(contour.points[segment.from]!, contour.points[segment.to]!, t)),
    on: true,
    type: "corner",
  };
  return {
    change: { ops: [{ op: "splice", path, index: at, remove: 0, insert: [point] }] },
    point: pointKey(contourIndex, at),
  };
}

/**
 * Deletes the selected points. A deleted on-curve point joins its two segments into one (a curve when either was
 * one, keeping the outer handles); a deleted handle makes its segment a line. A contour left without area goes.
 */
export function deletePoints(glyph: GlyphDocument, selection: Selection): Change {
  const replaced = new Map<number, GlyphContour | null>();
  for (const [c, selected] of selectionByContour(selection)) {
    const contour = glyph.contours[c];
    if (!contour) continue;
    const nodes = contourToNodes(contour);
    const owner = nodeOfPoint(contour);
    const removedNodes = new Set<number>();
    for (const p of selected) {
      const point = contour.points[p];
      if (!point) continue;
      if (point.on) removedNodes.add(owner[p]!);
      else {
        // The segment of this handle becomes a line: drop both of its handles.
        const before = previousIndex(contour, p);
        const segmentStart = contour.points[before]!.on ? owner[before]! : owner[previousIndex(contour, before)]!;
        nodes[segmentStart]!.out = null;
        nodes[(segmentStart + 1) % nodes.length]!.in = null;
      }
    }
    const kept = nodes.filter((_, k) => !removedNodes.has(k));
    replaced.set(c, nodesHaveArea(kept) ? nodesToContour(kept) : null);
  }
  return replaceContours(glyph, replaced);
}

/**
 * Makes the selected on-curve points smooth (handles turned into one line through the point, lengths kept) or,
 * when all of them already are, corners.
 */
export function togglePointType(glyph: GlyphDocument, selection: Selection): Change {
  const groups = selectionByContour(selection);
  const onCurve: [number, number][] = [];
  for (const [c, selected] of groups) {
    for (const p of selected) if (glyph.contours[c]?.points[p]?.on) onCurve.push([c, p]);
  }
  const makeSmooth = onCurve.some(([c, p]) => (glyph.contours[c]!.points[p] as { type: string }).type === "corner");
  const replaced = new Map<number, GlyphContour | null>();
  for (const [c, selected] of groups) {
    const contour = glyph.contours[c];
    if (!contour) continue;
    const nodes = contourToNodes(contour);
    const owner = nodeOfPoint(contour);
    let touched = false;
    for (const p of selected) {
      if (!contour.points[p]?.on) continue;
      const k = owner[p]!;
      const node = nodes[k]!;
      touched = true;
      if (!makeSmooth) {
        node.type = "corner";
        continue;
      }
      node.type = "smooth";
      alignHandles(node, nodes[(k - 1 + nodes.length) % nodes.length]!, nodes[(k + 1) % nodes.length]!);
    }
    if (touched) replaced.set(c, nodesToContour(nodes));
  }
  return replaceContours(glyph, replaced);
}

/** Turns a smooth node's handles onto one line through it; next to a straight segment, along that segment. */
function alignHandles(
  node: { x: number; y: number; in: Point | null; out: Point | null },
  previous: Point,
  next: Point,
): void {
  const towards = (p: Point | null, fallback: Point) => p ?? fallback;
  const a = towards(node.in, previous);
  const b = towards(node.out, next);
  let dx = b.x - a.x;
  let dy = b.y - a.y;
  // A straight neighbour fixes the tangent: the handle on the other side follows the line.
  if (!node.in && node.out) {
    dx = node.x - previous.x;
    dy = node.y - previous.y;
  } else if (node.in && !node.out) {
    dx = next.x - node.x;
    dy = next.y - node.y;
  }
  const length = Math.hypot(dx, dy);
  if (length === 0) return;
  const ux = dx / length;
  const uy = dy / length;
  if (node.in) {
    const l = distance(node, node.in);
    node.in = { x: roundTenth(node.x - ux * l), y: roundTenth(node.y - uy * l) };
  }
  if (node.out) {
    const l = distance(node, node.out);
    node.out = { x: roundTenth(node.x + ux * l), y: roundTenth(node.y + uy * l) };
  }
}
