import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import {
  BALLPOINT_BLUE,
  type Contour,
  captureFlatbed,
  cellToPixels,
  compareGlyph,
  contoursBox,
  createCoverage,
  fillContours,
  type GlyphTruth,
  paint,
  pathToContours,
  renderFilledPage,
  type SyntheticPage,
  strokePolygons,
  transformContours,
} from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import type { LayoutCell } from "../template/layout-types.ts";
import { throughJpeg } from "../test-support/synthetic-scan.ts";
import { CORE_TOP_EM } from "./follow-ink.ts";
import type { ScanCell } from "./read-cell.ts";
import { readScan } from "./read-scan.ts";

// Large boxes, seven to a row. Row 1: g, a, y, …; row 2 below them: a box the hand cannot write ("✓" stays
// blank), É, l, …. Every letter that can is written across its box: g's and y's descenders run down into the
// boxes below, É is written tall with its accent across its box's top.
const layout = layoutTemplate({ sets: [], chars: "gaymnop✓Élstuv", id: "CROSSING", cellSize: "l" });
const DPI = 150;
const cell = (chars: string) => layout.cells.find((c) => c.chars === chars)!;
let page: SyntheticPage;
let cells: ScanCell[];

const truthOf = (chars: string) => page.truth[layout.cells.indexOf(cell(chars))]!;
const readOf = (chars: string) => cells[layout.cells.indexOf(cell(chars))]!;

beforeAll(async () => {
  await initEngineForNode();
  expect(cell("✓").box.x).toBe(cell("g").box.x);
  expect(cell("l").box.x).toBe(cell("y").box.x);
  page = renderFilledPage(layout, {
    page: 1,
    dpi: DPI,
    hand: loadHandwritingFont("caveat"),
    seed: 3,
    crossing: { share: 1 },
  });
  joinDescender(page, cell("y"), cell("l"));
  const result = await readScan(await throughJpeg(captureFlatbed(page, { seed: 4 })), () => layout);
  cells = result.cells;
  // Rendering and reading a whole page takes a few seconds, more on a busy machine.
}, 60_000);

/**
 * Draws a 0.6 mm stroke from the foot of the upper letter's descender down to the top of the letter below, so
 * the two touch, and adds it to the upper letter's truth.
 */
function joinDescender(target: SyntheticPage, upper: LayoutCell, lower: LayoutCell) {
  const from = lowest(truthOf(upper.chars).contours);
  const top = highest(truthOf(lower.chars).contours);
  // The lower letter's top in the upper cell's units (same em, same x origin: the boxes are one above the other).
  const to = { x: top.x, y: top.y - ((lower.baselineY - upper.baselineY) * 1000) / upper.emMm };
  const half = (0.3 * 1000) / upper.emMm;
  const stroke: Contour = [
    from.x - half,
    from.y + half,
    from.x + half,
    from.y + half,
    to.x + half,
    to.y,
    to.x - half,
    to.y,
  ];
  const truth = truthOf(upper.chars);
  truth.contours.push(stroke);
  const k = DPI / 25.4;
  const drawn = [stroke, ...strokePolygons([stroke], truth.dilation)];
  paintInk(target, transformContours(drawn, cellToPixels(upper, k)));
}

function paintInk(target: SyntheticPage, contours: Contour[]) {
  // The page's RGBA pixels, painted like the renderer paints ink.
  const canvas = {
    width: target.width,
    height: target.height,
    rgb: new Float32Array(target.width * target.height * 3),
  };
  for (let i = 0; i < target.width * target.height; i++) {
    for (let c = 0; c < 3; c++) canvas.rgb[3 * i + c] = target.data[4 * i + c]!;
  }
  paint(canvas, contours, BALLPOINT_BLUE, "ink");
  for (let i = 0; i < target.width * target.height; i++) {
    for (let c = 0; c < 3; c++) target.data[4 * i + c] = canvas.rgb[3 * i + c]!;
  }
}

function lowest(contours: Contour[]) {
  let best = { x: 0, y: Number.POSITIVE_INFINITY };
  for (const c of contours)
    for (let i = 0; i < c.length; i += 2) if (c[i + 1]! < best.y) best = { x: c[i]!, y: c[i + 1]! };
  return best;
}

