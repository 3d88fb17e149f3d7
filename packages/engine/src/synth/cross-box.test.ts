import { describe, expect, it } from "vitest";
import { contoursBox } from "./contours.ts";
import { crossBox } from "./cross-box.ts";
import { writeGlyph } from "./handwriting.ts";
import { loadHandwritingFont } from "./node/index.ts";
import { createRandom } from "./random.ts";

const hand = loadHandwritingFont("caveat");
// A medium box's edges in its font units: 1.08 em above the baseline, 0.52 em below.
const edges = { top: 1080, bottom: -520 };
const crossed = (chars: string, share = 1) =>
  contoursBox(crossBox(writeGlyph(hand, chars)!.contours, chars, edges, createRandom(7), { share }));

describe("crossBox", () => {
  it("draws a descender 150–400 units past the box's bottom, keeping the letter's body", () => {
    const before = contoursBox(writeGlyph(hand, "g")!.contours);
    const after = crossed("g");
    expect(after.yMin).toBeLessThanOrEqual(edges.bottom - 150);
    expect(after.yMin).toBeGreaterThanOrEqual(edges.bottom - 400);
    expect(after.yMax).toBeCloseTo(before.yMax, 6);
  });

  it("writes an accented capital tall, its accent's top 60–250 units past the box's top", () => {
    for (const chars of ["É", "Ñ", "Й"]) {
      const after = crossed(chars);
      expect(after.yMax, chars).toBeGreaterThanOrEqual(edges.top + 60);
      expect(after.yMax, chars).toBeLessThanOrEqual(edges.top + 250);
      expect(after.yMin, chars).toBeGreaterThan(-150);
    }
  });

  it("draws a tall exclamation mark past the box's top, and leaves other letters and unchosen ones alone", () => {
    expect(crossed("!").yMax).toBeGreaterThanOrEqual(edges.top + 100);
    expect(crossed("E")).toEqual(contoursBox(writeGlyph(hand, "E")!.contours));
    expect(crossed("g", 0)).toEqual(contoursBox(writeGlyph(hand, "g")!.contours));
  });
});
