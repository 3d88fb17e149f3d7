// Outline points benchmark (issue 15, item 7: no glyph needs more points than its shape requires): the points of
// each OTF against what FontForge's Simplify leaves of them within 1 unit (extrema kept, lines merged), for the
// benchmark font (Caveat's outlines), a font read from a 300 dpi scan and one drawn with the pen. Needs fontforge.
import { spawnSync } from "node:child_process";
import { compileFonts } from "../src/font/compile.ts";
import { fontProjectFromScan } from "../src/font/from-scan.ts";
import { nodeWoff2Encoder } from "../src/font/node/woff2-node.ts";
import type { FontProject } from "../src/font/project.ts";
import { DEFAULT_PEN, emptyGlyphDocument, type PenStroke } from "../src/glyph/document.ts";
import { fontProjectFromLetters } from "../src/glyph/font-from-letters.ts";
import { initEngineForNode } from "../src/node/init-engine-node.ts";
import { readScan } from "../src/scan/read-scan.ts";
import { captureFlatbed, createRandom } from "../src/synth/index.ts";
import { layoutTemplate } from "../src/template/layout-template.ts";
import { benchProject } from "../src/test-support/bench-project.ts";
import { writeTemp } from "../src/test-support/font-tools.ts";
import { throughJpeg, writePage } from "../src/test-support/synthetic-scan.ts";

/** Points (on and off the curve) before and after FontForge's Simplify within 1 unit, summed over the font. */
function fontForgePoints(path: string): { points: number; simplified: number } {
  const script = [
    "import fontforge, json, sys",
    "font = fontforge.open(sys.argv[1])",
    "count = lambda g: sum(len(c) for c in g.foreground)",
    "before = after = 0",
    "for glyph in font.glyphs():",
    "    before += count(glyph)",
    "    glyph.simplify(1, ('mergelines',))",
    "    after += count(glyph)",
    "print(json.dumps({'points': before, 'simplified': after}))",
  ].join("\n");
  const result = spawnSync("fontforge", ["-quiet", "-lang=py", "-c", script, path], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

/** Pen letters: a few smooth strokes each (arcs and waves sampled every few units, as a pointer gives them). */
function penProject(): FontProject {
  const random = createRandom(11);
  const letters = [..."abcdefghijklmnopqrstuvwxyz"].map((chars) => {
    const strokes: PenStroke[] = [];
    for (let s = 0, n = 1 + Math.floor(random.range(0, 3)); s < n; s++) {
      const [cx, cy, r] = [random.range(150, 450), random.range(100, 500), random.range(80, 220)];
      const [from, sweep, wave] = [random.range(0, 6), random.range(2, 6), random.range(0, 40)];
      const points = Array.from({ length: Math.round(sweep * 40) }, (_, i) => {
        const a = from + (sweep * i) / (sweep * 40);
        const rr = r + wave * Math.sin(3 * a);
        return { x: cx + rr * Math.cos(a), y: cy + 0.8 * rr * Math.sin(a), pressure: 0.5, t: i * 8 };
      });
      strokes.push({ id: `s${s}`, pen: { ...DEFAULT_PEN, size: random.range(20, 60) }, points });
    }
    return { chars, variant: 1, document: { ...emptyGlyphDocument(), strokes } };
  });
  return fontProjectFromLetters(letters, {}, { family: "Pen" });
}

async function scanProject(): Promise<FontProject> {
  initEngineForNode();
  const layout = layoutTemplate({ sets: ["latin"], id: "POINTS", cellSize: "l" });
  const page = writePage(layout, 300, 4);
  const result = await readScan(await throughJpeg(captureFlatbed(page, { seed: 4 })), () => layout, {
    pictures: false,
  });
  return fontProjectFromScan({ unitsPerEm: 1000, glyphs: result.cells }, { family: "Scan" });
}

if (import.meta.main) {
  const projects: [string, FontProject][] = [
    ["benchmark font (Caveat)", benchProject()],
    ["scan, flatbed 300 dpi", await scanProject()],
    ["pen strokes", penProject()],
  ];
  const figures: Record<string, number> = {};
  process.stdout.write(
    "| font | glyphs | OTF points | after FontForge's simplify (1 unit) | ratio | OTF / TTF / WOFF2 bytes |\n",
  );
  process.stdout.write("| --- | --- | --- | --- | --- | --- |\n");
  for (const [index, [name, project]] of projects.entries()) {
    const { fonts } = await compileFonts(project, ["otf", "ttf", "woff2"], {
      timestamp: 0,
      woff2Encoder: nodeWoff2Encoder(),
    });
    const { points, simplified } = fontForgePoints(writeTemp(`points-${index}.otf`, fonts.otf!));
    const ratio = points / simplified;
    process.stdout.write(
      `| ${name} | ${project.glyphs.length} | ${points} | ${simplified} | ${ratio.toFixed(2)} | ${fonts.otf!.length} / ${fonts.ttf!.length} / ${fonts.woff2!.length} |\n`,
    );
    figures[name] = Math.round(ratio * 100) / 100;
  }
  process.stdout.write(`${JSON.stringify({ bench: "points", ...figures })}\n`);
}
