import { cubicAt, cubicSlope } from "../../outline/bezier.ts";
import { type CubicPiece, curvesCross } from "../../outline/curve-crossings.ts";
import { orientOutline } from "../../outline/direction.ts";
import { flattenOutline } from "../../outline/flatten.ts";
import { translateOutline } from "../../outline/geometry.ts";
import { mergeContours } from "../../outline/overlap.ts";
import type { Outline } from "../../outline/types.ts";
import type { FontPlan } from "../plan.ts";
import { ByteWriter } from "./binary.ts";
import { writePostHeader } from "./tables-common.ts";

/** A TrueType point: on-curve, or the control point of a quadratic. */
export interface TrueTypePoint {
  x: number;
  y: number;
  on: boolean;
}

/**
 * Approximates a cubic by n quadratics over equal parameter steps. Each piece uses the control point
 * (3·P1 − P0 + 3·P2 − P3)/4 of its sub-cubic, whose distance to the sub-cubic is at most √3/36·|P3 − 3·P2 + 3·P1 − P0|,
 * and that third difference shrinks by n³ when the cubic is split in n; n is the smallest that meets `precision`.
 * Returns [control, end] pairs. A cubic that is an elevated quadratic (third difference 0) gives one exact quadratic.
 */
export function cubicToQuadratics(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  precision: number,
): number[] {
  const third = Math.hypot(x3 - 3 * x2 + 3 * x1 - x0, y3 - 3 * y2 + 3 * y1 - y0);
  const n = Math.max(1, Math.ceil(Math.cbrt(((Math.sqrt(3) / 36) * third) / precision)));
  const result: number[] = [];
  const at = cubicAt;
  const slope = cubicSlope;
  for (let i = 0; i < n; i++) {
    const t0 = i / n;
    const t1 = (i + 1) / n;
    const h = (t1 - t0) / 3;
    // The sub-cubic's control points from its end points and tangents.
    const ax = at(x0, x1, x2, x3, t0);
    const ay = at(y0, y1, y2, y3, t0);
    const dx = at(x0, x1, x2, x3, t1);
    const dy = at(y0, y1, y2, y3, t1);
    const bx = ax + h * slope(x0, x1, x2, x3, t0);
    const by = ay + h * slope(y0, y1, y2, y3, t0);
    const cx = dx - h * slope(x0, x1, x2, x3, t1);
    const cy = dy - h * slope(y0, y1, y2, y3, t1);
    result.push(
      (3 * bx - ax + 3 * cx - dx) / 4,
      (3 * by - ay + 3 * cy - dy) / 4,
      i === n - 1 ? x3 : dx,
      i === n - 1 ? y3 : dy,
    );
  }
  return result;
}

/** Whether four control values never turn back (the cubic through them runs one way). */
const monotonic = (a: number, b: number, c: number, d: number) =>
  (a <= b && b <= c && c <= d) || (a >= b && b >= c && c >= d);

/** v limited to the range between a and b. */
const clamp = (v: number, a: number, b: number) => Math.min(Math.max(v, Math.min(a, b)), Math.max(a, b));

/**
 * Converts a PostScript-direction cubic outline, moved right by dx, to TrueType contours: clockwise outer contours, quadratics within
 * `precision` units of the cubics before rounding (so within 1 unit after it), and on-curve points dropped where they are exactly implied.
 */
