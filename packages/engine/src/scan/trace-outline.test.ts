import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { pathToContours, signedArea } from "../synth/contours.ts";
import type { LayoutCell } from "../template/layout-types.ts";
import { placeInEm } from "./place-in-em.ts";
import { traceOutline } from "./trace-outline.ts";

beforeAll(() => initEngineForNode());

const cell: LayoutCell = {
  page: 1,
  chars: "o",
  variant: 1,
  box: { x: 10, y: 20, width: 20, height: 20 },
  baselineY: 33.5,
  emMm: 12.5,
  label: "o",
};

/** A ring ("o") drawn on a 20 × 20 mm grid at 24 px/mm, sitting on the baseline. */
function ringMask() {
  const pxPerMm = 24;
  const size = 20 * pxPerMm;
  const mask = new Uint8Array(size * size);
  // Centre 3 mm above the baseline (13.5 mm below the box top), outer radius 3 mm, inner 2 mm.
  const cx = 10 * pxPerMm;
  const cy = (13.5 - 3) * pxPerMm;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / pxPerMm;
      if (r <= 3 && r >= 2) mask[y * size + x] = 1;
    }
  }
  return { mask, size, pxPerMm };
}

describe("traceOutline and placeInEm", () => {
  it("keeps the counter of an o open: its hole is wound against the outer contour", async () => {
    const { mask, size, pxPerMm } = ringMask();
    const traced = await traceOutline(mask, size, size, 10);
    const placed = placeInEm(traced, { originX: 10, originY: 20, pxPerMm, left: 0, top: 0 }, cell);
    const contours = pathToContours(placed.path);
    expect(contours).toHaveLength(2);
    const [a, b] = contours.map(signedArea);
    expect(Math.sign(a!)).toBe(-Math.sign(b!));
    // Outer contours run counter-clockwise in y-up font units, as PostScript outlines do.
    const outer = Math.abs(a!) > Math.abs(b!) ? a! : b!;
    expect(outer).toBeGreaterThan(0);
    expect(placed.path).toMatch(/^M-?\d+ -?\d+C/);
  });

  it("places the outline in font units: sitting on the baseline, 1000 units per em", async () => {
    const { mask, size, pxPerMm } = ringMask();
    const traced = await traceOutline(mask, size, size, 10);
    const { bbox } = placeInEm(traced, { originX: 10, originY: 20, pxPerMm, left: 0, top: 0 }, cell);
    // Ring of radius 3 mm centred 3 mm above the baseline, em 12.5 mm: y from 0 to 480 units, x 560 to 1040.
    expect(bbox!.yMin).toBeGreaterThan(-4);
    expect(bbox!.yMin).toBeLessThan(4);
    expect(bbox!.yMax).toBeGreaterThan(476);
    expect(bbox!.yMax).toBeLessThan(484);
    expect(bbox!.xMin).toBeCloseTo(560, -1);
    expect(bbox!.xMax).toBeCloseTo(1040, -1);
  });

  it("traces each mask on its own, after a bigger one and while another is being traced", async () => {
    const { mask, size, pxPerMm } = ringMask();
    // A 2 × 2 mm square, 1 mm in from the top-left corner of a 4 × 4 mm mask at 24 px/mm.
    const small = 4 * pxPerMm;
    const square = new Uint8Array(small * small);
    for (let y = pxPerMm; y < 3 * pxPerMm; y++) square.fill(1, y * small + pxPerMm, y * small + 3 * pxPerMm);
    const frame = { originX: 10, originY: 20, pxPerMm, left: 0, top: 0 };
    // All ink first, so a picture left over from it would show; then the square and the ring at once.
    await traceOutline(new Uint8Array(size * size).fill(1), size, size, 10);
    const [after, ring] = await Promise.all([
      traceOutline(square, small, small, 10),
      traceOutline(mask, size, size, 10),
    ]);
    expect(pathToContours(placeInEm(ring, frame, cell).path)).toHaveLength(2);
    // One contour, the square alone: 1 to 3 mm from the box's left (80–240 units at 12.5 mm an em) and 12.5 to 10.5 mm
    // above the baseline, which is 13.5 mm below the box's top.
    const placed = placeInEm(after, frame, cell);
    expect(pathToContours(placed.path)).toHaveLength(1);
    expect(placed.bbox!.xMin).toBeCloseTo(80, -1);
    expect(placed.bbox!.xMax).toBeCloseTo(240, -1);
    expect(placed.bbox!.yMin).toBeCloseTo(840, -1);
    expect(placed.bbox!.yMax).toBeCloseTo(1000, -1);
  });

  it("returns no path for an empty mask", async () => {
    const traced = await traceOutline(new Uint8Array(100), 10, 10, 2);
    expect(placeInEm(traced, { originX: 0, originY: 0, pxPerMm: 1, left: 0, top: 0 }, cell)).toEqual({
      path: "",
      bbox: null,
      outline: [],
    });
  });
});
