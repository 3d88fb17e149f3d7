import { beforeAll, describe, expect, it } from "vitest";
import { emptyGlyphDocument, type GlyphContour, type PenStroke } from "../glyph/document.ts";
import { type FontLetter, fontProjectFromLetters } from "../glyph/font-from-letters.ts";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { readScan } from "../scan/read-scan.ts";
import {
  type Canvas,
  capturePhone,
  cellToPixels,
  createRandom,
  paint,
  type Random,
  renderFilledPage,
  type SyntheticPage,
  strokePolygons,
  toRgba,
  transformContours,
} from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import type { Layout } from "../template/layout-types.ts";
import { hasFontForge, validateWithFontForge, writeTemp } from "../test-support/font-tools.ts";
import { drawn } from "../test-support/pen-strokes.ts";
import { throughJpeg } from "../test-support/synthetic-scan.ts";
import { compileFonts } from "./compile.ts";
import { fontProjectFromScan } from "./from-scan.ts";
import type { FontProject } from "./project.ts";

beforeAll(() => initEngineForNode());

const LETTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZабвгдежзийклмнопрстуфхцчшщъыьэюя"];

/**
 * Scribbles over every other letter of a written page, as a sketchy hand does: a zig-zag across the letter's box
 * with a 0.5 mm pen, crossing the letter and itself several times.
 */
function scribble(page: SyntheticPage, layout: Layout, random: Random): SyntheticPage {
  const canvas: Canvas = {
    width: page.width,
    height: page.height,
    rgb: new Float32Array(page.width * page.height * 3),
  };
  for (let i = 0, j = 0; i < canvas.rgb.length; i += 3, j += 4) {
    canvas.rgb[i] = page.data[j]!;
    canvas.rgb[i + 1] = page.data[j + 1]!;
    canvas.rgb[i + 2] = page.data[j + 2]!;
  }
  const cells = layout.cells.filter((cell) => cell.page === 1);
  cells.forEach((cell, index) => {
    const truth = page.truth[index]!;
    if (index % 2 === 1 || truth.empty) return;
    const xs = truth.contours.flatMap((contour) => contour.filter((_, k) => k % 2 === 0));
    const ys = truth.contours.flatMap((contour) => contour.filter((_, k) => k % 2 === 1));
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const zigzag: number[] = [];
    for (let k = 0; k < 6; k++) {
      zigzag.push((k % 2 ? x1 : x0) + random.range(-40, 40), y1 - ((y1 - y0) * k) / 5 + random.range(-30, 30));
    }
    const pen = strokePolygons([zigzag], (0.25 / cell.emMm) * 1000);
    paint(canvas, transformContours(pen, cellToPixels(cell, page.dpi / 25.4)), [28, 38, 120], "ink");
  });
  return { ...page, data: toRgba(canvas) };
}

/** Pen strokes a hurried hand makes: a few strokes through random points of the letter's box, crossing each other. */
function scribbledStrokes(random: Random): PenStroke[] {
  const strokes: PenStroke[] = [];
  const count = 1 + Math.floor(random.range(0, 4));
  for (let s = 0; s < count; s++) {
    const corners: [number, number][] = [];
    for (let k = 0, n = 3 + Math.floor(random.range(0, 6)); k < n; k++) {
      corners.push([random.range(40, 600), random.range(-150, 720)]);
    }
    const points = drawn(corners, random.range(0.2, 0.9));
    const pen = { size: random.range(4, 30), thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: false };
    strokes.push({ id: `s${s}`, pen, points });
  }
  return strokes;
}

/** Bézier contours as a user can drag them: handles pulled across each other, so curves loop and cross. */
function tangledContours(random: Random): GlyphContour[] {
  const point = () => ({ x: random.range(0, 650), y: random.range(-100, 720) });
  const contours: GlyphContour[] = [];
  for (let c = 0, n = 1 + Math.floor(random.range(0, 3)); c < n; c++) {
    const points: GlyphContour["points"] = [{ ...point(), on: true, type: "corner" }];
    for (let k = 0, segments = 1 + Math.floor(random.range(0, 5)); k < segments; k++) {
      if (random.next() < 0.7) points.push({ ...point(), on: false }, { ...point(), on: false });
      points.push({ ...point(), on: true, type: "corner" });
    }
    contours.push({ points });
  }
  return contours;
}

/** FontForge's findings on the OTF and the TTF of a project. */
async function fontForgeFindings(project: FontProject, name: string) {
  const { fonts } = await compileFonts(project, ["otf", "ttf"], { timestamp: 0 });
  return (["otf", "ttf"] as const).map((format) => ({
    format,
    ...validateWithFontForge(writeTemp(`${name}.${format}`, fonts[format]!)),
  }));
}

const clean = (format: "otf" | "ttf") => ({ format, wrongDirection: [], selfIntersecting: [], openContours: [] });

describe.skipIf(!hasFontForge)("outlines reach the font clean (FontForge validation; skips without fontforge)", () => {
  it("finds no self-intersecting, open or wrong-way contour in a font read from a phone photo of sketchy, outlined, scribbled handwriting", async () => {
    const layout = layoutTemplate({ sets: ["latin"], id: "SKETCHY", cellSize: "l" });
    // Letters drawn as their outline with a 0.15 mm fine liner: double strokes that run close and touch.
    const outlined = renderFilledPage(layout, {
      page: 1,
      dpi: 300,
      hand: loadHandwritingFont("bad-script"),
      seed: 3,
      hairlineMm: 0.15,
    });
    const page = scribble(outlined, layout, createRandom(5));
    const photo = capturePhone(page, layout.paper, { seed: 7, frameWidth: 3200, frameHeight: 2400 });
    const result = await readScan(await throughJpeg(photo), () => layout, { pictures: false });
    const project = fontProjectFromScan({ unitsPerEm: 1000, glyphs: result.cells }, { family: "Sketchy" });
    expect(project.glyphs.length).toBeGreaterThan(20);
    expect(await fontForgeFindings(project, "sketchy")).toEqual([clean("otf"), clean("ttf")]);
  }, 120_000);

  it("finds none in a font of scribbled pen strokes and of Bézier contours whose handles cross, bolder and scaled", async () => {
    const random = createRandom(11);
    const letters: FontLetter[] = LETTERS.flatMap((chars, index) =>
      [1, 2].map((variant) => ({
        chars,
        variant,
        document: {
          ...emptyGlyphDocument(),
          strokes: index % 3 === 2 ? [] : scribbledStrokes(random),
          contours: index % 3 === 0 ? [] : tangledContours(random),
          adjustments: { scale: variant === 1 ? 1 : 0.87, baselineShift: variant === 1 ? 0 : 12.5 },
        },
      })),
    );
    const plain = fontProjectFromLetters(letters, {}, { family: "Scribbles" });
    const bolder = fontProjectFromLetters(letters, { strokeWeight: 9, scale: 1.07 }, { family: "Scribbles Bold" });
    expect(await fontForgeFindings(plain, "scribbles")).toEqual([clean("otf"), clean("ttf")]);
    expect(await fontForgeFindings(bolder, "scribbles-bold")).toEqual([clean("otf"), clean("ttf")]);
  }, 120_000);
});
