import type { BBox } from "../../outline/types.ts";
import type { FontPlan } from "../plan.ts";
import { ByteWriter, OPENTYPE_EPOCH_OFFSET } from "./binary.ts";

/** The union of all glyph boxes (zeros for a font without ink). */
export function fontBounds(plan: FontPlan): BBox {
  const boxes = plan.glyphs.map((glyph) => glyph.bbox).filter((box): box is BBox => box !== null);
  if (boxes.length === 0) return { xMin: 0, yMin: 0, xMax: 0, yMax: 0 };
  return {
    xMin: Math.min(...boxes.map((b) => b.xMin)),
    yMin: Math.min(...boxes.map((b) => b.yMin)),
    xMax: Math.max(...boxes.map((b) => b.xMax)),
    yMax: Math.max(...boxes.map((b) => b.yMax)),
  };
}

/** head: global bounds, revision, dates; `longLoca` only matters for TrueType outlines. */
export function writeHead(plan: FontPlan, longLoca: boolean): Uint8Array {
  const box = fontBounds(plan);
  const when = plan.timestamp + OPENTYPE_EPOCH_OFFSET;
  const bold = plan.weight >= 700;
  // flags: baseline at y=0 (bit 0), left side bearing at x=0 (bit 1), integer ppem (bit 3).
  return new ByteWriter()
    .u16(1)
    .u16(0)
    .fixed(plan.revision)
    .u32(0)
    .u32(0x5f0f3cf5)
    .u16(0b1011)
    .u16(1000)
    .dateTime(when)
    .dateTime(when)
    .i16(box.xMin)
    .i16(box.yMin)
    .i16(box.xMax)
    .i16(box.yMax)
    .u16((bold ? 1 : 0) | (plan.italic ? 2 : 0))
    .u16(8)
    .i16(2)
    .i16(longLoca ? 1 : 0)
    .i16(0)
    .toBytes();
}

/** hhea: line metrics for macOS and horizontal extents. */
export function writeHhea(plan: FontPlan): Uint8Array {
  let minLsb = 0;
  let minRsb = 0;
  let maxExtent = 0;
  let first = true;
  for (const glyph of plan.glyphs) {
    if (!glyph.bbox) continue;
    const lsb = glyph.bbox.xMin;
    const rsb = glyph.advance - glyph.bbox.xMax;
    if (first || lsb < minLsb) minLsb = lsb;
    if (first || rsb < minRsb) minRsb = rsb;
    if (first || glyph.bbox.xMax > maxExtent) maxExtent = glyph.bbox.xMax;
    first = false;
  }
  const m = plan.metrics;
  return new ByteWriter()
    .u16(1)
    .u16(0)
    .i16(m.hheaAscender)
    .i16(m.hheaDescender)
    .i16(m.hheaLineGap)
    .u16(Math.max(...plan.glyphs.map((g) => g.advance)))
    .i16(minLsb)
    .i16(minRsb)
    .i16(maxExtent)
    .i16(1)
    .i16(0)
    .i16(0)
    .i16(0)
    .i16(0)
    .i16(0)
    .i16(0)
    .i16(0)
    .u16(plan.glyphs.length)
    .toBytes();
}

/** hmtx: advance and left side bearing (= xMin) of every glyph. */
export function writeHmtx(plan: FontPlan): Uint8Array {
  const out = new ByteWriter();
  for (const glyph of plan.glyphs) out.u16(glyph.advance).i16(glyph.bbox?.xMin ?? 0);
  return out.toBytes();
}

/** maxp version 0.5, for CFF fonts. */
export function writeMaxpCff(plan: FontPlan): Uint8Array {
  return new ByteWriter().u32(0x00005000).u16(plan.glyphs.length).toBytes();
}

/**
 * post: version 3 (no names) for CFF; TrueType fonts use version 2 from glyf.ts. The italic angle is 0 even for an
 * italic style: the slant of handwriting is not measured.
 */
export function writePostHeader(version: number, italicAngle: number): ByteWriter {
  return new ByteWriter().fixed(version).fixed(italicAngle).i16(-100).i16(50).u32(0).u32(0).u32(0).u32(0).u32(0);
}
