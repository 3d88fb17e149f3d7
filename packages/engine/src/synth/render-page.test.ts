import { describe, expect, it } from "vitest";
import { layoutTemplate } from "../template/layout-template.ts";
import { contoursBox } from "./contours.ts";
import { writeGlyph } from "./handwriting.ts";
import { loadHandwritingFont } from "./node/load-handwriting-fonts.ts";
import { renderFilledPage } from "./render-page.ts";

const hand = loadHandwritingFont("caveat");

describe("synthetic handwriting", () => {
  it("writes capitals up to the cap-height guide and descenders below the baseline", () => {
    const h = contoursBox(writeGlyph(hand, "H")!.contours);
    expect(h.yMax).toBeGreaterThan(680);
    expect(h.yMax).toBeLessThan(720);
    expect(contoursBox(writeGlyph(hand, "g")!.contours).yMin).toBeLessThan(-150);
    expect(contoursBox(writeGlyph(hand, "x")!.contours).yMax).toBeLessThan(500);
  });

  it("writes Cyrillic, ligatures as one sequence, and nothing for characters the font lacks", () => {
    expect(writeGlyph(hand, "Ж")).toBeDefined();
    const ff = writeGlyph(hand, "ff")!;
    expect(ff.advance).toBeGreaterThan(writeGlyph(hand, "f")!.advance * 1.9);
    expect(writeGlyph(hand, "中")).toBeUndefined();
  });

  it("renders a page deterministically from its seed, with the truth of every box", () => {
    const layout = layoutTemplate({ sets: ["digits"], id: "SYNTH", cellSize: "l" });
    const a = renderFilledPage(layout, { page: 1, dpi: 50, hand, seed: 3, blankRatio: 0.3 });
    const b = renderFilledPage(layout, { page: 1, dpi: 50, hand, seed: 3, blankRatio: 0.3 });
    expect(a.truth).toEqual(b.truth);
    expect(a.data).toEqual(b.data);
    expect(a.truth.map((t) => t.chars)).toEqual(layout.cells.map((c) => c.chars));
    expect([a.width, a.height]).toEqual([413, 585]);
    // Ink is dark where the truth says a glyph is, paper where a box was left blank.
    expect(a.truth.some((t) => t.empty)).toBe(true);
  });
});
