// Glyph document benchmark (issue 9): time to check and outline letters, from a typical drawn letter to one at
// every limit of GLYPH_LIMITS. Prints a table and one JSON line.
import { DEFAULT_PEN, emptyGlyphDocument, type GlyphDocument, type PenStroke } from "../src/glyph/document.ts";
import { GLYPH_LIMITS } from "../src/glyph/limits.ts";
import { outlineOf } from "../src/glyph/outline-of.ts";
import { assertGlyphDocument } from "../src/glyph/validate-document.ts";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Strokes that wander over the em: `loops` makes them circle and cross themselves, the costly case for the union. */
function strokes(count: number, points: number, loops: boolean): PenStroke[] {
  return Array.from({ length: count }, (_, s) => ({
    id: `s${s}`,
    pen: { ...DEFAULT_PEN },
    points: Array.from({ length: points }, (_, i) =>
      loops
        ? {
            x: 300 + 250 * Math.cos(i / 50 + s) + (i % 7),
            y: 300 + 250 * Math.sin(i / 31 + s),
            pressure: 0.5,
            t: i * 8,
          }
        : { x: (s % 10) * 80 + 30 * Math.sin(i / 20), y: Math.floor(s / 10) * 150 + i * 0.6, pressure: 0.5, t: i * 8 },
    ),
  }));
}

export function runGlyphBench(): Record<string, number> {
  const perStroke = GLYPH_LIMITS.strokePoints;
  const cases: [string, GlyphDocument][] = [
    ["drawn letter, 3 strokes × 300 points", { ...emptyGlyphDocument(), strokes: strokes(3, 300, false) }],
    ["busy letter, 50 strokes × 200 points", { ...emptyGlyphDocument(), strokes: strokes(50, 200, false) }],
    [
      `at the limit, ${GLYPH_LIMITS.totalStrokePoints / perStroke} crossing strokes × ${perStroke} points`,
      { ...emptyGlyphDocument(), strokes: strokes(GLYPH_LIMITS.totalStrokePoints / perStroke, perStroke, true) },
    ],
  ];
  const figures: Record<string, number> = {};
  console.log("| letter | check ms | outline ms (median of 5) |\n| --- | --- | --- |");
  cases.forEach(([name, doc], index) => {
    const check: number[] = [];
    const outline: number[] = [];
    for (let run = 0; run < 5; run++) {
      let started = performance.now();
      assertGlyphDocument(doc);
      check.push(performance.now() - started);
      started = performance.now();
      outlineOf(doc);
      outline.push(performance.now() - started);
    }
    console.log(`| ${name} | ${median(check).toFixed(1)} | ${median(outline).toFixed(0)} |`);
    figures[`check${index}`] = median(check);
    figures[`outline${index}`] = median(outline);
  });
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(runGlyphBench()));