function highest(contours: Contour[]) {
  let best = { x: 0, y: Number.NEGATIVE_INFINITY };
  for (const c of contours)
    for (let i = 0; i < c.length; i += 2) if (c[i + 1]! > best.y) best = { x: c[i]!, y: c[i + 1]! };
  return best;
}

/**
 * Share of the true ink between heights `yFrom` and `yTo` (font units of the cell) that lies within `tolerance`
 * units of the read ink: no horizontal alignment, the reader keeps letters where they were written.
 */
function coveredBetween(read: ScanCell, truth: GlyphTruth, yFrom: number, yTo: number, tolerance: number): number {
  const unit = 2.5;
  const truthShape = [...truth.contours, ...strokePolygons(truth.contours, truth.dilation)];
  const box = contoursBox(truthShape);
  const x0 = box.xMin - 2 * tolerance;
  const y1 = yTo + 2 * tolerance;
  const width = Math.ceil((box.xMax + 2 * tolerance - x0) / unit);
  const height = Math.ceil((y1 - (yFrom - 2 * tolerance)) / unit);
  const raster = (shape: Contour[]) => {
    const coverage = createCoverage(width, height);
    fillContours(coverage, transformContours(shape, [1 / unit, 0, 0, -1 / unit, -x0 / unit, y1 / unit]), 4);
    return coverage.data;
  };
  const a = raster(truthShape);
  const b = raster(pathToContours(read.path, 0.25));
  const reach = Math.ceil(tolerance / unit);
  let inside = 0;
  let total = 0;
  for (let y = 0; y < height; y++) {
    const units = y1 - (y + 0.5) * unit;
    if (units < yFrom || units > yTo) continue;
    for (let x = 0; x < width; x++) {
      if (a[y * width + x]! < 0.5) continue;
      total++;
      let near = false;
      for (let dy = -reach; dy <= reach && !near; dy++) {
        for (let dx = -reach; dx <= reach && !near; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (dx * dx + dy * dy > reach * reach || yy < 0 || xx < 0 || yy >= height || xx >= width) continue;
          near = b[yy * width + xx]! >= 0.5;
        }
      }
      if (near) inside++;
    }
  }
  expect(total).toBeGreaterThan(100);
  return inside / total;
}

/** One scan pixel in a cell's font units. */
const scanPixel = (c: LayoutCell) => 1000 / c.emMm / (DPI / 25.4);
/** A cell's box edges in its font units. */
const bottomOf = (c: LayoutCell) => ((c.baselineY - c.box.y - c.box.height) * 1000) / c.emMm;
const topOf = (c: LayoutCell) => ((c.baselineY - c.box.y) * 1000) / c.emMm;

describe("reading letters that cross their box", () => {
  it("keeps a g whose descender runs into the empty top of the box below, and leaves that box empty", () => {
    const g = cell("g");
    const truth = truthOf("g");
    expect(contoursBox(truth.contours).yMin).toBeLessThan(bottomOf(g) - 100);
    const read = readOf("g");
    expect(coveredBetween(read, truth, -5000, bottomOf(g), scanPixel(g))).toBeGreaterThanOrEqual(0.98);
    expect(compareGlyph(read.path, truth, 2.5, scanPixel(g)).whole).toBe(true);
    expect(read.warnings.map((w) => w.code)).toEqual(["CROSSED_BOX"]);
    expect(readOf("✓").empty).toBe(true);
  });

  it("keeps a capital's accent written across the box's top, and the letter above keeps only its own", () => {
    const e = cell("É");
    const truth = truthOf("É");
    expect(contoursBox(truth.contours).yMax).toBeGreaterThan(topOf(e) + 40);
    const read = readOf("É");
    expect(coveredBetween(read, truth, topOf(e), 5000, scanPixel(e))).toBeGreaterThanOrEqual(0.98);
    expect(compareGlyph(read.path, truth, 2.5, scanPixel(e)).whole).toBe(true);
    expect(read.warnings.map((w) => w.code)).toContain("CROSSED_BOX");
    expect(compareGlyph(readOf("a").path, truthOf("a"), 2.5, scanPixel(cell("a"))).whole).toBe(true);
  });

  it("splits a descender that touches the letter below: the y keeps its stroke down to the l's letter, the l keeps the l", () => {
    const [y, l] = [cell("y"), cell("l")];
    // The l's core (where its own letter lies) starts CORE_TOP_EM above its baseline: in y's units, from there up.
    const lCoreTop = CORE_TOP_EM * 1000 - ((l.baselineY - y.baselineY) * 1000) / y.emMm;
    const read = readOf("y");
    expect(
      coveredBetween(read, truthOf("y"), lCoreTop + scanPixel(y), bottomOf(y), scanPixel(y)),
    ).toBeGreaterThanOrEqual(0.98);
    expect(read.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(["CROSSED_BOX", "STROKE_TRIMMED"]));
    const lower = readOf("l");
    expect(compareGlyph(lower.path, truthOf("l"), 2.5, scanPixel(l)).truthCovered).toBeGreaterThanOrEqual(0.98);
    // Nothing of the y above: the l's ink stays within its core's top, a scan pixel's slack allowed.
    expect(lower.bbox!.yMax).toBeLessThanOrEqual(CORE_TOP_EM * 1000 + scanPixel(l));
  });

  it("reads the other crossing letters of the page whole", () => {
    for (const [i, truth] of page.truth.entries()) {
      if (truth.empty || truth.chars === "y" || truth.chars === "l") continue;
      const c = layout.cells[i]!;
      expect(compareGlyph(cells[i]!.path, truth, 2.5, scanPixel(c)).whole, truth.chars).toBe(true);
    }
  });
});

