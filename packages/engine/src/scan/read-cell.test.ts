import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { pathToContours, signedArea } from "../synth/contours.ts";
import { countCrossings } from "../synth/self-overlap.ts";
import type { LayoutCell } from "../template/layout-types.ts";
import type { CellMask } from "./binarize-cell.ts";
import { traceCell } from "./read-cell.ts";

beforeAll(() => initEngineForNode());

const pxPerMm = 8;
const size = 80;

/** A 0.1 mm line read a pixel wide, 7.5 mm long, and one pixel of it 0.6 mm past its end (a piece the cut left). */
function hairlineWithPiece(faint: boolean): CellMask {
  const mask = new Uint8Array(size * size);
  for (let x = 10; x < 70; x++) mask[40 * size + x] = 1;
  mask[40 * size + 75] = 1;
  // Below its level on ink, above it on paper: edges fall midway between pixels.
  const margin = Float32Array.from(mask, (ink) => (ink ? -0.1 : 0.1));
  return { width: size, height: size, mask, margin, threshold: 0.85, inkLevel: 0.8, ...(faint ? { faint } : {}) };
}

const contours = (path: string) => path.match(/M/gi)?.length ?? 0;

/** A 10 mm box at the page's corner, its baseline 7 mm down. */
const cell: LayoutCell = {
  page: 1,
  chars: "l",
  variant: 1,
  box: { x: 0, y: 0, width: 10, height: 10 },
  baselineY: 7,
  emMm: 8,
  label: "l",
};
const trace = (mask: CellMask) => traceCell(mask, mask.mask, pxPerMm, { x: 0, y: 0 }, cell);

describe("traceCell", () => {
  it("traces every piece of a faint box's hairline, however small; a pen's box drops islands under a 0.2 mm dot", async () => {
    const faint = hairlineWithPiece(true);
    expect(contours((await trace(faint)).path)).toBe(2);
    const ordinary = hairlineWithPiece(false);
    expect(contours((await trace(ordinary)).path)).toBe(1);
  });
});

/**
 * The ringed dot of an i in Bad Script, as a hairline phone photo read it (page 1, seed 2), traced at 32 px/mm: its
 * right side a pixel or two wide. Potrace's smoothed hole cut through that side at its lower right corner.
 */
const RINGED_DOT = [
  "...........................#....",
  ".............#######......###...",
  "..........###############.......",
  ".......##################.......",
  "#.....###################.......",
  ".....####################.......",
  ".....#########........###.......",
  ".....#######...........##.......",
  ".....######............###......",
  ".....#####.............###......",
  "....#####..............###......",
  "....#####..............###......",
  "....#####..............###......",
  "....#####..............###......",
  "....#####..............##.......",
  "....######.............##.......",
  ".....#######...........##.......",
  "......#######..........##.......",
  ".......#######.........##.......",
  ".......########........#........",
  "........################........",
  "........##############..........",
];

describe("traceCell on a counter pinched to a pixel", () => {
  it("returns contours that cross neither themselves nor each other, with the ink and the open counter kept", async () => {
    const width = RINGED_DOT[0]!.length;
    const height = RINGED_DOT.length;
    const mask = Uint8Array.from(RINGED_DOT.join(""), (c) => (c === "#" ? 1 : 0));
    const margin = Float32Array.from(mask, (ink) => (ink ? -0.1 : 0.1));
    const dot: CellMask = { width, height, mask, margin, threshold: 0.85, inkLevel: 0.8, faint: true };
    const fine = 32;
    const placed = await traceCell(dot, mask, fine, { x: 0, y: 0 }, { ...cell, emMm: 12.5 });
    const contours = pathToContours(placed.path, 0.5);
    expect(countCrossings(contours)).toBe(0);
    // The ink's area in font units (2.5 a pixel at 12.5 mm an em), the counter's hole included as negative, and the
    // three specks' (1 + 3 + 1 pixels) kept as islands: within a tenth, as a trace rounds a pixel's corners.
    const unitsPerPx = 1000 / (12.5 * fine);
    const inkArea = mask.reduce((n, ink) => n + ink, 0) * unitsPerPx ** 2;
    const area = contours.reduce((sum, c) => sum + signedArea(c), 0);
    expect(area).toBeGreaterThan(0.9 * inkArea);
    expect(area).toBeLessThan(1.1 * inkArea);
    expect(contours.filter((c) => signedArea(c) < 0)).toHaveLength(1);
  });
});
