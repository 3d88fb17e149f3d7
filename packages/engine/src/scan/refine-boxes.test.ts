import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import {
  BALLPOINT_BLUE,
  capturePhone,
  compareGlyph,
  createCanvas,
  curlPage,
  type Picture,
  paint,
  rectangle,
  type SyntheticPage,
  toRgba,
} from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import type { Layout, LayoutCell } from "../template/layout-types.ts";
import { throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { pagePoint } from "../units.ts";
import { type Homography, pageToScan } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { readScan } from "./read-scan.ts";
import { refineBoxes } from "./refine-boxes.ts";

// A full page of Latin letters in medium boxes, written at 200 dpi.
const layout: Layout = layoutTemplate({ sets: ["latin"], id: "CURLTEST", cellSize: "m" });
const cells = layout.cells.filter((c) => c.page === 1);
const DPI = 200;
const k = DPI / 25.4;
/** Page millimetres to pixels of a picture rendered at DPI (pixel i covers [i, i + 1)). */
const flat: Homography = [k, 0, -0.5, 0, k, -0.5, 0, 0, 1];
let page: SyntheticPage;

beforeAll(async () => {
  await initEngineForNode();
  page = writePage(layout, DPI, 7);
});

function grey(picture: Picture): GreyImage {
  const data = new Uint8Array(picture.width * picture.height);
  for (let i = 0; i < data.length; i++) {
    const j = i * 4;
    data[i] = Math.round(0.299 * picture.data[j]! + 0.587 * picture.data[j + 1]! + 0.114 * picture.data[j + 2]!);
  }
  return { width: picture.width, height: picture.height, data };
}

/** Where a box's corners land (mm) through its refined homography, against where they truly are. */
function cornerErrors(boxH: Homography, cell: LayoutCell, truth: (x: number, y: number) => [number, number]) {
  const { x, y, width, height } = cell.box;
  return [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ].map(([cx, cy]) => {
    const seen = pageToScan(boxH, pagePoint(cx!, cy!));
    const [tx, ty] = truth(cx!, cy!);
    return Math.hypot((seen.x + 0.5) / k - tx, (seen.y + 0.5) / k - ty);
  });
}

/** Paints a pen stroke (a dark bar) over part of a picture, page millimetres. */
function scribble(picture: Picture, bars: [number, number, number, number][]): Picture {
  const canvas = createCanvas(picture.width, picture.height, [0, 0, 0]);
  for (let i = 0, j = 0; i < canvas.rgb.length; i += 3, j += 4) {
    canvas.rgb[i] = picture.data[j]!;
    canvas.rgb[i + 1] = picture.data[j + 1]!;
    canvas.rgb[i + 2] = picture.data[j + 2]!;
  }
  paint(
    canvas,
    bars.map(([x, y, w, h]) => rectangle(x * k, y * k, w * k, h * k)),
    BALLPOINT_BLUE,
    "ink",
  );
  return { width: picture.width, height: picture.height, data: toRgba(canvas) };
}

describe("refineBoxes", () => {
  it("leaves a flat page exactly to the markers' homography, so it reads as it did before", () => {
    const boxes = refineBoxes(grey(page), flat, layout, cells);
    expect(boxes).toEqual(cells.map(() => flat));
  });

  it("leaves a flat page to the markers' homography when a shaken camera smeared its lines", () => {
    // The camera moved 1.3 mm across the page (10 pixels, diagonally) while the shutter was open: every printed line
    // is a plateau as wide as its flanks' distance, and some boxes' lines are misread by tenths of a millimetre.
    const sharp = grey(page);
    const smeared = new Uint8Array(sharp.data.length);
    const { width, height } = sharp;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let t = -5; t <= 5; t++) {
          const sx = Math.min(width - 1, Math.max(0, x + Math.round(t * 0.7)));
          const sy = Math.min(height - 1, Math.max(0, y + Math.round(t * 0.7)));
          sum += sharp.data[sy * width + sx]!;
        }
        smeared[y * width + x] = Math.round(sum / 11);
      }
    }
    const boxes = refineBoxes({ width, height, data: smeared }, flat, layout, cells);
    expect(boxes).toEqual(cells.map(() => flat));
  });

  it("finds each box of a curled page where the bend moved it, from its printed lines", () => {
    const curled = curlPage(page, layout.paper, { seed: 3, shape: "curl", displacementMm: 3.5 });
    const boxes = refineBoxes(grey(curled), flat, layout, cells);
    const errors = cells.flatMap((cell, i) => cornerErrors(boxes[i]!, cell, curled.shownAt));
    const misplaced = cells.flatMap((cell) => cornerErrors(flat, cell, curled.shownAt));
    // Without refining, the boxes are millimetres off; refined, within a fraction of a scan pixel (0.127 mm).
    expect(Math.max(...misplaced)).toBeGreaterThan(2.5);
    expect(Math.max(...errors)).toBeLessThan(0.12);
    expect(errors.reduce((s, e) => s + e, 0) / errors.length).toBeLessThan(0.04);
  });

  it("keeps a box in place when heavy ink covers its border and guides, taking its place from its neighbours", () => {
    // The middle box of the third row: a thick stroke along its left border, another along its baseline, a third
    // along its top border.
    const cell = cells[2 * 8 + 3]!;
    const { x, y, width, height } = cell.box;
    const inked = scribble(page, [
      [x - 0.9, y - 1, 1.4, height + 2],
      [x + 1, cell.baselineY - 0.5, width - 2, 1.1],
      [x - 1, y - 0.6, width + 2, 1.2],
    ]);
    const curled = curlPage(inked, layout.paper, { seed: 5, shape: "lift", displacementMm: 3 });
    const boxes = refineBoxes(grey(curled), flat, layout, cells);
    const errors = cornerErrors(boxes[cells.indexOf(cell)]!, cell, curled.shownAt);
    expect(Math.max(...errors)).toBeLessThan(0.2);
  });
});

describe("reading a page that is not flat", () => {
  it("puts the letters of a curled page, photographed by a phone, in their boxes whole and on their baseline", {
    timeout: 120_000,
  }, async () => {
    const curled = curlPage(page, layout.paper, { seed: 11, shape: "curl", displacementMm: 3 });
    const photo = capturePhone(curled, layout.paper, {
      seed: 4,
      frameWidth: 2600,
      frameHeight: 1950,
      tiltDegrees: 15,
      rollDegrees: 8,
      fill: 0.95,
    });
    const result = await readScan(await throughJpeg(photo), () => layout);
    const tolerance = 1000 / cells[0]!.emMm / result.diagnostics.scanPxPerMm;
    const comparisons = result.cells.map((cell, i) => compareGlyph(cell.path, page.truth[i]!, 2.5, tolerance));
    const whole = comparisons.filter((c) => c.whole).length;
    // The targets: 97 % of glyphs whole on curled photos; baselines within 15 font units.
    expect(whole / comparisons.length).toBeGreaterThanOrEqual(0.97);
    expect(Math.max(...comparisons.map((c) => c.baselineError))).toBeLessThan(15);
  });
});
