import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/random.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { cutRegion } from "./cut-cells.ts";
import { type Crease, findCreases, removeCreases, slidingMedian } from "./find-creases.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";

// A page's picture at 8 px/mm, page point (x, y) mm at pixel (8x − 0.5, 8y − 0.5): paper with a little sensor noise,
// the template's box borders, and whatever a test lays on it.
const PX = 8;
const layout = layoutTemplate({ sets: ["latin"], id: "CREASES", cellSize: "m" });
const cells = layout.cells.filter((c) => c.page === 1);
const onPage: Homography = [PX, 0, -0.5, 0, PX, -0.5, 0, 0, 1];
const boxH = cells.map(() => onPage);
const PAPER = 225;

type Shade = (x: number, y: number) => number;

function picture(shades: Shade[], seed = 1): GreyImage {
  const width = layout.paper.widthMm * PX;
  const height = layout.paper.heightMm * PX;
  const light = new Float32Array(width * height);
  const random = createRandom(seed);
  for (let i = 0; i < light.length; i++) light[i] = PAPER + 2 * random.normal();
  // Borders 0.3 mm wide, centred on each box's edges.
  const px = (mm: number) => Math.round(mm * PX);
  for (const { box } of cells) {
    const [x0, x1, y0, y1] = [
      px(box.x - 0.15),
      px(box.x + box.width + 0.15),
      px(box.y - 0.15),
      px(box.y + box.height + 0.15),
    ];
    const band = px(0.3);
    for (let row = y0; row < y1; row++) {
      for (let col = x0; col < x1; col++) {
        if (row < y0 + band || row >= y1 - band || col < x0 + band || col >= x1 - band)
          light[row * width + col]! *= 0.7;
      }
    }
  }
  const data = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const [x, y] = [(col + 0.5) / PX, (row + 0.5) / PX];
      let value = light[row * width + col]!;
      for (const shade of shades) value *= shade(x, y);
      data[row * width + col] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return { width, height, data };
}

/** A crease's shade as findCreases models it, of one depth all along. */
function creaseShade(horizontal: boolean, offset: number, slope: number, sigma: number, depth: number): Shade {
  return (x, y) => {
    const [across, along] = horizontal ? [x, y] : [y, x];
    const d = along - offset - slope * across;
    return 1 - depth * Math.exp((-d * d) / (2 * sigma * sigma));
  };
}

/** A stroke from (x0, y0) to (x1, y1), 0.5 mm wide, leaving `kept` of the light (a pen's 0.15 by default). */
function stroke(x0: number, y0: number, x1: number, y1: number, kept = 0.15): Shade {
  const [dx, dy] = [x1 - x0, y1 - y0];
  const length2 = dx * dx + dy * dy;
  return (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / length2));
    return Math.hypot(x - x0 - t * dx, y - y0 - t * dy) < 0.25 ? kept : 1;
  };
}

/** A found crease in this test's page mm: whether it runs along x, where it runs at `across`, its spread and depths. */
function onPageOf(crease: Crease) {
  const points = crease.points.map((p) => ({ x: (p.x + 0.5) / PX, y: (p.y + 0.5) / PX, depth: p.depth }));
  const [first, last] = [points[0]!, points.at(-1)!];
  const horizontal = Math.abs(last.x - first.x) > Math.abs(last.y - first.y);
  const turned = points
    .map((p) => (horizontal ? { across: p.x, along: p.y } : { across: p.y, along: p.x }))
    .sort((p, q) => p.across - q.across);
  const at = (across: number) => {
    let k = 0;
    while (k + 2 < turned.length && turned[k + 1]!.across < across) k++;
    const [p, q] = [turned[k]!, turned[k + 1]!];
    return p.along + ((q.along - p.along) * (across - p.across)) / (q.across - p.across);
  };
  // The two points the line runs on to past its outermost crossings are not measured.
  const depths = points.slice(1, -1).map((p) => p.depth);
  return { horizontal, at, sigmaMm: crease.sigma / PX, depths };
}

