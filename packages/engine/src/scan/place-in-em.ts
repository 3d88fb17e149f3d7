import { cubicAt, cubicExtremaT } from "../outline/bezier.ts";
import type { Contour, Outline } from "../outline/types.ts";
import type { LayoutCell } from "../template/layout-types.ts";
import { UNITS_PER_EM } from "../units.ts";
import type { TracedOutline } from "./trace-outline.ts";

/** A glyph's bounding box in font units. */
export type GlyphBox = { xMin: number; yMin: number; xMax: number; yMax: number };

/** `outline` is `path` as contours, for checking it without parsing it again. */
export type PlacedOutline = { path: string; bbox: GlyphBox | null; outline: Outline };

/** Where a traced bitmap lies on the page: the cell grid's origin (mm), its resolution and the bitmap's offset. */
export type TraceFrame = { originX: number; originY: number; pxPerMm: number; left: number; top: number };

/**
 * Moves a traced outline from mask pixels into the cell's font units: y up from the cell's printed baseline,
 * 1000 units per em, x from the box's left edge. Returns absolute SVG path data (M, L, C, Z) with integer
 * coordinates, and the exact bounding box of the curves.
 */
export function placeInEm(traced: TracedOutline, frame: TraceFrame, cell: LayoutCell): PlacedOutline {
  if (traced.paths.length === 0) return { path: "", bbox: null, outline: [] };
  const unitsPerPx = UNITS_PER_EM / (cell.emMm * frame.pxPerMm);
  // Potrace: tenths of a pixel, y up from the bottom of the traced area. Mask: pixels, y down.
  const offsetX = (frame.left + (frame.originX - cell.box.x) * frame.pxPerMm) * unitsPerPx;
  const shiftY = (cell.baselineY - frame.originY) * frame.pxPerMm - (frame.top + traced.height);
  const toX = (x: number) => Math.round(x * 0.1 * unitsPerPx + offsetX);
  const toY = (y: number) => Math.round((y * 0.1 + shiftY) * unitsPerPx);

  const out: string[] = [];
  const outline: Outline = [];
  let contour: Contour = { start: { x: 0, y: 0 }, segments: [] };
  const box = { xMin: Infinity, yMin: Infinity, xMax: -Infinity, yMax: -Infinity };
  const extend = (x: number, y: number) => {
    if (x < box.xMin) box.xMin = x;
    if (x > box.xMax) box.xMax = x;
    if (y < box.yMin) box.yMin = y;
    if (y > box.yMax) box.yMax = y;
  };
  let cx = 0;
  let cy = 0;
  let startX = 0;
  let startY = 0;
  let lastX = 0;
  let lastY = 0;
  for (const { command, args } of tokenize(traced.paths.join(" "))) {
    const relative = command === command.toLowerCase();
    switch (command.toUpperCase()) {
      case "M":
        for (let i = 0; i + 1 < args.length; i += 2) {
          cx = (relative ? cx : 0) + args[i]!;
          cy = (relative ? cy : 0) + args[i + 1]!;
          const [x, y] = [toX(cx), toY(cy)];
          out.push(i === 0 ? `M${x} ${y}` : `L${x} ${y}`);
          if (i === 0) {
            [startX, startY] = [cx, cy];
            contour = { start: { x, y }, segments: [] };
            outline.push(contour);
          } else contour.segments.push({ type: "L", x, y });
          extend(x, y);
          [lastX, lastY] = [x, y];
        }
        break;
      case "L":
        for (let i = 0; i + 1 < args.length; i += 2) {
          const bx = relative ? cx : 0;
          const by = relative ? cy : 0;
          cx = bx + args[i]!;
          cy = by + args[i + 1]!;
          const [x, y] = [toX(cx), toY(cy)];
          out.push(`L${x} ${y}`);
          contour.segments.push({ type: "L", x, y });
          extend(x, y);
          [lastX, lastY] = [x, y];
        }
        break;
      case "C":
        for (let i = 0; i + 5 < args.length; i += 6) {
          const bx = relative ? cx : 0;
          const by = relative ? cy : 0;
          const p = [
            bx + args[i]!,
            by + args[i + 1]!,
            bx + args[i + 2]!,
            by + args[i + 3]!,
            bx + args[i + 4]!,
            by + args[i + 5]!,
          ];
          [cx, cy] = [p[4]!, p[5]!];
          const q = [toX(p[0]!), toY(p[1]!), toX(p[2]!), toY(p[3]!), toX(p[4]!), toY(p[5]!)] as const;
          out.push(`C${q[0]} ${q[1]} ${q[2]} ${q[3]} ${q[4]} ${q[5]}`);
          contour.segments.push({ type: "C", x1: q[0], y1: q[1], x2: q[2], y2: q[3], x: q[4], y: q[5] });
          extendCubic(lastX, lastY, q, extend);
          [lastX, lastY] = [q[4], q[5]];
        }
        break;
      case "Z":
        out.push("Z");
        [cx, cy] = [startX, startY];
        [lastX, lastY] = [toX(cx), toY(cy)];
        break;
    }
  }
  return { path: out.join(""), bbox: Number.isFinite(box.xMin) ? box : null, outline };
}

function* tokenize(path: string): Generator<{ command: string; args: number[] }> {
  const pattern = /([MmLlCcZz])([^MmLlCcZz]*)/g;
  for (const match of path.matchAll(pattern)) {
    const numbers = match[2]!.trim();
    yield { command: match[1]!, args: numbers ? numbers.split(/[\s,]+/).map(Number) : [] };
  }
}

/** Extends a box by a cubic's true extremes (where a derivative is zero), not its control points. */
function extendCubic(
  x0: number,
  y0: number,
  q: readonly [number, number, number, number, number, number],
  extend: (x: number, y: number) => void,
) {
  extend(q[4], q[5]);
  const at = (t: number) => {
    extend(Math.round(cubicAt(x0, q[0], q[2], q[4], t)), Math.round(cubicAt(y0, q[1], q[3], q[5], t)));
  };
  for (const t of cubicExtremaT(x0, q[0], q[2], q[4], 1e-9)) at(t);
  for (const t of cubicExtremaT(y0, q[1], q[3], q[5], 1e-9)) at(t);
}
