import { DEFAULT_PEN, type PenStroke, type StrokePoint } from "../glyph/document.ts";

/** Points every 4 units along a polyline through `corners`, at constant pressure. */
export function drawn(corners: [number, number][], pressure = 0.5): StrokePoint[] {
  const points: StrokePoint[] = [];
  for (let c = 0; c + 1 < corners.length; c++) {
    const [x0, y0] = corners[c]!;
    const [x1, y1] = corners[c + 1]!;
    const steps = Math.max(1, Math.round(Math.hypot(x1 - x0, y1 - y0) / 4));
    for (let i = c === 0 ? 0 : 1; i <= steps; i++) {
      points.push({ x: x0 + ((x1 - x0) * i) / steps, y: y0 + ((y1 - y0) * i) / steps, pressure, t: points.length * 8 });
    }
  }
  return points;
}

export const penStroke = (id: string, corners: [number, number][]): PenStroke => ({
  id,
  pen: { ...DEFAULT_PEN },
  points: drawn(corners),
});
