import { describe, expect, it } from "vitest";
import { layoutTemplate } from "../template/layout-template.ts";
import type { BoxMm, LayoutCell } from "../template/layout-types.ts";
import type { CellMask } from "./binarize-cell.ts";
import { followInk, followRegion, inkAroundBox, surroundingsOf } from "./follow-ink.ts";
import type { Homography } from "./homography.ts";
import { CUT_INSET_MM } from "./read-cell.ts";

const pxPerMm = 8;
// Medium boxes (20 mm, 2 mm apart): "0" has "1" on its right and "8" below it.
const layout = layoutTemplate({ sets: ["digits"], id: "FOLLOW", cellSize: "m" });
const surroundings = surroundingsOf(layout, 1);
const cellOf = (chars: string) => layout.cells.find((c) => c.chars === chars)!;
const [top, right, below] = [cellOf("0"), cellOf("1"), cellOf("8")];

/** Strokes as rectangles in page mm, drawn onto the mask of `cell`'s follow region. */
function page(cell: LayoutCell, strokes: BoxMm[], faint = false, around = surroundings) {
  const region = followRegion(cell, around);
  const width = Math.round(region.width * pxPerMm);
  const height = Math.round(region.height * pxPerMm);
  const mask = new Uint8Array(width * height);
  for (const s of strokes) {
    for (let y = Math.round((s.y - region.y) * pxPerMm); y < Math.round((s.y + s.height - region.y) * pxPerMm); y++) {
      for (let x = Math.round((s.x - region.x) * pxPerMm); x < Math.round((s.x + s.width - region.x) * pxPerMm); x++) {
        if (x >= 0 && y >= 0 && x < width && y < height) mask[y * width + x] = 1;
      }
    }
  }
  // The margin below each pixel's threshold: positive on ink, negative on paper.
  const margin = Float32Array.from(mask, (ink) => (ink ? 0.3 : -0.3));
  const binary: CellMask = { width, height, mask, margin, threshold: 0.6, inkLevel: 0.2, ...(faint ? { faint } : {}) };
  const inner = {
    x: cell.box.x + CUT_INSET_MM,
    y: cell.box.y + CUT_INSET_MM,
    width: cell.box.width - 2 * CUT_INSET_MM,
    height: cell.box.height - 2 * CUT_INSET_MM,
  };
  const result = followInk(binary, region, pxPerMm, cell, around, { inner });
  const inkAt = (x: number, y: number) =>
    result.mask[Math.floor((y - region.y) * pxPerMm) * width + Math.floor((x - region.x) * pxPerMm)] === 1;
  return { result, inkAt, codes: result.warnings.map((w) => w.code) };
}

// A "g"-like letter in the top box: a bowl-sized block on the baseline and a stem whose tail runs below the box.
const bowl = (cell: LayoutCell): BoxMm => ({ x: cell.box.x + 7, y: cell.baselineY - 6, width: 6, height: 6 });
const tail = (cell: LayoutCell, toY: number): BoxMm => ({
  x: cell.box.x + 12,
  y: cell.baselineY - 1,
  width: 0.6,
  height: toY - cell.baselineY + 1,
});
/** An upright stroke 1 mm wide from `topMm` below `cell`'s top down to its baseline, `xMm` from its left side. */
const upright = (cell: LayoutCell, xMm: number, topMm: number): BoxMm => ({
  x: cell.box.x + xMm,
  y: cell.box.y + topMm,
  width: 1,
  height: cell.baselineY - cell.box.y - topMm,
});
// A small letter sitting on the lower box's baseline, up to its x-height.
const small = (cell: LayoutCell): BoxMm => ({ x: cell.box.x + 8, y: cell.baselineY - 6, width: 5, height: 6 });

