import { emptyGlyphDocument, type GlyphContour, type GlyphDocument } from "@handfont/engine/fonts";
import type { GlyphEditor } from "../glyph-editor.ts";
import type { PointerKind, ToolPointer } from "../tools/tool.ts";

/** A pointer event at (x, y) font units, one font unit per screen pixel unless told otherwise. */
export function pointer(x: number, y: number, extra: Partial<ToolPointer> = {}): ToolPointer {
  return { x, y, pressure: 0.5, t: 0, kind: "mouse", shift: false, alt: false, unitsPerPixel: 1, ...extra };
}

/** Presses at the first point, moves through the others and lifts at the last, 8 ms apart (a 120 Hz digitiser). */
export function gesture(
  editor: GlyphEditor,
  points: readonly (readonly [number, number] | readonly [number, number, number])[],
  options: { kind?: PointerKind; shift?: boolean; start?: number; unitsPerPixel?: number } = {},
): void {
  const kind = options.kind ?? "pen";
  const event = (k: number) => {
    const [x, y, pressure = 0.5] = points[k]!;
    return pointer(x, y, {
      kind,
      pressure,
      t: (options.start ?? 1000) + 8 * k,
      shift: options.shift ?? false,
      unitsPerPixel: options.unitsPerPixel ?? 1,
    });
  };
  editor.pointerDown(event(0));
  for (let k = 1; k < points.length - 1; k++) editor.pointerMove(event(k));
  editor.pointerUp(event(points.length - 1));
}

/** A click: press and lift at one place. */
export const click = (
  editor: GlyphEditor,
  x: number,
  y: number,
  options: { shift?: boolean; kind?: PointerKind } = {},
) =>
  gesture(
    editor,
    [
      [x, y],
      [x, y],
    ],
    { kind: options.kind ?? "mouse", shift: options.shift ?? false },
  );

/** A straight line of points from a to b, `steps` segments. */
export function line(
  a: [number, number],
  b: [number, number],
  steps: number,
  pressure = 0.5,
): [number, number, number][] {
  return Array.from({ length: steps + 1 }, (_, k) => [
    a[0] + ((b[0] - a[0]) * k) / steps,
    a[1] + ((b[1] - a[1]) * k) / steps,
    pressure,
  ]);
}

/** A corner-only square contour from (x, y) with side `size`, counter-clockwise (y up). */
export function squareContour(x: number, y: number, size: number): GlyphContour {
  return {
    points: [
      { x, y, on: true, type: "corner" },
      { x: x + size, y, on: true, type: "corner" },
      { x: x + size, y: y + size, on: true, type: "corner" },
      { x, y: y + size, on: true, type: "corner" },
    ],
  };
}

/**
 * An "O"-like contour: four smooth on-curve points joined by cubic curves, centred at (cx, cy), radius r. Point
 * indices: on-curve at 0, 3, 6, 9; handles between.
 */
export function roundContour(cx: number, cy: number, r: number): GlyphContour {
  const k = Math.round(r * 0.5523);
  return {
    points: [
      { x: cx + r, y: cy, on: true, type: "smooth" },
      { x: cx + r, y: cy + k, on: false },
      { x: cx + k, y: cy + r, on: false },
      { x: cx, y: cy + r, on: true, type: "smooth" },
      { x: cx - k, y: cy + r, on: false },
      { x: cx - r, y: cy + k, on: false },
      { x: cx - r, y: cy, on: true, type: "smooth" },
      { x: cx - r, y: cy - k, on: false },
      { x: cx - k, y: cy - r, on: false },
      { x: cx, y: cy - r, on: true, type: "smooth" },
      { x: cx + k, y: cy - r, on: false },
      { x: cx + r, y: cy - k, on: false },
    ],
  };
}

/** A scanned-looking letter document with the given contours. */
export function documentWith(contours: GlyphContour[]): GlyphDocument {
  return { ...emptyGlyphDocument({ kind: "imported", fileName: null }), contours };
}
