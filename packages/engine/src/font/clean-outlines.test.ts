import { beforeAll, describe, expect, it } from "vitest";
import { emptyGlyphDocument, type GlyphContour, type PenStroke } from "../glyph/document.ts";
import { type FontLetter, fontProjectFromLetters } from "../glyph/font-from-letters.ts";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { curvesCross, outlinePieces } from "../outline/curve-crossings.ts";
import { parseSvgPath } from "../outline/parse-path.ts";
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
import { cleanOutline } from "./prepare.ts";
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

/** FontForge's findings on the OTF and the TTF of a project: the contours a font must never have. */
async function fontForgeFindings(project: FontProject, name: string) {
  const { fonts } = await compileFonts(project, ["otf", "ttf"], { timestamp: 0 });
  return (["otf", "ttf"] as const).map((format) => {
    const { wrongDirection, selfIntersecting, openContours } = validateWithFontForge(
      writeTemp(`${name}.${format}`, fonts[format]!),
    );
    return { format, wrongDirection, selfIntersecting, openContours };
  });
}

const clean = (format: "otf" | "ttf") => ({ format, wrongDirection: [], selfIntersecting: [], openContours: [] });

/** Path data of a scribble nobody would draw on purpose: curves and lines through random points, crossing everywhere,
 * with near-copies of contours a fraction of a unit away and hairline slivers across them. */
function wildPath(random: Random, kind: number): string {
  const n = (v: number) => (Math.round(v * 100) / 100).toString();
  const point = () => `${n(random.range(0, 700))} ${n(random.range(-100, 750))}`;
  const parts: string[] = [];
  for (let c = 0, count = 1 + Math.floor(random.range(0, 4)); c < count; c++) {
    let d = `M${point()}`;
    for (let s = 0, segments = 2 + Math.floor(random.range(0, 8)); s < segments; s++) {
      d += kind % 3 === 0 || random.next() < 0.6 ? `C${point()} ${point()} ${point()}` : `L${point()}`;
    }
    parts.push(`${d}Z`);
    if (kind % 4 === 1) {
      const dx = random.range(-2, 2);
      const dy = random.range(-2, 2);
      parts.push(
        `${d}Z`.replace(
          /(-?[\d.]+) (-?[\d.]+)/g,
          (_, x: string, y: string) => `${n(Number(x) + dx)} ${n(Number(y) + dy)}`,
        ),
      );
    }
    if (kind % 5 === 2) {
      const x = random.range(0, 400);
      const y = random.range(0, 600);
      const w = random.range(0.2, 3);
      parts.push(`M${n(x)} ${n(y)}L${n(x + 300)} ${n(y + 1)}L${n(x + 300)} ${n(y + 1 + w)}L${n(x)} ${n(y + w)}Z`);
    }
  }
  return parts.join("");
}

