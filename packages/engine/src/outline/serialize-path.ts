import type { Outline } from "./types.ts";

const format = (value: number, decimals: number): string => {
  const text = value.toFixed(decimals);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
};

/** Writes an outline as absolute SVG path data (M, L, C, Z), with at most `decimals` decimals. */
export function outlineToSvgPath(outline: Outline, decimals = 2): string {
  const parts: string[] = [];
  const f = (v: number) => format(v, decimals);
  for (const contour of outline) {
    parts.push(`M${f(contour.start.x)} ${f(contour.start.y)}`);
    for (const s of contour.segments) {
      if (s.type === "L") parts.push(`L${f(s.x)} ${f(s.y)}`);
      else parts.push(`C${f(s.x1)} ${f(s.y1)} ${f(s.x2)} ${f(s.y2)} ${f(s.x)} ${f(s.y)}`);
    }
    parts.push("Z");
  }
  return parts.join("");
}
