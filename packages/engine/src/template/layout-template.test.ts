import { describe, expect, it } from "vitest";
import { EngineError } from "../errors.ts";
import { layoutTemplate } from "./layout-template.ts";
import type { BoxMm, Layout } from "./layout-types.ts";

const overlaps = (a: BoxMm, b: BoxMm) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function expectCellsInsidePages(layout: Layout) {
  const { widthMm, heightMm } = layout.paper;
  for (const cell of layout.cells) {
    expect(cell.box.x).toBeGreaterThanOrEqual(8);
    expect(cell.box.x + cell.box.width).toBeLessThanOrEqual(widthMm - 8);
    // Below the header with its markers and QR code, above the bottom markers.
    expect(cell.box.y).toBeGreaterThanOrEqual(layout.qr.y + layout.qr.height);
    expect(cell.box.y + cell.box.height).toBeLessThanOrEqual(heightMm - 12 - layout.markers.sizeMm / 2);
  }
  for (const page of layout.pages) {
    const cells = layout.cells.filter((cell) => cell.page === page.page);
    for (let i = 0; i < cells.length; i++) {
      for (let j = i + 1; j < cells.length; j++) expect(overlaps(cells[i]!.box, cells[j]!.box)).toBe(false);
    }
  }
}

describe("layoutTemplate", () => {
  it("gives each character its variants in consecutive boxes, labelled with the variant number", () => {
    const layout = layoutTemplate({ sets: ["digits"], variants: 3, id: "TESTID" });
    expect(layout.cells).toHaveLength(30);
    expect(layout.cells.slice(0, 4).map((c) => [c.chars, c.variant, c.label])).toEqual([
      ["0", 1, "0 1"],
      ["0", 2, "0 2"],
      ["0", 3, "0 3"],
      ["1", 1, "1 1"],
    ]);
  });

  it("holds the accent marks in the default template, labelled with a letter that carries them", () => {
    const layout = layoutTemplate({ id: "TESTID" });
    const chars = layout.cells.map((cell) => cell.chars);
    // Acute, grave, circumflex, diaeresis, tilde, cedilla, ring, caron, breve, ogonek, dot above, double acute
    // (their spacing characters) and the Cyrillic breve (the combining breve: it has no spacing character).
    for (const mark of [..."\u00b4`\u02c6\u00a8\u02dc\u00b8\u02da\u02c7\u02d8\u02db\u02d9\u02dd\u0306"]) {
      expect(chars).toContain(mark);
    }
    expect(chars).toEqual(expect.arrayContaining(["A", "z", "0", "?"]));
    expect(layout.cells.find((cell) => cell.chars === "\u00b4")!.label).toBe("\u00b4 é");
    expect(layout.cells.find((cell) => cell.chars === "\u0306")!.label).toBe("\u02d8 й");
    // The marks cost a dozen boxes: the default template stays on two pages of medium boxes.
    expect(layout.pages).toHaveLength(2);
  });

  it("lays out all seven languages' alphabets on as many pages as needed, no box overlapping another", () => {
    const layout = layoutTemplate({
      sets: ["latin", "digits", "punctuation", "de", "fr", "es", "it", "ru", "uk", "quotes", "currency"],
      ligatures: ["ff", "th", "ffi"],
      variants: 2,
    });
    expect(layout.pages.length).toBeGreaterThanOrEqual(5);
    expect(layout.pages.map((p) => p.page)).toEqual(layout.pages.map((_, i) => i + 1));
    expect(new Set(layout.pages.map((p) => p.qcode)).size).toBe(layout.pages.length);
    expect(new Set(layout.cells.map((c) => c.page)).size).toBe(layout.pages.length);
    expectCellsInsidePages(layout);
  });

  it("fits US Letter and every cell size, smaller cells giving more boxes per page", () => {
    const perPage = (cellSize: "s" | "m" | "l") => {
      const layout = layoutTemplate({ sets: ["latin", "ru"], variants: 3, paper: "letter", cellSize });
      expectCellsInsidePages(layout);
      return layout.cells.filter((c) => c.page === 1).length;
    };
    const [s, m, l] = [perPage("s"), perPage("m"), perPage("l")];
    expect(s).toBeGreaterThan(m);
    expect(m).toBeGreaterThan(l);
    expect(m).toBeGreaterThanOrEqual(80);
  });

  it("makes ligature boxes two columns wide and three for longer sequences", () => {
    const layout = layoutTemplate({ sets: ["digits"], ligatures: ["ff", "ffi"] });
    const single = layout.cells[0]!.box.width;
    const gap = layout.cells[1]!.box.x - layout.cells[0]!.box.x - single;
    const ff = layout.cells.find((c) => c.chars === "ff")!;
    const ffi = layout.cells.find((c) => c.chars === "ffi")!;
    expect(ff.box.width).toBeCloseTo(2 * single + gap, 6);
    expect(ffi.box.width).toBeCloseTo(3 * single + 2 * gap, 6);
  });

  it("places the baseline so that an em spans 1.6 of the box height above and below it", () => {
    const layout = layoutTemplate({ sets: ["latin"], cellSize: "m" });
    const cell = layout.cells[0]!;
    expect(cell.emMm).toBeCloseTo(12.5, 3);
    expect(cell.baselineY - cell.box.y).toBeCloseTo(13.5, 3);
    // Descender guide inside the box, cap height guide below the label strip.
    expect(cell.baselineY + 0.25 * cell.emMm).toBeLessThan(cell.box.y + cell.box.height);
    expect(layout.guides).toMatchObject({ printed: true, capHeight: 700, xHeight: 480, descender: -250 });
  });

  it("rejects impossible options with INVALID_TEMPLATE_OPTIONS", () => {
    const attempts = [
      { variants: 0 },
      { variants: 16 },
      { variants: 1.5 },
      { ligatures: ["f"] },
      { id: "has space" },
      { sets: [], chars: "  " },
      { sets: ["klingon" as "latin"] },
    ];
    for (const options of attempts) {
      expect(() => layoutTemplate(options)).toThrow(EngineError);
      try {
        layoutTemplate(options);
      } catch (error) {
        expect((error as EngineError).code).toBe("INVALID_TEMPLATE_OPTIONS");
      }
    }
  });

  it("serialises to JSON and back unchanged", () => {
    const layout = layoutTemplate({ sets: ["uk"], chars: "ʼ中", id: "ABC123" });
    expect(JSON.parse(JSON.stringify(layout))).toEqual(layout);
    expect(layout.pages[0]).toEqual({ page: 1, qcode: "HF1:ABC123:1" });
  });
});