/** Two variants of every test letter: pen scribbles, tangled contours or both, the second scaled and shifted. */
function contortedLetters(random: Random): FontLetter[] {
  return LETTERS.flatMap((chars, index) =>
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
}

describe("overlap removal", () => {
  it("leaves no contour crossing or touching, whatever the input (300 seeded scribbles)", () => {
    const random = createRandom(7);
    const crossing: number[] = [];
    for (let kind = 0; kind < 300; kind++) {
      const prepared = cleanOutline(parseSvgPath(wildPath(random, kind)));
      if (curvesCross(outlinePieces(prepared.outline)).size > 0) crossing.push(kind);
    }
    expect(crossing).toEqual([]);
    // One the first rounds of merging left crossing: cleaning near points after the union pulled a thin spike's edge
    // across its neighbours.
    const spiky =
      "M583.69 488.14C130.13 559.79 53.25 -36.26 275.22 329.12C190.76 348.42 598.65 130.61 188.45 185.15C88.15 449.2 " +
      "25.49 445.95 129.53 647.8C618.73 711.23 131.68 574.33 380.64 34.2C601.08 307.53 84.41 404.06 689.49 638.96L689.49 " +
      "638.96L69.91 -4.91ZM559.35 77.48C94.8 25.06 617.06 264 372.36 490.88C99.52 241.75 301.02 39.85 89.03 190.2L89.03 " +
      "190.2C209.29 707.53 626.84 5.19 358.28 160.06L319.51 656.89L279.76 292.93ZM48.67 449.14C380.58 155.15 516.59 " +
      "76.72 638.64 697.65L1.95 -26.13C513.55 650.8 380.86 326.27 645.43 -36.94C606.41 226.43 161.57 439.55 526.85 " +
      "31.32C241.72 62.83 188.49 215.91 382.99 357.53L382.99 357.53Z";
    expect(curvesCross(outlinePieces(cleanOutline(parseSvgPath(spiky)).outline)).size).toBe(0);
  }, 60_000);
});

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
    const letters = contortedLetters(createRandom(11));
    const plain = fontProjectFromLetters(letters, {}, { family: "Scribbles" });
    const bolder = fontProjectFromLetters(letters, { strokeWeight: 9, scale: 1.07 }, { family: "Scribbles Bold" });
    expect(await fontForgeFindings(plain, "scribbles")).toEqual([clean("otf"), clean("ttf")]);
    expect(await fontForgeFindings(bolder, "scribbles-bold")).toEqual([clean("otf"), clean("ttf")]);
  }, 120_000);

  it("finds none in a font of wavy rings cut into many short curves, which merging joins, with holes a few units inside", async () => {
    const random = createRandom(31);
    /** A wavy ring as smooth contour points: a wobbling radius sampled `pieces` times, Catmull–Rom handles. */
    const ring = (cx: number, cy: number, r: number, wobble: (angle: number) => number, pieces: number) => {
      const at = (i: number) => {
        const angle = (2 * Math.PI * i) / pieces;
        return { x: cx + (r + wobble(angle)) * Math.cos(angle), y: cy + (r + wobble(angle)) * Math.sin(angle) };
      };
      const points: GlyphContour["points"] = [];
      for (let i = 0; i < pieces; i++) {
        const [before, p, next, after] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
        points.push({ ...p, on: true, type: "smooth" });
        points.push({ x: p.x + (next.x - before.x) / 6, y: p.y + (next.y - before.y) / 6, on: false });
        points.push({ x: next.x - (after.x - p.x) / 6, y: next.y - (after.y - p.y) / 6, on: false });
      }
      return { points };
    };
    const letters: FontLetter[] = LETTERS.map((chars) => {
      const [cx, cy, r] = [random.range(250, 400), random.range(200, 400), random.range(120, 250)];
      const [k, a, phase] = [2 + Math.floor(random.range(0, 5)), random.range(0, 0.2) * r, random.range(0, 6)];
      const wobble = (angle: number) => a * Math.sin(k * angle + phase);
      // The hole follows the outline a few units in, so a curve moved by a unit must not touch it.
      const gap = random.range(2, 5);
      const pieces = 40 + Math.floor(random.range(0, 80));
      const outer = ring(cx, cy, r, wobble, pieces);
      const inner = ring(cx, cy, r - gap, wobble, pieces);
      inner.points.reverse();
      return { chars, variant: 1, document: { ...emptyGlyphDocument(), contours: [outer, inner] } };
    });
    const project = fontProjectFromLetters(letters, {}, { family: "Rings" });
    expect(await fontForgeFindings(project, "rings")).toEqual([clean("otf"), clean("ttf")]);
  }, 120_000);

  it("finds none over many seeded fonts of contorted contours and strokes, and points at nearly every extremum", async () => {
    // Seeds of their own (not the ones the cases above were found with): 6 × plain and bolder, about 2,000 glyphs.
    const flagged: string[] = [];
    let glyphs = 0;
    let missingExtrema = 0;
    for (let seed = 101; seed <= 106; seed++) {
      const letters = contortedLetters(createRandom(seed));
      const settings = seed % 2 === 0 ? { strokeWeight: 9, scale: 1.07 } : {};
      const project = fontProjectFromLetters(letters, settings, { family: `Contorted ${seed}` });
      const { fonts } = await compileFonts(project, ["otf", "ttf"], { timestamp: 0 });
      for (const format of ["otf", "ttf"] as const) {
        const found = validateWithFontForge(writeTemp(`contorted-${seed}.${format}`, fonts[format]!));
        for (const kind of ["selfIntersecting", "wrongDirection", "openContours"] as const) {
          flagged.push(...found[kind].map((glyph) => `${seed}.${format} ${kind} ${glyph}`));
        }
        glyphs += found.glyphs;
        missingExtrema += found.missingExtrema.length;
      }
    }
    expect(flagged).toEqual([]);
    expect(glyphs).toBeGreaterThan(1500);
    // FontForge also calls an extremum that is a point "missing" when its root lands a rounding error inside the
    // curve; before points were put at extrema it flagged two glyphs in three.
    expect(missingExtrema / glyphs).toBeLessThan(0.02);
  }, 300_000);
});
