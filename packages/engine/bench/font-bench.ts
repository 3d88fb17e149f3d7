// Font compiler benchmark (issue 4): 300 glyphs × 3 variants + 10 ligatures to OTF + TTF + WOFF2, one-glyph live
// preview, and the spacing measurement against the source handwriting. Prints a table and one JSON line.
import opentype from "opentype.js";
import { compileFontSync, compileFonts } from "../src/font/compile.ts";
import { nodeWoff2Encoder } from "../src/font/node/woff2-node.ts";
import { GlyphCache } from "../src/font/prepare.ts";
import { benchProject } from "../src/test-support/bench-project.ts";
import { caveatPath, caveatProject } from "../src/test-support/caveat.ts";
import { SPACING_WORDS, wordWidthDeviations } from "../src/test-support/word-widths.ts";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runFontBench(): Promise<Record<string, number>> {
  const project = benchProject();
  const woff2Encoder = nodeWoff2Encoder();
  const full: number[] = [];
  const fullCpu: number[] = [];
  let sizes: Record<string, number> = {};
  let glyphCount = 0;
  for (let run = 0; run < 6; run++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { fonts } = await compileFonts(project, ["otf", "ttf", "woff2"], { woff2Encoder, timestamp: 0 });
    full.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    fullCpu.push((used.user + used.system) / 1000);
    sizes = Object.fromEntries(Object.entries(fonts).map(([format, bytes]) => [format, bytes.length]));
    if (run === 0) glyphCount = opentype.parse(fonts.otf!.slice().buffer as ArrayBuffer).numGlyphs;
  }

  const cache = new GlyphCache();
  compileFontSync(project, ["otf"], { cache, timestamp: 0 });
  const preview: number[] = [];
  const edited = project.glyphs.findIndex((glyph) => glyph.chars === "a");
  for (let run = 0; run < 12; run++) {
    const glyphs = project.glyphs.slice();
    glyphs[edited] = { ...glyphs[edited]!, path: caveatPath("a", run * 7, run % 3) };
    const started = performance.now();
    compileFontSync({ ...project, glyphs }, ["otf"], { cache, timestamp: 0 });
    preview.push(performance.now() - started);
  }

  const deviations = wordWidthDeviations(caveatProject({ variants: 1 }), SPACING_WORDS);
  const worst = Math.max(...deviations.map((d) => Math.abs(d.deviation)));
  const result = {
    glyphs: glyphCount,
    fullColdMs: Math.round(full[0]!),
    fullWarmMs: Math.round(median(full.slice(1))),
    fullWarmCpuMs: Math.round(median(fullCpu.slice(1))),
    previewMs: Math.round(median(preview.slice(2))),
    otfBytes: sizes.otf ?? 0,
    ttfBytes: sizes.ttf ?? 0,
    woff2Bytes: sizes.woff2 ?? 0,
    spacingWorstPercent: Math.round(worst * 1000) / 10,
  };
  return result;
}

if (import.meta.main) {
  const result = await runFontBench();
  const lines = [
    `font: ${result.glyphs} glyphs (300 chars × 3 variants + 10 ligatures + generated)`,
    `  OTF + TTF + WOFF2: ${result.fullWarmMs} ms warm (median of 5; ${result.fullWarmCpuMs} ms CPU), ${result.fullColdMs} ms cold — budget 500 ms`,
    `  one glyph changed → OTF (preview): ${result.previewMs} ms (median of 10) — budget 60 ms`,
    `  sizes: OTF ${result.otfBytes} B, TTF ${result.ttfBytes} B, WOFF2 ${result.woff2Bytes} B`,
    `  spacing: worst word width ${result.spacingWorstPercent}% from the source handwriting — budget 8%`,
  ];
  process.stdout.write(`${lines.join("\n")}\n${JSON.stringify({ bench: "font", ...result })}\n`);
}