describe("followInk", () => {
  it("keeps a descender that runs out of its box into the gap and the empty top of the box below, and says so", () => {
    const end = below.box.y + 2.5; // 2 mm of gap, then 2.5 mm into the box below
    const { result, inkAt, codes } = page(top, [bowl(top), tail(top, end)]);
    expect(inkAt(top.box.x + 12.3, top.box.y + top.box.height + 1)).toBe(true); // in the gap
    expect(inkAt(top.box.x + 12.3, end - 0.2)).toBe(true); // in the box below
    expect(codes).toEqual(["CROSSED_BOX"]);
    expect(result.empty).toBe(false);
  });

  it("keeps a short piece of a faint hairline running out of its box, which pen ink of that size would be a speck", () => {
    // A 0.1 mm line (a pixel wide) into the gap below, and a piece of it 0.25 mm long that the cut near its middle left.
    const line = { x: top.box.x + 12, y: top.baselineY - 6, width: 0.125, height: top.box.height - 2 };
    const piece = { x: top.box.x + 9, y: top.baselineY - 3, width: 0.25, height: 0.125 };
    expect(page(top, [line, piece]).inkAt(piece.x + 0.1, piece.y + 0.05)).toBe(false);
    const { inkAt, codes } = page(top, [line, piece], true);
    expect(inkAt(piece.x + 0.1, piece.y + 0.05)).toBe(true);
    expect(codes).not.toContain("SPECKS_REMOVED");
  });

  it("leaves that descender to its own box when reading the box below, which stays empty", () => {
    const { result, codes } = page(below, [bowl(top), tail(top, below.box.y + 2.5)]);
    expect(result.empty).toBe(true);
    expect(codes).toEqual(["STROKE_TRIMMED"]);
  });

  it("splits a descender that touches the letter below: each box keeps its own letter", () => {
    // The tail runs down onto the top of the small letter in the box below.
    const strokes = [bowl(top), tail(top, below.baselineY - 5.5), small(below)];
    const upper = page(top, strokes);
    const lower = page(below, strokes);
    const x = top.box.x + 12.3;
    // The tail down to the lower box's core stays the upper letter's, in the gap and the lower box's free top.
    expect(upper.inkAt(x, top.box.y + top.box.height + 1)).toBe(true);
    expect(upper.inkAt(x, below.box.y + 2)).toBe(true);
    expect(upper.inkAt(below.box.x + 10, below.baselineY - 3)).toBe(false);
    expect(lower.inkAt(below.box.x + 10, below.baselineY - 3)).toBe(true);
    expect(lower.inkAt(x, below.box.y + 2)).toBe(false);
    expect(lower.inkAt(x, top.baselineY - 3)).toBe(false);
    expect(upper.codes).toContain("CROSSED_BOX");
  });

  it("keeps a letter's stroke running into the free side of the box on its right, and trims it from that box", () => {
    const bar: BoxMm = { x: top.box.x + 10, y: top.baselineY - 5, width: 15.5, height: 0.6 }; // 3.5 mm into "1"'s box
    const stem: BoxMm = { x: top.box.x + 9, y: top.baselineY - 10, width: 1, height: 10 };
    const own = page(top, [stem, bar]);
    expect(own.inkAt(right.box.x + 3, top.baselineY - 4.7)).toBe(true);
    expect(own.codes).toEqual(["CROSSED_BOX"]);
    const neighbour = page(right, [stem, bar, { x: right.box.x + 9, y: right.baselineY - 10, width: 1, height: 10 }]);
    expect(neighbour.inkAt(right.box.x + 3, top.baselineY - 4.7)).toBe(false);
    expect(neighbour.inkAt(right.box.x + 9.5, right.baselineY - 5)).toBe(true);
    expect(neighbour.codes).toEqual(["STROKE_TRIMMED"]);
  });

  it("clears a box border that reads as ink, keeping the stroke that crosses it", () => {
    const border: BoxMm = { x: top.box.x - 0.1, y: top.box.y + top.box.height - 0.1, width: 20.2, height: 0.2 };
    const { inkAt, codes } = page(top, [bowl(top), tail(top, below.box.y - 0.5), border]);
    expect(inkAt(top.box.x + 3, top.box.y + top.box.height)).toBe(false);
    expect(inkAt(top.box.x + 12.3, top.box.y + top.box.height)).toBe(true);
    expect(inkAt(top.box.x + 12.3, below.box.y - 0.7)).toBe(true);
    expect(codes).toEqual(["CROSSED_BOX"]);
  });

  it("keeps a stroke written along the box's foot up to the printed line, where the border read as ink is cleared", () => {
    // A bar 12 mm long on the box's foot, its top 0.1 mm under the printed line and 0.25 mm into the border's band,
    // over a border that reads as ink all along.
    const foot = top.box.y + top.box.height;
    const border: BoxMm = { x: top.box.x - 0.1, y: foot - 0.1, width: 20.2, height: 0.2 };
    const bar: BoxMm = { x: top.box.x + 4, y: foot - 1.5, width: 12, height: 1.4 };
    const { inkAt } = page(top, [bowl(top), bar, border]);
    expect(inkAt(top.box.x + 10, foot - 0.2)).toBe(true);
    expect(inkAt(top.box.x + 10, foot - 0.05)).toBe(true);
    expect(inkAt(top.box.x + 2, foot)).toBe(false);
    expect(inkAt(top.box.x + 10, foot + 0.05)).toBe(false);
  });

  it("gives an accent written above the box, in the gap, to the capital below it and not to the box above", () => {
    // A capital in the lower box written tall (its top 1 mm below the box's top), its accent in the gap above.
    const capital = upright(below, 8, 1);
    const accent: BoxMm = { x: below.box.x + 8.5, y: below.box.y - 1.4, width: 1.6, height: 0.8 };
    const strokes = [capital, accent, bowl(top)];
    const lower = page(below, strokes);
    expect(lower.inkAt(below.box.x + 9, below.box.y - 1)).toBe(true);
    expect(lower.codes).toEqual(["CROSSED_BOX"]);
    const upper = page(top, strokes);
    expect(upper.inkAt(below.box.x + 9, below.box.y - 1)).toBe(false);
    expect(upper.inkAt(top.box.x + 10, top.baselineY - 3)).toBe(true);
  });

  it("gives a mark to the letter under it, not to the descender of the letter above that ends just over it", () => {
    // The top box's tail runs down through the gap and 0.2 mm into the box below, ending 0.8 mm over a breve that
    // stands 1.2 mm over the lower box's capital: the tail is nearer, but it is a tail outside its own box.
    const capital = upright(below, 11.5, 3);
    const breve: BoxMm = { x: below.box.x + 11, y: below.box.y + 1, width: 2, height: 0.8 };
    const strokes = [bowl(top), tail(top, below.box.y + 0.2), capital, breve];
    const lower = page(below, strokes);
    expect(lower.inkAt(below.box.x + 12, below.box.y + 1.4)).toBe(true);
    const upper = page(top, strokes);
    expect(upper.inkAt(below.box.x + 12, below.box.y + 1.4)).toBe(false);
    expect(upper.inkAt(top.box.x + 12.3, below.box.y - 1)).toBe(true);
  });

  it("gives a mark to the letter under it rather than to a neighbour's stroke beside it a little nearer", () => {
    // A bar of "0" runs to its box's right edge, 2.5 mm left of a mark written in the free top left of "1"'s box,
    // 2.7 mm over "1"'s capital. Marks stand over or under their letters.
    const stem = upright(top, 9, 1);
    const bar: BoxMm = { x: top.box.x + 9, y: top.box.y + 1, width: 10.8, height: 0.6 };
    const mark: BoxMm = { x: right.box.x + 0.3, y: right.box.y + 1, width: 1.6, height: 0.8 };
    const capital: BoxMm = { x: right.box.x + 1.5, y: mark.y + mark.height + 2.7, width: 1.5, height: 8 };
    const strokes = [stem, bar, mark, capital];
    const owner = page(right, strokes);
    expect(owner.inkAt(mark.x + 0.8, mark.y + 0.4)).toBe(true);
    expect(owner.inkAt(capital.x + 0.7, capital.y + 4)).toBe(true);
    const neighbour = page(top, strokes);
    expect(neighbour.inkAt(mark.x + 0.8, mark.y + 0.4)).toBe(false);
    expect(neighbour.inkAt(top.box.x + 15, top.box.y + 1.3)).toBe(true);
  });

  it("warns that a letter may be cut off only where its ink runs on past what can be read: here into the header", () => {
    // "0" is in the first row, 3 mm below the readable part of the page: a tall stroke runs up 5 mm past its top.
    expect(top.box.y - surroundings.area.y).toBeCloseTo(3, 0);
    const tall: BoxMm = { x: top.box.x + 10, y: top.box.y - 5, width: 0.8, height: top.baselineY - top.box.y + 5 };
    const { inkAt, codes } = page(top, [tall]);
    expect(inkAt(top.box.x + 10.4, top.box.y - 2)).toBe(true);
    expect(codes).toEqual(["CROSSED_BOX", "TOUCHES_BORDER"]);
  });
});

