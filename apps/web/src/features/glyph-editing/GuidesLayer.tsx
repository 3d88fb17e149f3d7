import { toScreen, type Viewport } from "@handfont/editor";
import { useTranslation } from "react-i18next";
import { GUIDES } from "../workspace/outline-geometry.ts";

/** The SVG transform that draws font units (y up) at a viewport's place and zoom (screen y down). */
export const fontUnitsTransform = (view: Viewport): string =>
  `matrix(${view.scale} 0 0 ${-view.scale} ${view.originX} ${view.originY})`;

const LINES = [
  { key: "capHeight", y: GUIDES.capHeight },
  { key: "xHeight", y: GUIDES.xHeight },
  { key: "baseline", y: GUIDES.baseline },
  { key: "descender", y: GUIDES.descender },
] as const;

/**
 * The font's guides (cap height, x-height, baseline, descender: the template's, so drawn and scanned letters agree)
 * across the whole canvas, labelled at the left. Drawn in screen pixels, so the lines stay thin at any zoom.
 */
export function GuidesLayer({ view, width }: { view: Viewport; width: number }) {
  const { t } = useTranslation("glyph-editing");
  return (
    <g data-testid="guides" pointerEvents="none">
      {LINES.map((line) => {
        const y = toScreen(view, { x: 0, y: line.y }).y;
        const baseline = line.key === "baseline";
        return (
          <g key={line.key}>
            <line
              x1={0}
              x2={width}
              y1={y}
              y2={y}
              stroke={baseline ? "var(--mantine-color-blue-5)" : "var(--mantine-color-blue-3)"}
              strokeWidth={baseline ? 1.5 : 1}
              strokeDasharray={baseline ? undefined : "6 5"}
            />
            <text x={6} y={y - 4} fontSize={11} fill="var(--mantine-color-blue-5)">
              {t(`guides.${line.key}`)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/**
 * The character drawn faintly in the system's font at the letter's size (an em of 1000 units, baseline on the
 * baseline), for tracing. Left to the browser's text rendering, so any script the system can show works.
 */
export function ReferenceLetter({ view, chars, left = 60 }: { view: Viewport; chars: string; left?: number }) {
  const origin = toScreen(view, { x: left, y: 0 });
  return (
    <text
      data-testid="reference-letter"
      x={origin.x}
      y={origin.y}
      fontSize={1000 * view.scale}
      fontFamily="system-ui, sans-serif"
      fill="currentColor"
      opacity={0.12}
      pointerEvents="none"
    >
      {chars}
    </text>
  );
}