export function toTrueTypeContours(outline: Outline, dx = 0, precision = 0.25): TrueTypePoint[][] {
  const contours: TrueTypePoint[][] = [];
  for (const contour of outline) {
    // Walked backwards (TrueType runs the other way round): from the start, along the implicit closing line to the
    // last point, then each segment reversed.
    const { start, segments } = contour;
    const points: TrueTypePoint[] = [{ x: start.x + dx, y: start.y, on: true }];
    const lastEnd = segments.at(-1);
    if (lastEnd && (lastEnd.x !== start.x || lastEnd.y !== start.y))
      points.push({ x: lastEnd.x + dx, y: lastEnd.y, on: true });
    for (let i = segments.length - 1; i >= 0; i--) {
      const s = segments[i]!;
      const to = i === 0 ? start : segments[i - 1]!;
      if (s.type === "L") points.push({ x: to.x + dx, y: to.y, on: true });
      else {
        const quad = cubicToQuadratics(s.x, s.y, s.x2, s.y2, s.x1, s.y1, to.x, to.y, precision);
        // A cubic that runs one way along an axis (extrema are points of their own, see withExtrema) gives quadratics
        // that do too: a control that rounding or the approximation puts past its ends would add an extremum.
        const alongX = monotonic(s.x, s.x2, s.x1, to.x);
        const alongY = monotonic(s.y, s.y2, s.y1, to.y);
        for (let k = 0; k < quad.length; k += 4) {
          const from = points.at(-1)!;
          const x = Math.round(quad[k + 2]! + dx);
          const y = Math.round(quad[k + 3]!);
          const cx = Math.round(quad[k]! + dx);
          const cy = Math.round(quad[k + 1]!);
          if (x === from.x && y === from.y) continue;
          const control = { x: alongX ? clamp(cx, from.x, x) : cx, y: alongY ? clamp(cy, from.y, y) : cy, on: false };
          // A control on either end is a line once rounded: kept, it would be a curve of no length at that end.
          const atEnd = (control.x === from.x && control.y === from.y) || (control.x === x && control.y === y);
          if (!atEnd) points.push(control);
          points.push({ x, y, on: true });
        }
      }
    }
    const last = points.at(-1)!;
    if (points.length > 1 && last.on && last.x === points[0]!.x && last.y === points[0]!.y) points.pop();
    const simplified = points.filter((point, index) => {
      if (!point.on || index === 0) return true;
      const before = points[index - 1]!;
      const after = points[(index + 1) % points.length]!;
      return !(!before.on && !after.on && before.x + after.x === 2 * point.x && before.y + after.y === 2 * point.y);
    });
    if (simplified.length >= 2) contours.push(simplified);
  }
  return contours;
}

/** The pieces of a TrueType contour as exact cubics (implied on-curve points between two off-curve points). */
function trueTypePieces(contour: TrueTypePoint[]): CubicPiece[] {
  const n = contour.length;
  let first = contour.findIndex((p) => p.on);
  const pieces: CubicPiece[] = [];
  if (first < 0) first = 0;
  const onAt = (k: number) => {
    const p = contour[k % n]!;
    if (p.on) return p;
    const q = contour[(k - 1 + n) % n]!;
    return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2, on: true };
  };
  let from = onAt(first);
  for (let k = first + 1; k <= first + n; k++) {
    const p = contour[k % n]!;
    if (p.on) {
      pieces.push([
        from.x,
        from.y,
        from.x + (p.x - from.x) / 3,
        from.y + (p.y - from.y) / 3,
        from.x + (2 * (p.x - from.x)) / 3,
        from.y + (2 * (p.y - from.y)) / 3,
        p.x,
        p.y,
      ]);
      from = p;
      continue;
    }
    const next = contour[(k + 1) % n]!;
    const end = next.on ? next : { x: (p.x + next.x) / 2, y: (p.y + next.y) / 2, on: true };
    pieces.push([
      from.x,
      from.y,
      from.x + (2 / 3) * (p.x - from.x),
      from.y + (2 / 3) * (p.y - from.y),
      end.x + (2 / 3) * (p.x - end.x),
      end.y + (2 / 3) * (p.y - end.y),
      end.x,
      end.y,
    ]);
    from = end;
    if (next.on) k++;
  }
  return pieces;
}

/**
 * TrueType contours that are guaranteed simple: where rounding the quadratics made contours cross or touch (ink
 * closer than a unit to itself), that glyph is merged into integer polygons instead.
 */
export function simpleTrueTypeContours(outline: Outline, dx = 0): TrueTypePoint[][] {
  const contours = toTrueTypeContours(outline, dx);
  // Lines convert exactly: an outline without curves (merged polygons) is as simple as its cubic form.
  const curved = outline.some((contour) => contour.segments.some((segment) => segment.type === "C"));
  if (!curved || curvesCross(contours.map(trueTypePieces)).size === 0) return contours;
  // Fall back to the cubic outline flattened within 0.25 units and merged on the integer grid: lines only, at most
  // about 1 unit from the cubics, and strictly simple. Outer contours clockwise.
  const flat = flattenOutline(translateOutline(outline, dx, 0), 0.25);
  const asOutline: Outline = flat.map((polygon) => ({
    start: polygon[0]!,
    segments: polygon.slice(1).map((p) => ({ type: "L" as const, x: p.x, y: p.y })),
  }));
  const merged = orientOutline(mergeContours(asOutline, flat, new Set(flat.keys())), true);
  return merged.map((contour) => [contour.start, ...contour.segments].map((p) => ({ x: p.x, y: p.y, on: true })));
}

