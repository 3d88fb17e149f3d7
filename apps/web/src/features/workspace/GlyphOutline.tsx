import { useMemo } from "react";
import { GUIDES, outlineXRange } from "./outline-geometry.ts";

/**
 * One letter drawn on the template's guides (cap height, x-height, baseline, descender), with its per-letter scale
 * and baseline shift applied. Font units grow upward, SVG y downward: the drawing is flipped once here.
 */
export function GlyphOutline(props: {
  path: string;
  scale?: number;
  baselineShift?: number;
  label: string;
  highlighted?: boolean;
}) {
  const scale = props.scale ?? 1;
  const shift = props.baselineShift ?? 0;
  const range = useMemo(() => outlineXRange(props.path), [props.path]) ?? { min: 0, max: 500 };
  // A scanned outline keeps its x from the template box, which means nothing here: centre the ink in the tile.
  const width = Math.max((range.max - range.min) * scale + 120, 600);
  const left = ((range.min + range.max) / 2) * scale - width / 2;
  const guide = (y: number, strong = false) => (
    <line
      x1={left}
      x2={left + width}
      y1={-y}
      y2={-y}
      stroke={strong ? "var(--mantine-color-blue-4)" : "var(--mantine-color-blue-8)"}
      strokeWidth={strong ? 8 : 5}
      strokeDasharray={strong ? undefined : "20 16"}
    />
  );
  return (
    <svg
      viewBox={`${left} -950 ${width} 1300`}
      role="img"
      aria-label={props.label}
      style={{ width: "100%", height: 120, display: "block" }}
    >
      {guide(GUIDES.capHeight)}
      {guide(GUIDES.xHeight)}
      {guide(GUIDES.baseline, true)}
      {guide(GUIDES.descender)}
      <g transform={`scale(1 -1) translate(0 ${shift}) scale(${scale})`}>
        <path d={props.path} fill={props.highlighted ? "var(--mantine-color-yellow-3)" : "currentColor"} />
      </g>
    </svg>
  );
}
