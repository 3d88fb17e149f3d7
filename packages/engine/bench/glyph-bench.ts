// Glyph document benchmark (issue 9): time to check and outline letters, from a typical drawn letter to one at
// every limit of GLYPH_LIMITS. Prints a table and one JSON line.
import { compileFontSync } from "../src/font/compile.ts";
import { GlyphCache } from "../src/font/prepare.ts";
import { DEFAULT_PEN, emptyGlyphDocument, type GlyphDocument, type PenStroke } from "../src/glyph/document.ts";
import {
  drawnPath,
  type FontLetter,
  fontProjectFromLetters,
  type LetterPathCache,
} from "../src/glyph/font-from-letters.ts";
import { GLYPH_LIMITS } from "../src/glyph/limits.ts";
import { migrateGlyphDocument } from "../src/glyph/migrate-document.ts";
import { outlineOf } from "../src/glyph/outline-of.ts";
import { assertGlyphDocument } from "../src/glyph/validate-document.ts";
import { benchProject } from "../src/test-support/bench-project.ts";

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

/**
 * The live preview's cost of one edit (budget 40 ms): the benchmark font (913 glyphs) as letters the way the preview
 * worker gets them (stored outline + metrics and adjustments), compiled once, then one letter changed and compiled
 * again with the caches the worker keeps: its scale (the Letters page) or its pen strokes (the pen editor).
 */
export function runPreviewBench(): Record<string, number> {
  const project = benchProject();
  const letters: FontLetter[] = project.glyphs.map((glyph) => {
    const document = migrateGlyphDocument({
      path: glyph.path,
      advance: null,
      lsb: null,
      rsb: null,
      scale: 1,
      baselineShift: 0,
      source: "scan",
      templatePage: 1,
    });
    return {
      chars: glyph.chars,
      variant: glyph.variant,
      drawnPath: drawnPath(document),
      document: { ...document, contours: [] },
    };
  });
  const paths: LetterPathCache = new WeakMap();
  const glyphs = new GlyphCache();
  const compile = (list: FontLetter[]) =>
    compileFontSync(fontProjectFromLetters(list, {}, { family: "Bench" }, { cache: paths }), ["otf"], {
      cache: glyphs,
      timestamp: 0,
    }).fonts.otf!;
  compile(letters);
  const edited = letters.findIndex((letter) => letter.chars === "a");
  const scaled: number[] = [];
  const redrawn: number[] = [];
  for (let run = 0; run < 11; run++) {
    const list = letters.slice();
    const letter = list[edited]!;
    list[edited] = {
      ...letter,
      document: { ...letter.document, adjustments: { scale: 1 + run / 100, baselineShift: run } },
    };
    let started = performance.now();
    compile(list);
    scaled.push(performance.now() - started);
    list[edited] = {
      chars: letter.chars,
      variant: letter.variant,
      document: {
        ...emptyGlyphDocument(),
        strokes: strokes(3, 300, false).map((s) => ({ ...s, points: s.points.map((p) => ({ ...p, x: p.x + run })) })),
      },
    };
    started = performance.now();
    compile(list);
    redrawn.push(performance.now() - started);
  }
  console.log(`| one letter changed → preview OTF (${letters.length} letters), median of 11 | ms | budget |
| --- | --- | --- |
| its scale changed (Letters page) | ${median(scaled).toFixed(0)} | 40 ms |
| its pen strokes changed (3 strokes × 300 points, outlined again) | ${median(redrawn).toFixed(0)} | 40 ms |`);
  return { previewScaled: median(scaled), previewRedrawn: median(redrawn) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify({ ...runGlyphBench(), ...runPreviewBench() }));
}
