import { describe, expect, it } from "vitest";
import { compareGlyph } from "./glyph-iou.ts";
import type { GlyphTruth } from "./render-page.ts";

const square: GlyphTruth = {
  chars: "x",
  variant: 1,
  empty: false,
  contours: [[0, 0, 400, 0, 400, 400, 0, 400]],
  dilation: 0,
};

describe("compareGlyph", () => {
  it("scores the same outline 1 with no baseline error", () => {
    const result = compareGlyph("M0 0L400 0L400 400L0 400Z", square);
    expect(result.iou).toBeGreaterThan(0.995);
    expect(result.baselineError).toBeLessThan(3);
  });

  it("forgives a horizontal shift (spacing comes later) but not a vertical one", () => {
    expect(compareGlyph("M100 0L500 0L500 400L100 400Z", square).iou).toBeGreaterThan(0.995);
    const lifted = compareGlyph("M0 40L400 40L400 440L0 440Z", square);
    expect(lifted.iou).toBeCloseTo(360 / 440, 2);
    expect(lifted.baselineError).toBeCloseTo(40, -1);
  });

  it("counts the pen's thickening as part of the truth", () => {
    const thick = { ...square, dilation: 20 };
    expect(compareGlyph("M0 0L400 0L400 400L0 400Z", thick).areaRatio).toBeLessThan(0.85);
    expect(compareGlyph("M-20 -20L420 -20L420 420L-20 420Z", thick).iou).toBeGreaterThan(0.98);
  });
});