describe("followInk, by the characters the boxes hold", () => {
  /** The digits page with the top box and the one below it holding other characters. */
  const holding = (upper: string, lower: string) => {
    const cells = surroundings.cells.map((c) =>
      c === top ? { ...c, chars: upper } : c === below ? { ...c, chars: lower } : c,
    );
    return {
      around: { ...surroundings, cells },
      upper: cells[surroundings.cells.indexOf(top)]!,
      lower: cells[surroundings.cells.indexOf(below)]!,
    };
  };
  // A thick bar 10 mm long written under the upper box: through the 2 mm gap and 0.8 mm into the lower box, and a "*"
  // written high in the lower box, 1.7 mm under the bar: within a mark's reach of it (0.35 em, 4.4 mm here).
  const bar: BoxMm = { x: top.box.x + 5, y: top.box.y + top.box.height + 0.4, width: 10, height: 2.4 };
  const star = (cell: LayoutCell): BoxMm => ({ x: cell.box.x + 8, y: cell.box.y + 2.5, width: 4, height: 4 });

  it('gives a "_" written wholly under its box, in the gap over a "*", to its own box and not to the "*"', () => {
    const { around, upper, lower } = holding("_", "*");
    const strokes = [bar, star(lower)];
    const underscore = page(upper, strokes, false, around);
    expect(underscore.inkAt(bar.x + 5, bar.y + 0.6)).toBe(true);
    expect(underscore.result.empty).toBe(false);
    expect(underscore.codes).toEqual(["CROSSED_BOX"]);
    const asterisk = page(lower, strokes, false, around);
    expect(asterisk.inkAt(bar.x + 5, bar.y + 0.6)).toBe(false);
    expect(asterisk.inkAt(lower.box.x + 10, lower.box.y + 4.5)).toBe(true);
  });

  it("gives the same bar to the letter below when that letter is written with an accent over it", () => {
    const { around, upper, lower } = holding("_", "É");
    const strokes = [bar, upright(lower, 9, 2)];
    expect(page(lower, strokes, false, around).inkAt(bar.x + 5, bar.y + 0.6)).toBe(true);
    expect(page(upper, strokes, false, around).inkAt(bar.x + 5, bar.y + 0.6)).toBe(false);
  });

  it("leaves the bar to the letter below when nothing written above hangs under its baseline", () => {
    const { around, upper, lower } = holding("A", "*");
    const strokes = [bar, star(lower), upright(upper, 9, 3)];
    expect(page(lower, strokes, false, around).inkAt(bar.x + 5, bar.y + 0.6)).toBe(true);
    expect(page(upper, strokes, false, around).inkAt(bar.x + 5, bar.y + 0.6)).toBe(false);
  });

  it('gives a "_" written low, mostly in the box of the "*" below, to its own box when nothing else hangs there', () => {
    const { around, upper, lower } = holding("_", "*");
    const low: BoxMm = { x: bar.x, y: lower.box.y - 1, width: 10, height: 2.4 };
    const strokes = [low, star(lower)];
    expect(page(upper, strokes, false, around).inkAt(low.x + 5, lower.box.y + 1)).toBe(true);
    expect(page(lower, strokes, false, around).inkAt(low.x + 5, lower.box.y + 1)).toBe(false);
  });

  it("leaves a piece lying mostly in the letter's own box to that letter when the letter above hangs its own", () => {
    // The lower letter's bar, written apart from its stem, crosses out of its box's top into the gap by 0.5 of 1.2 mm;
    // the g above has its descender, which ends inside its box.
    const { around, upper, lower } = holding("g", "T");
    const crossbar: BoxMm = { x: lower.box.x + 5, y: lower.box.y - 0.5, width: 10, height: 1.2 };
    const strokes = [crossbar, upright(lower, 9.5, 2.5), bowl(upper), tail(upper, upper.box.y + upper.box.height - 1)];
    expect(page(lower, strokes, false, around).inkAt(crossbar.x + 5, lower.box.y - 0.3)).toBe(true);
    expect(page(upper, strokes, false, around).inkAt(crossbar.x + 5, lower.box.y - 0.3)).toBe(false);
  });
});

