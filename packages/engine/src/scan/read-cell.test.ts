import fontkit from "@pdf-lib/fontkit";
import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { pathToContours, signedArea } from "../synth/contours.ts";
import { createRandom } from "../synth/random.ts";
import { countCrossings } from "../synth/self-overlap.ts";
import { LABEL_FONT_CAP_HEIGHT, labelFontBytes } from "../template/label-font-bytes.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import type { LayoutCell } from "../template/layout-types.ts";
import { TEMPLATE_MARKS } from "../template/marks.ts";
import { LABEL_INSET_MM, LABEL_SIZE_EM } from "../template/page-geometry.ts";
import { type CellMask, RESOLVED_WIDTH } from "./binarize-cell.ts";
import { surroundingsOf } from "./follow-ink.ts";
import { CUT_INSET_MM, labelRect, type PreparedRegions, readCell, traceCell } from "./read-cell.ts";

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

describe("labelRect", () => {
  it("keeps each mark box's label place ('` è') to where the label prints, not the half of the box above the dotted circle", () => {
    // Counted as a cap height a character and one more, "` è" took twice its printed width: 9 mm of a 20 mm box, up to
    // where the mark is written, whose pixels there were the label's. Blur and a misplacement stay under a cap height.
    const layout = layoutTemplate({ sets: ["marks"], id: "MARKLABELS", cellSize: "m" });
    expect(layout.cells.length).toBe(TEMPLATE_MARKS.length);
    const font = fontkit.create(labelFontBytes());
    const pxPerMm = 8;
    for (const cell of layout.cells) {
      expect(Array.from(cell.label).length).toBeGreaterThan(1);
      const region = {
        x: cell.box.x + CUT_INSET_MM,
        y: cell.box.y + CUT_INSET_MM,
        width: cell.box.width - 2 * CUT_INSET_MM,
        height: cell.box.height - 2 * CUT_INSET_MM,
      };
      const rect = labelRect(cell, region, pxPerMm);
      // The printed label: its glyphs' advances at a font size whose cap height is LABEL_SIZE_EM of the em.
      const capHeight = LABEL_SIZE_EM * cell.emMm;
      const printed = (font.layout(cell.label).advanceWidth / font.unitsPerEm / LABEL_FONT_CAP_HEIGHT) * capHeight;
      const printedEnd = (cell.box.x + LABEL_INSET_MM + printed - region.x) * pxPerMm;
      const reach = printedEnd + capHeight * pxPerMm;
      expect({ label: cell.label, coversLabel: rect.x1 >= printedEnd, tight: rect.x1 <= reach }).toEqual({
        label: cell.label,
        coversLabel: true,
        tight: true,
      });
    }
  });
});

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

describe("readCell following a pencil's stroke beside a neighbour's hairlines", () => {
  // A template of 20 mm boxes; box "f" holds a pencil stroke 1 mm wide (0.45 below paper, lighter towards its foot,
  // blurred by 0.2 mm) running 4 mm down and 1.2 mm past the box's bottom; box "e" to its left holds a neighbour's
  // zig-zag of hairlines (0.1 mm, 0.3 below paper) within the wider cut that follows the stroke. There the hairlines,
  // measured with the stroke, would say the page's faint strokes are hairlines.
  const layout = layoutTemplate({ sets: [], chars: "abcdefghijklmnop", id: "FOLLOW", cellSize: "m" });
  const f = layout.cells.find((c) => c.chars === "f")!;
  const k = 8;
  const origin = { x: f.box.x - 12, y: f.box.y - 12 };
  const size = 44 * k;
  const [cx, top, length] = [f.box.x + 10, f.box.y + f.box.height - 2.8, 4];
  const zigzag = [0, 1, 2, 3].map((n) => {
    const [ax, ay] = [f.box.x - 7 + (n % 2 ? 3 : 0), f.box.y + 6 + 2 * n];
    return { ax, ay, bx: f.box.x - 7 + (n % 2 ? 0 : 3), by: ay + 2 };
  });
  const random = createRandom(3);
  const data = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [px, py] = [origin.x + (x + 0.5) / k, origin.y + (y + 0.5) / k];
      let level = 230;
      for (const cell of layout.cells) {
        if (cell.page !== 1 || px < cell.box.x || px > cell.box.x + cell.box.width) continue;
        for (const em of [0.7, 0.48, 0, -0.25]) {
          if (em === 0.48 && Math.floor(px / 1.5) % 2) continue;
          level *= 1 - 0.16 * Math.exp(-((py - (cell.baselineY - em * cell.emMm)) ** 2) / (2 * 0.12 ** 2));
        }
      }
      const along = Math.min(Math.max((py - top) / length, 0), 1);
      const off = Math.hypot(px - (cx + 0.15 * along * length), py - (top + along * length));
      level *= 1 - (0.45 - 0.25 * along) * 0.5 * (1 + Math.tanh((0.5 - off) / 0.16));
      for (const { ax, ay, bx, by } of zigzag) {
        const [dx, dy] = [bx - ax, by - ay];
        const t = Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
        level *= 1 - 0.3 * Math.exp(-(Math.hypot(px - ax - t * dx, py - ay - t * dy) ** 2) / (2 * 0.12 ** 2));
      }
      data[y * size + x] = Math.max(0, Math.min(255, Math.round(level + 2.5 * random.normal())));
    }
  }
  const h = [k, 0, -k * origin.x, 0, k, -k * origin.y, 0, 0, 1];
  const image = { width: size, height: size, data };

  it("reads the wider cut with the box's own decision: its stroke is cut as a band, not as a hairline", async () => {
    const read = await readCell(image, h, f, k, surroundingsOf(layout, 1), { blurMm: 0.2 });
    expect(read.bandWidth).toBeGreaterThanOrEqual(RESOLVED_WIDTH);
    expect(read.cell.warnings.map((w) => w.code)).toContain("CROSSED_BOX");
    // The stroke's area (a band 1 mm wide, 4 mm long between round ends) in font units (80 a millimetre here); its
    // foot fades to a fifth of its depth and reads a little short. Cut as a hairline it kept two fifths.
    const units = 1000 / f.emMm;
    const truth = (Math.hypot(4, 0.6) + Math.PI * 0.5 ** 2) * units ** 2;
    const area = pathToContours(read.cell.path).reduce((sum, c) => sum + signedArea(c), 0);
    expect(area / truth).toBeGreaterThan(0.7);
    expect(area / truth).toBeLessThan(1.1);
  });

  it("reads the box again, as the page decides, from the regions its first reading cut: as a fresh cut reads", async () => {
    const surroundings = surroundingsOf(layout, 1);
    const prepared: PreparedRegions = new Map();
    await readCell(image, h, f, k, surroundings, { blurMm: 0.2 }, prepared);
    // Its own cut and the wider one that follows the stroke.
    expect(prepared.size).toBe(2);
    const decided = { blurMm: 0.2, bands: false };
    const again = await readCell(image, h, f, k, surroundings, decided, prepared);
    expect(prepared.size).toBe(2);
    expect(again.cell).toEqual((await readCell(image, h, f, k, surroundings, decided)).cell);
  });
});
