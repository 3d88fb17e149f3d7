import type { Contour, Outline, Point, Segment } from "../outline/types.ts";
import type { ContourPoint, GlyphContour, PointType } from "./document.ts";

/** Handles within this angle (radians) of a straight line through their point make it smooth: about 2°. */
const SMOOTH_ANGLE = 0.035;

/** The outline of a document's contours: each on-curve point ends a line, each pair of off-curve points a cubic. */
export function outlineFromContours(contours: readonly GlyphContour[]): Outline {
  const outline: Outline = [];
  for (const { points } of contours) {
    const first = points[0];
    if (!first) continue;
    const segments: Segment[] = [];
    let controls: Point[] = [];
    const close = [...points.slice(1), first];
    for (const point of close) {
      if (!point.on) {
        controls.push(point);
        continue;
      }
      if (controls.length === 2) {
        const [c1, c2] = controls as [Point, Point];
        segments.push({ type: "C", x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, x: point.x, y: point.y });
      } else segments.push({ type: "L", x: point.x, y: point.y });
      controls = [];
    }
    // The loop ends back at the first point; a straight return there is implicit in an Outline.
    const last = segments.at(-1);
    if (last?.type === "L") segments.pop();
    if (segments.length > 0) outline.push({ start: { x: first.x, y: first.y }, segments });
  }
  return outline;
}

/** Whether the directions (ax, ay) into a point and (bx, by) out of it continue each other. */
function continues(ax: number, ay: number, bx: number, by: number): boolean {
  const la = Math.hypot(ax, ay);
  const lb = Math.hypot(bx, by);
  if (la === 0 || lb === 0) return false;
  const cross = (ax * by - ay * bx) / (la * lb);
  const dot = ax * bx + ay * by;
  return dot > 0 && Math.abs(cross) < Math.sin(SMOOTH_ANGLE);
}

/** The direction a segment leaves its start point with, or null when it does not move. */
function leaving(from: Point, s: Segment): Point | null {
  const candidates = s.type === "C" ? [{ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }, s] : [s];
  for (const c of candidates) if (c.x !== from.x || c.y !== from.y) return { x: c.x - from.x, y: c.y - from.y };
  return null;
}

/** The direction a segment arrives at its end point with, or null when it does not move. */
function arriving(from: Point, s: Segment): Point | null {
  const candidates = s.type === "C" ? [{ x: s.x2, y: s.y2 }, { x: s.x1, y: s.y1 }, from] : [from];
  for (const c of candidates) if (c.x !== s.x || c.y !== s.y) return { x: s.x - c.x, y: s.y - c.y };
  return null;
}

/**
 * A document's contours from an outline: on-curve points at segment ends, two off-curve points per cubic, and each
 * on-curve point typed smooth when the curve passes through it without turning, corner otherwise.
 */
export function contoursFromOutline(outline: Outline): GlyphContour[] {
  const contours: GlyphContour[] = [];
  for (const contour of outline) {
    const segments = closedSegments(contour);
    if (segments.length === 0) continue;
    // Vertex i is where segment i-1 ends and segment i starts; vertex 0 is the start.
    const starts: Point[] = [contour.start, ...segments.slice(0, -1).map((s) => ({ x: s.x, y: s.y }))];
    const typeAt = (i: number): PointType => {
      const before = segments[(i - 1 + segments.length) % segments.length]!;
      const into = arriving(starts[(i - 1 + segments.length) % segments.length]!, before);
      const out = leaving(starts[i]!, segments[i]!);
      return into && out && continues(into.x, into.y, out.x, out.y) ? "smooth" : "corner";
    };
    const points: ContourPoint[] = [];
    segments.forEach((s, i) => {
      points.push({ x: starts[i]!.x, y: starts[i]!.y, on: true, type: typeAt(i) });
      if (s.type === "C") points.push({ x: s.x1, y: s.y1, on: false }, { x: s.x2, y: s.y2, on: false });
    });
    contours.push({ points });
  }
  return contours;
}

/** A contour's segments with its return to the start made explicit (a line when the last point is elsewhere). */
function closedSegments(contour: Contour): Segment[] {
  const segments = [...contour.segments];
  const end = segments.at(-1) ?? contour.start;
  if (end.x !== contour.start.x || end.y !== contour.start.y) {
    segments.push({ type: "L", x: contour.start.x, y: contour.start.y });
  }
  return segments;
}