/** Appends one simple glyph (no instructions) to `out`. */
function encodeGlyph(out: ByteWriter, contours: TrueTypePoint[][], xs: ByteWriter, ys: ByteWriter): void {
  if (contours.length === 0) return;
  let xMin = Number.POSITIVE_INFINITY;
  let yMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  let yMax = Number.NEGATIVE_INFINITY;
  for (const contour of contours) {
    for (const p of contour) {
      if (p.x < xMin) xMin = p.x;
      if (p.x > xMax) xMax = p.x;
      if (p.y < yMin) yMin = p.y;
      if (p.y > yMax) yMax = p.y;
    }
  }
  out.i16(contours.length).i16(xMin).i16(yMin).i16(xMax).i16(yMax);
  let end = -1;
  for (const contour of contours) {
    end += contour.length;
    out.u16(end);
  }
  out.u16(0); // no instructions
  const flags: number[] = [];
  xs.length = 0;
  ys.length = 0;
  let px = 0;
  let py = 0;
  for (const point of contours.flat()) {
    let flag = point.on ? 1 : 0;
    const dx = point.x - px;
    const dy = point.y - py;
    if (dx === 0) flag |= 0x10;
    else if (Math.abs(dx) < 256) {
      flag |= 0x02 | (dx > 0 ? 0x10 : 0);
      xs.u8(Math.abs(dx));
    } else xs.i16(dx);
    if (dy === 0) flag |= 0x20;
    else if (Math.abs(dy) < 256) {
      flag |= 0x04 | (dy > 0 ? 0x20 : 0);
      ys.u8(Math.abs(dy));
    } else ys.i16(dy);
    flags.push(flag);
    px = point.x;
    py = point.y;
  }
  for (let i = 0; i < flags.length; ) {
    let repeat = 0;
    while (i + repeat + 1 < flags.length && flags[i + repeat + 1] === flags[i] && repeat < 255) repeat++;
    if (repeat > 0) out.u8(flags[i]! | 0x08).u8(repeat);
    else out.u8(flags[i]!);
    i += repeat + 1;
  }
  out.bytes(xs.written()).bytes(ys.written()).pad(2);
}

/** glyf, loca, maxp (version 1.0) and post (version 2, with glyph names) for TrueType outlines. */
export function writeTrueTypeTables(
  plan: FontPlan,
  contoursPerGlyph: TrueTypePoint[][][],
): {
  glyf: Uint8Array;
  loca: Uint8Array;
  maxp: Uint8Array;
  post: Uint8Array;
  longLoca: boolean;
} {
  const glyf = new ByteWriter(1 << 16);
  const xs = new ByteWriter(1024);
  const ys = new ByteWriter(1024);
  const offsets: number[] = [];
  let maxPoints = 0;
  let maxContours = 0;
  for (const contours of contoursPerGlyph) {
    offsets.push(glyf.length);
    encodeGlyph(glyf, contours, xs, ys);
    maxPoints = Math.max(
      maxPoints,
      contours.reduce((sum, c) => sum + c.length, 0),
    );
    maxContours = Math.max(maxContours, contours.length);
  }
  offsets.push(glyf.length);
  const longLoca = glyf.length > 0x1fffe;
  const loca = new ByteWriter();
  for (const offset of offsets) {
    if (longLoca) loca.u32(offset);
    else loca.u16(offset / 2);
  }
  const maxp = new ByteWriter()
    .u32(0x00010000)
    .u16(plan.glyphs.length)
    .u16(maxPoints)
    .u16(maxContours)
    .u16(0)
    .u16(0)
    .u16(2)
    .u16(0)
    .u16(0)
    .u16(0)
    .u16(0)
    .u16(0)
    .u16(0)
    .u16(0)
    .u16(0);
  // post version 2: every name is stored as a custom string, so no standard-name lookup can go wrong.
  const post = writePostHeader(2, 0).u16(plan.glyphs.length);
  for (let index = 0; index < plan.glyphs.length; index++) post.u16(258 + index);
  for (const glyph of plan.glyphs) {
    post.u8(glyph.name.length);
    for (let i = 0; i < glyph.name.length; i++) post.u8(glyph.name.charCodeAt(i));
  }
  return { glyf: glyf.toBytes(), loca: loca.toBytes(), maxp: maxp.toBytes(), post: post.toBytes(), longLoca };
}