describe('reading a "_" written under its box, over a "*"', () => {
  // Written from a layout whose first box holds a character the hand cannot write (it stays blank) and read with the
  // same layout holding "_" there, painted in by hand: a thick bar under the box, through the 2.5 mm gap and 0.7 mm
  // into the box of the "*" below, within a mark's reach of that "*".
  const written = layoutTemplate({ sets: [], chars: "✓abcdef*", id: "UNDERBAR", cellSize: "l" });
  const reading = { ...written, cells: written.cells.map((c, i) => (i === 0 ? { ...c, chars: "_" } : c)) };
  const [underscore, asterisk] = [reading.cells[0]!, reading.cells[7]!];
  let sheet: SyntheticPage;
  let read: ScanCell[];

  beforeAll(async () => {
    await initEngineForNode();
    expect(asterisk.chars).toBe("*");
    expect(asterisk.box.x).toBe(underscore.box.x);
    sheet = renderFilledPage(written, { page: 1, dpi: DPI, hand: loadHandwritingFont("caveat"), seed: 5 });
    const unitsPerMm = 1000 / underscore.emMm;
    const [x0, x1] = [3 * unitsPerMm, 20 * unitsPerMm];
    const top = (underscore.baselineY - (underscore.box.y + underscore.box.height + 0.4)) * unitsPerMm;
    const bottom = (underscore.baselineY - (asterisk.box.y + 0.7)) * unitsPerMm;
    const bar: Contour = [x0, top, x1, top, x1, bottom, x0, bottom];
    sheet.truth[0] = { chars: "_", variant: 1, empty: false, contours: [bar], dilation: 0 };
    paintInk(sheet, transformContours([bar], cellToPixels(underscore, DPI / 25.4)));
    const result = await readScan(await throughJpeg(captureFlatbed(sheet, { seed: 6 })), () => reading);
    read = result.cells;
  }, 60_000);

  it("gives the bar to its own box and leaves the * its own letter", () => {
    const star = sheet.truth[7]!;
    expect(star.empty).toBe(false);
    // The * is written high enough to take the bar for a mark of its own: its top within 0.35 em of the bar's foot.
    const barFoot = ((underscore.baselineY - asterisk.baselineY) * 1000) / underscore.emMm;
    expect(contoursBox(star.contours).yMax + 350).toBeGreaterThan(contoursBox(sheet.truth[0]!.contours).yMin - barFoot);
    const scan = scanPixel(underscore);
    expect(read[0]!.empty).toBe(false);
    expect(compareGlyph(read[0]!.path, sheet.truth[0]!, 2.5, scan).whole).toBe(true);
    expect(read[0]!.warnings.map((w) => w.code)).toContain("CROSSED_BOX");
    expect(compareGlyph(read[7]!.path, star, 2.5, scanPixel(asterisk)).whole).toBe(true);
  });
});
