import cubicToQuad from "cubic2quad";
import { reverseOutline } from "../../outline/direction.ts";
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
 * Converts a PostScript-direction cubic outline to TrueType contours: clockwise outer contours, quadratics within
 * `precision` units of the cubics before rounding, and on-curve points dropped where they are exactly implied.
 */
export function toTrueTypeContours(outline: Outline, precision = 0.4): TrueTypePoint[][] {
  const contours: TrueTypePoint[][] = [];
  for (const contour of reverseOutline(outline)) {
    const points: TrueTypePoint[] = [{ x: contour.start.x, y: contour.start.y, on: true }];
    let from = contour.start;
    for (const s of contour.segments) {
      if (s.type === "L") points.push({ x: s.x, y: s.y, on: true });
      else {
        const quad = cubicToQuad(from.x, from.y, s.x1, s.y1, s.x2, s.y2, s.x, s.y, precision);
        for (let i = 2; i < quad.length; i += 4) {
          points.push({ x: Math.round(quad[i]!), y: Math.round(quad[i + 1]!), on: false });
          points.push({ x: Math.round(quad[i + 2]!), y: Math.round(quad[i + 3]!), on: true });
        }
      }
      from = s;
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

function encodeGlyph(contours: TrueTypePoint[][]): Uint8Array {
  if (contours.length === 0) return new Uint8Array(0);
  const all = contours.flat();
  const out = new ByteWriter()
    .i16(contours.length)
    .i16(Math.min(...all.map((p) => p.x)))
    .i16(Math.min(...all.map((p) => p.y)))
    .i16(Math.max(...all.map((p) => p.x)))
    .i16(Math.max(...all.map((p) => p.y)));
  let end = -1;
  for (const contour of contours) {
    end += contour.length;
    out.u16(end);
  }
  out.u16(0); // no instructions
  const flags: number[] = [];
  const xs = new ByteWriter();
  const ys = new ByteWriter();
  let px = 0;
  let py = 0;
  for (const point of all) {
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
  return out.bytes(xs.toBytes()).bytes(ys.toBytes()).pad(2).toBytes();
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
  const glyf = new ByteWriter();
  const offsets: number[] = [];
  let maxPoints = 0;
  let maxContours = 0;
  for (const contours of contoursPerGlyph) {
    offsets.push(glyf.length);
    glyf.bytes(encodeGlyph(contours));
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