describe("inkAroundBox", () => {
  // A page scanned at 10 px/mm, straight: page mm (x, y) is pixel (10 x, 10 y).
  const scale = 10;
  const h: Homography = [scale, 0, 0, 0, scale, 0, 0, 0, 1];
  const box = top.box;
  const inner = { x: box.x + CUT_INSET_MM, y: box.y + CUT_INSET_MM, width: box.width - 1.4, height: box.height - 1.4 };
  const scan = (dots: { x: number; y: number }[]) => {
    const width = Math.ceil((box.x + box.width + 10) * scale);
    const height = Math.ceil((box.y + box.height + 10) * scale);
    const data = new Uint8Array(width * height).fill(240);
    // Dots 0.6 mm across.
    for (const d of dots) {
      for (let y = Math.round((d.y - 0.3) * scale); y <= Math.round((d.y + 0.3) * scale); y++) {
        for (let x = Math.round((d.x - 0.3) * scale); x <= Math.round((d.x + 0.3) * scale); x++)
          data[y * width + x] = 40;
      }
    }
    return { width, height, data };
  };

  it("finds a mark written above the box, in the gap, and nothing on clean paper or inside the box's cut", () => {
    expect(inkAroundBox(scan([{ x: box.x + 10, y: box.y - 1.5 }]), h, box, inner, 120)).toBe(true);
    expect(inkAroundBox(scan([]), h, box, inner, 120)).toBe(false);
    expect(inkAroundBox(scan([{ x: box.x + 10, y: box.y + 5 }]), h, box, inner, 120)).toBe(false);
  });
});
