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
    expect(lifted.verticalOffset).toBeCloseTo(40, -1);
  });

  it("tells a glyph placed too low from one whose thin tip the reading ends short of", () => {
    // A stem 60 units wide ending in a needle 4 units wide and 40 long below the baseline: a camera that cannot
    // see the needle reads the stem alone, which moves the lowest ink but not the glyph.
    const needle: GlyphTruth = {
      ...square,
      contours: [
        [0, 0, 60, 0, 60, 400, 0, 400],
        [28, -40, 32, -40, 32, 0, 28, 0],
      ],
    };
    const stemOnly = compareGlyph("M0 0L60 0L60 400L0 400Z", needle);
    expect(stemOnly.baselineError).toBeCloseTo(40, -1);
    expect(stemOnly.verticalOffset).toBeLessThan(3);
    const lowered = compareGlyph("M0 -30L60 -30L60 370L0 370ZM28 -70L32 -70L32 -30L28 -30Z", needle);
    expect(lowered.verticalOffset).toBeCloseTo(30, -1);
  });

  it("counts the pen's thickening as part of the truth", () => {
    const thick = { ...square, dilation: 20 };
    expect(compareGlyph("M0 0L400 0L400 400L0 400Z", thick).areaRatio).toBeLessThan(0.85);
    expect(compareGlyph("M-20 -20L420 -20L420 420L-20 420Z", thick).iou).toBeGreaterThan(0.98);
  });

  describe("whole glyphs", () => {
    // A hairline: a bar 1000 units long and 10 units thick.
    const hairline: GlyphTruth = { ...square, contours: [[0, 0, 1000, 0, 1000, 10, 0, 10]] };

    it("forgives an edge off by less than the tolerance, which IoU punishes on a thin stroke", () => {
      const result = compareGlyph("M0 6L1000 6L1000 16L0 16Z", hairline, 1, 8);
      expect(result.iou).toBeLessThan(0.5);
      expect(result.truthCovered).toBe(1);
      expect(result.readOnTruth).toBe(1);
      expect(result.whole).toBe(true);
    });

    it("is not whole when part of the stroke is missing", () => {
      const result = compareGlyph("M0 0L500 0L500 10L0 10Z", hairline, 1, 8);
      expect(result.truthCovered).toBeGreaterThan(0.45);
      expect(result.truthCovered).toBeLessThan(0.6);
      expect(result.whole).toBe(false);
    });

    it("is not whole when ink that was never written comes back", () => {
      const result = compareGlyph("M0 0L1000 0L1000 10L0 10Z M450 300L550 300L550 400L450 400Z", hairline, 1, 8);
      expect(result.truthCovered).toBe(1);
      expect(result.readOnTruth).toBeLessThan(0.6);
      expect(result.whole).toBe(false);
    });
  });
});
