import type { GlyphDocument, GlyphMetrics } from "@handfont/engine/fonts";
import type { Change, ChangeOperation } from "../change/change.ts";
import type { MetricLines } from "../tools/tool.ts";

/** Sets some of the letter's metric overrides (null returns one to automatic). */
export function setMetrics(glyph: GlyphDocument, metrics: Partial<GlyphMetrics>): Change {
  const ops: ChangeOperation[] = [];
  for (const key of ["advance", "leftSideBearing", "rightSideBearing"] as const) {
    const value = metrics[key];
    if (value === undefined) continue;
    const rounded = value === null ? null : Math.round(value);
    if (glyph.metrics[key] !== rounded) ops.push({ op: "set", path: ["metrics", key], value: rounded });
  }
  return { ops };
}

/**
 * Where the side bearing lines stand, in document units, given the ink's horizontal extent (document units) and the
 * bearings the font would give automatically (font units). The compiler puts the ink `leftSideBearing` after the
 * origin and ends the advance `rightSideBearing` after it, or at `advance` when that is set.
 */
export function metricLines(
  glyph: GlyphDocument,
  ink: { xMin: number; xMax: number },
  automatic: { left: number; right: number },
): MetricLines {
  const scale = glyph.adjustments.scale;
  const { advance, leftSideBearing, rightSideBearing } = glyph.metrics;
  const left = ink.xMin - (leftSideBearing ?? automatic.left) / scale;
  const right = advance !== null ? left + advance / scale : ink.xMax + (rightSideBearing ?? automatic.right) / scale;
  return { left, right, inkLeft: ink.xMin, inkRight: ink.xMax };
}

/**
 * The metric overrides that put one side bearing line at x (document units) and leave the other where it is: a set
 * advance is kept in step, otherwise the bearing of that side changes.
 */
export function dragMetricLine(glyph: GlyphDocument, lines: MetricLines, side: "left" | "right", x: number): Change {
  const scale = glyph.adjustments.scale;
  const hasAdvance = glyph.metrics.advance !== null;
  if (side === "left") {
    return setMetrics(glyph, {
      leftSideBearing: (lines.inkLeft - x) * scale,
      ...(hasAdvance ? { advance: Math.max(0, (lines.right - x) * scale) } : {}),
    });
  }
  return setMetrics(
    glyph,
    hasAdvance
      ? { advance: Math.max(0, (x - lines.left) * scale) }
      : { rightSideBearing: (x - lines.inkRight) * scale },
  );
}
