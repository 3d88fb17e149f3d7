import { describe, expect, it } from "vitest";
import { contourArea } from "./geometry.ts";
import { parseSvgPath } from "./parse-path.ts";
import { unionOutline } from "./union.ts";

const area = (outline: ReturnType<typeof unionOutline>) => outline.reduce((sum, c) => sum + contourArea(c), 0) / 2;

describe("union of an outline", () => {
  it("merges overlapping contours into one and keeps apart ones apart", () => {
    const union = unionOutline(parseSvgPath("M0 0H100V100H0Z M50 50H150V150H50Z M1000 0H1050V50H1000Z"));
    expect(union).toHaveLength(2);
    expect(Math.abs(area(union))).toBeCloseTo(17_500 + 2_500, 6);
  });

  it("follows curves within the tolerance: two overlapping circles lose no area to chords", () => {
    const circle = (cx: number) => {
      const k = 200 * 0.5523;
      return `M${cx + 200} 0C${cx + 200} ${k} ${cx + k} 200 ${cx} 200C${cx - k} 200 ${cx - 200} ${k} ${cx - 200} 0C${cx - 200} ${-k} ${cx - k} -200 ${cx} -200C${cx + k} -200 ${cx + 200} ${-k} ${cx + 200} 0Z`;
    };
    const outline = parseSvgPath(`${circle(0)} ${circle(250)}`);
    const union = unionOutline(outline);
    expect(union).toHaveLength(1);
    const exact = (contourArea(outline[0]!) / 2) * 2 - lensArea();
    expect(Math.abs(area(union)) / exact).toBeCloseTo(1, 3);
  });
});

/** The overlap of two Bézier circles of radius 200 whose centres are 250 apart, by the circle formula. */
function lensArea(): number {
  const r = 200;
  const d = 250;
  return 2 * r * r * Math.acos(d / (2 * r)) - (d / 2) * Math.sqrt(4 * r * r - d * d);
}