describe("findCreases", () => {
  it("finds a horizontal crease where it runs across the page, as wide and as deep as it is", () => {
    const [offset, slope] = [120.3, 0.012];
    const found = findCreases(picture([creaseShade(true, offset, slope, 0.15, 0.12)]), boxH, cells);
    expect(found).toHaveLength(1);
    const crease = onPageOf(found[0]!);
    expect(crease.horizontal).toBe(true);
    for (const x of [20, 105, 190]) expect(Math.abs(crease.at(x) - (offset + slope * x))).toBeLessThan(0.03);
    expect(Math.abs(crease.sigmaMm - 0.15)).toBeLessThan(0.02);
    for (const depth of crease.depths) expect(Math.abs(depth - 0.12)).toBeLessThan(0.02);
  });

  it("finds a vertical crease running just inside a box's border, where the gaps between rows show it", () => {
    const box = cells.find((c) => c.box.x > 80 && c.box.x < 120)!.box;
    const x = box.x + box.width - 0.5;
    const found = findCreases(picture([creaseShade(false, x, -0.01, 0.15, 0.1)]), boxH, cells);
    expect(found).toHaveLength(1);
    const crease = onPageOf(found[0]!);
    expect(crease.horizontal).toBe(false);
    expect(Math.abs(crease.at(150) - (x - 0.01 * 150))).toBeLessThan(0.03);
  });

  it("measures a line a pixel wide and deep, as a speck of dust on a scanner's glass draws one", () => {
    // 0.06 mm of spread at 8 px/mm: half a pixel. Samples taken between the pixels would see it shallower and wider.
    const found = findCreases(picture([creaseShade(false, 77.3, 0, 0.06, 0.6)], 7), boxH, cells);
    expect(found).toHaveLength(1);
    const crease = onPageOf(found[0]!);
    expect(Math.abs(crease.at(150) - 77.3)).toBeLessThan(0.02);
    expect(Math.abs(crease.sigmaMm - 0.06)).toBeLessThan(0.01);
    for (const depth of crease.depths) expect(Math.abs(depth - 0.6)).toBeLessThan(0.05);
  });

  it("finds both creases of a page folded in four, each with its own depth", () => {
    const found = findCreases(
      picture([creaseShade(true, 150.2, -0.008, 0.12, 0.08), creaseShade(false, 95.4, 0.015, 0.18, 0.15)], 6),
      boxH,
      cells,
    ).map(onPageOf);
    expect(found.map((c) => c.horizontal).sort()).toEqual([false, true]);
    const horizontal = found.find((c) => c.horizontal)!;
    const vertical = found.find((c) => !c.horizontal)!;
    expect(Math.abs(horizontal.at(105) - (150.2 - 0.008 * 105))).toBeLessThan(0.03);
    expect(Math.abs(vertical.at(150) - (95.4 + 0.015 * 150))).toBeLessThan(0.03);
    // Where they cross each other the two shades multiply; elsewhere each is its own depth.
    expect(Math.abs(median(horizontal.depths) - 0.08)).toBeLessThan(0.02);
    expect(Math.abs(median(vertical.depths) - 0.15)).toBeLessThan(0.02);
  });

  it("finds none where ink crosses a few gaps, or where the paper is only grainy", () => {
    expect(findCreases(picture([], 2), boxH, cells)).toEqual([]);
    // A light pencil's strokes (as faint as a crease) leaving their boxes: one straight across three gaps of a row, the
    // others at other heights. A crease would cross every gap of the row.
    const row = cells[0]!.box;
    const crossing = [
      stroke(row.x + 15, row.y + 10, row.x + 70, row.y + 10.2, 0.75),
      stroke(row.x + 80, row.y + 4, row.x + 90, row.y + 14, 0.75),
      stroke(row.x + 110, row.y + 16, row.x + 120, row.y + 16, 0.75),
    ];
    expect(findCreases(picture(crossing, 3), boxH, cells)).toEqual([]);
  });

  it("finds none, and returns, through a map gone wild: markers nearly in a line, or a page a million times too big", () => {
    const creased = picture([creaseShade(true, 120.3, 0, 0.15, 0.12)], 8);
    for (const wild of [
      [Number.NaN, 0, 0, 0, Number.NaN, 0, 0, 0, 1],
      [0, 0, 0, 0, 0, 0, 0, 0, 0],
      [1e6, 0, 0, 0, 1e6, 0, 0, 0, 1],
    ]) {
      expect(
        findCreases(
          creased,
          cells.map(() => wild),
          cells,
        ),
      ).toEqual([]);
    }
  });
});

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

describe("removeCreases", () => {
  // A horizontal crease at y = 60 mm, deeper along it (as measured at x = 20 and 190 mm), and a dust streak's line half
  // a pixel wide and 0.6 deep: each taken out of a box a pen stroke crosses, cut between the picture's pixels (a third
  // of one off), where every pixel sampled must be divided by its own share of light.
  for (const { name, sigma, depths } of [
    { name: "a fold's crease", sigma: 0.15, depths: [0.1, 0.2] },
    { name: "a streak a pixel wide", sigma: 0.06, depths: [0.6, 0.6] },
  ]) {
    it(`gives a box crossed by ${name} its paper back, and a pen stroke across it its own depth`, () => {
      const [from, to] = depths as [number, number];
      const crease: Crease = {
        points: [
          { x: 20 * PX - 0.5, y: 60 * PX - 0.5, depth: from },
          { x: 190 * PX - 0.5, y: 60 * PX - 0.5, depth: to },
        ],
        sigma: sigma * PX,
      };
      const shade: Shade = (x, y) =>
        1 - (from + ((to - from) * (x - 20)) / 170) * Math.exp(-((y - 60) ** 2) / (2 * sigma ** 2));
      const pen = stroke(100, 50, 100, 70);
      const region = { x: 92 + 1 / (3 * PX), y: 52 + 1 / (3 * PX), width: 16, height: 16 };
      const creased = picture([shade, pen], 4);
      const cut = cutRegion(creased, onPage, region, PX);
      const clean = cutRegion(picture([pen], 4), onPage, region, PX);
      removeCreases(cut, [crease], creased, onPage);
      let worst = 0;
      for (let i = 0; i < cut.data.length; i++) worst = Math.max(worst, Math.abs(cut.data[i]! - clean.data[i]!));
      // Each picture was rounded to whole levels: half a level in the clean one, half a level divided by the light the
      // crease left in the creased one (0.4 at least). The crease itself took up to 135 levels.
      expect(worst).toBeLessThan(0.5 + 0.5 / (1 - Math.max(from, to)));
    });
  }
});

describe("slidingMedian", () => {
  it("gives each point the middle of its window's values sorted, the window clipped at the ends", () => {
    const random = createRandom(5);
    for (const [length, reach] of [
      [50, 4],
      [7, 3],
      [5, 8],
      [1, 2],
    ] as const) {
      // Repeated values too: the window must take out the one that leaves, not another.
      const values = Float64Array.from({ length }, () => Math.round(random.range(0, 6)));
      const expected = Array.from(values, (_, j) => {
        const window = Array.from(values.subarray(Math.max(0, j - reach), j + reach + 1)).sort((a, b) => a - b);
        return window[Math.floor(window.length / 2)];
      });
      expect(Array.from(slidingMedian(values, reach))).toEqual(expected);
    }
  });
});
