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

  it("writes in pencil: grey letters, lighter and darker, the paper's tooth left in them", () => {
    const layout = layoutTemplate({ sets: [], chars: "IHLT", id: "PENCIL", cellSize: "l" });
    const page = renderFilledPage(layout, { page: 1, dpi: 300, hand, seed: 4, pencil: true });
    const k = 300 / 25.4;
    // The grey of each letter's stroke pixels, relative to the paper: its darkest (graphite laid down whole) and its
    // median (the tooth's gaps lighten it).
    const greys = layout.cells.map((cell) => {
      const values: number[] = [];
      for (let y = Math.round((cell.box.y + 2) * k); y < (cell.box.y + cell.box.height - 2) * k; y++) {
        for (let x = Math.round((cell.box.x + 2) * k); x < (cell.box.x + cell.box.width - 2) * k; x++) {
          const i = (y * page.width + x) * 4;
          const [r, b] = [page.data[i]!, page.data[i + 2]!];
          // Graphite is neutral grey; the guides and labels are blue.
          if (b - r < 8 && r < 230) values.push(r / 252);
        }
      }
      values.sort((a, b) => a - b);
      return { darkest: values[Math.floor(values.length * 0.01)]!, median: values[values.length >> 1]! };
    });
    for (const { darkest, median } of greys) {
      expect(darkest).toBeGreaterThan(0.3);
      expect(darkest).toBeLessThan(0.7);
      // Where the tooth took 55 % to all of it, the typical stroke pixel keeps about 0.78 of the darkest one's depth.
      expect(median - darkest).toBeGreaterThan(0.05);
    }
    const darkests = greys.map((g) => g.darkest);
    expect(Math.max(...darkests) - Math.min(...darkests)).toBeGreaterThan(0.05);
  });
});
