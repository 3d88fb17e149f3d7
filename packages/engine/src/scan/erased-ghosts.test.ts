import { describe, expect, it } from "vitest";
import type { CellMask } from "./binarize-cell.ts";
import { dropGhosts, GHOST_SHARE, letterDepthOf } from "./erased-ghosts.ts";

const PX_PER_MM = 8;
const SIZE = 64;

/** A box's picture (1 = paper) with rectangles of ink at given depths, and its mask: every rectangle read as ink. */
function box(strokes: { x0: number; y0: number; x1: number; y1: number; depth: number }[]) {
  const data = new Float32Array(SIZE * SIZE).fill(1);
  const mask = new Uint8Array(SIZE * SIZE);
  const margin = new Float32Array(SIZE * SIZE);
  for (const { x0, y0, x1, y1, depth } of strokes) {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        data[y * SIZE + x] = 1 - depth;
        mask[y * SIZE + x] = 1;
        margin[y * SIZE + x] = -depth / 2;
      }
    }
  }
  const cell: CellMask = { width: SIZE, height: SIZE, mask, margin, threshold: 0.75, inkLevel: 0.5 };
  return { cell, data };
}

const inkAt = (cell: CellMask, x: number, y: number) => cell.mask[y * SIZE + x];

describe("the ghost of an erased letter in a box", () => {
  // A pencil stem 0.5 below paper, 3 mm tall and 0.5 mm wide.
  const stem = { x0: 20, y0: 8, x1: 24, y1: 32, depth: 0.5 };

  it("drops a piece under GHOST_SHARE of the letter's depth, its edge with it", () => {
    const ghost = { x0: 40, y0: 30, x1: 44, y1: 56, depth: 0.5 * GHOST_SHARE * 0.8 };
    const { cell, data } = box([stem, ghost]);
    const read = dropGhosts(cell, data, PX_PER_MM);
    expect(inkAt(read, 21, 20)).toBe(1);
    expect(inkAt(read, 41, 40)).toBe(0);
    // No edge is interpolated into where the ghost lay.
    expect(read.margin[40 * SIZE + 41]).toBeGreaterThanOrEqual(0);
  });

  it("keeps a stroke pressed lighter than the rest of its letter", () => {
    const light = { x0: 40, y0: 30, x1: 44, y1: 56, depth: 0.5 * GHOST_SHARE * 1.2 };
    const { cell, data } = box([stem, light]);
    expect(dropGhosts(cell, data, PX_PER_MM).mask).toBe(cell.mask);
  });

  it("judges a small deep piece (a dot) by the letter, not the letter by the dot", () => {
    // An i's dot as deep as the stem, and a faint ghost beside both: only the ghost goes.
    const dot = { x0: 21, y0: 2, x1: 23, y1: 4, depth: 0.5 };
    const ghost = { x0: 40, y0: 30, x1: 44, y1: 56, depth: 0.1 };
    const { cell, data } = box([stem, dot, ghost]);
    const read = dropGhosts(cell, data, PX_PER_MM);
    expect([inkAt(read, 21, 20), inkAt(read, 21, 3), inkAt(read, 41, 40)]).toEqual([1, 1, 0]);
  });

  it("does not let a speck of dirt darker than the letter make the letter a ghost", () => {
    // A black speck 0.25 mm across (under a speck's area) beside a light pencil letter a sixth as deep.
    const speck = { x0: 50, y0: 50, x1: 52, y1: 52, depth: 0.9 };
    const lightStem = { ...stem, depth: 0.15 };
    const { cell, data } = box([lightStem, speck]);
    expect(inkAt(dropGhosts(cell, data, PX_PER_MM), 21, 20)).toBe(1);
  });

  it("keeps a box of one piece, however faint, until its page says how deep its letters go", () => {
    const { cell, data } = box([{ ...stem, depth: 0.05 }]);
    expect(dropGhosts(cell, data, PX_PER_MM).mask).toBe(cell.mask);
    // On a page whose letters lie 0.5 deep, all of it is a ghost, and the box is blank.
    const read = dropGhosts(cell, data, PX_PER_MM, 0.2);
    expect(read.erased).toBe(true);
    expect(read.mask.every((v) => v === 0)).toBe(true);
  });

  it("drops a large ghost beside a small letter once the page says how deep its letters go", () => {
    // A ":" (two dots 0.25 mm across, as deep as the page's letters) written over an erased letter's large stroke.
    const dots = [
      { x0: 30, y0: 20, x1: 32, y1: 22, depth: 0.5 },
      { x0: 30, y0: 40, x1: 32, y1: 42, depth: 0.5 },
    ];
    const ghost = { x0: 40, y0: 4, x1: 46, y1: 60, depth: 0.08 };
    // A grain speck of the ghost, too small for a median, apart from it.
    const speck = { x0: 55, y0: 55, x1: 56, y1: 56, depth: 0.1 };
    const { cell, data } = box([...dots, ghost, speck]);
    // The box alone cannot tell: its largest piece, the ghost, is what its strokes are judged by.
    expect(inkAt(dropGhosts(cell, data, PX_PER_MM), 42, 30)).toBe(1);
    const read = dropGhosts(cell, data, PX_PER_MM, 0.2);
    expect([inkAt(read, 30, 20), inkAt(read, 30, 40), inkAt(read, 42, 30), inkAt(read, 55, 55)]).toEqual([1, 1, 0, 0]);
    expect(read.erased).toBeUndefined();
    expect(read.inkDepth).toBeCloseTo(0.5, 5);
  });

  it("tells the page its faintest piece, so that the page can judge the box again", () => {
    const ghost = { x0: 40, y0: 30, x1: 44, y1: 56, depth: 0.5 * GHOST_SHARE * 1.2 };
    const { cell, data } = box([stem, ghost]);
    expect(dropGhosts(cell, data, PX_PER_MM).faintestPiece).toBeCloseTo(0.5 * GHOST_SHARE * 1.2, 5);
  });
});

describe("how deep a page's letters go", () => {
  // Ten pencil letters from a light hand's 0.36 to a firm one's 0.64 below paper: their median is 0.52.
  const letters = [0.36, 0.4, 0.44, 0.46, 0.48, 0.52, 0.54, 0.58, 0.62, 0.64].map((inkDepth) => ({
    empty: false,
    inkDepth,
  }));
  const blank = { empty: true };

  it("is the median of its letters' ink, empty boxes left out", () => {
    const boxes = [...letters, blank, blank];
    expect(
      letterDepthOf(
        boxes,
        boxes.map(() => 1),
      ),
    ).toBeCloseTo(0.52, 5);
  });

  it("counts a letter under a glare's veil at the depth the veil took from it", () => {
    // Three letters under a veil that left them a third of their depth: 0.5 deep, they read 0.167.
    const veiled = [...letters.slice(0, 7), ...[0, 0, 0].map(() => ({ empty: false, inkDepth: 0.5 / 3 }))];
    const shares = veiled.map((_, i) => (i >= 7 ? 1 / 3 : 1));
    expect(letterDepthOf(veiled, shares)).toBeCloseTo(0.5, 5);
  });

  it("is not told by a page with too few letters", () => {
    const boxes = letters.slice(0, 7);
    expect(
      letterDepthOf(
        boxes,
        boxes.map(() => 1),
      ),
    ).toBeUndefined();
  });
});
