/// <reference path="../types/opentype-js.d.ts" />
import opentype from "opentype.js";
import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { readScan, type ScanResult } from "../scan/read-scan.ts";
import { captureFlatbed } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { templateMark } from "../template/marks.ts";
import { throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { compileFontSync } from "./compile.ts";
import { fontProjectFromScan } from "./from-scan.ts";

// A page of marks and base letters, written by a handwriting font, scanned at 150 dpi and read: the whole way from
// a template to a font with accented letters nobody wrote.
const layout = layoutTemplate({ sets: ["marks"], chars: "eEcnaouy", id: "MARKSTEST", cellSize: "l" });
let result: ScanResult;

beforeAll(async () => {
  await initEngineForNode();
  const page = writePage(layout, 150, 4);
  const lookup = (id: string, p: number) => (id === layout.id && p === 1 ? layout : undefined);
  result = await readScan(await throughJpeg(captureFlatbed(page, { seed: 5 })), lookup);
});

describe("a template's marks, read from a scan and built into a font", () => {
  it("reads a mark box as its mark alone: the dotted placeholder drops out like the guides", () => {
    const marks = result.cells.filter((cell) => templateMark(cell.chars));
    expect(marks).toHaveLength(13);
    // The handwriting font writes the acute in its place over the x-height; nothing of the circle below it is read.
    const acute = marks.find((cell) => cell.chars === "\u00b4")!;
    expect(acute.empty).toBe(false);
    expect(acute.bbox!.yMin).toBeGreaterThan(300);
    // Caveat has no ogonek, dot above or breve: those boxes hold only the printed circle, and read as empty.
    for (const chars of ["\u02db", "\u02d9", "\u02d8", "\u0306"]) {
      expect(marks.find((cell) => cell.chars === chars)!.empty, chars).toBe(true);
    }
  });

  it("builds é, ü, ç, ñ, à and â from the read letters and marks, the mark above the letter and the cedilla below", () => {
    const project = fontProjectFromScan(
      { unitsPerEm: 1000, glyphs: result.cells.map((cell) => ({ ...cell, path: cell.path })) },
      { family: "Marks Scan" },
    );
    const otf = compileFontSync(project, ["otf"], { timestamp: 0 }).fonts.otf!;
    const font = opentype.parse(otf.slice().buffer as ArrayBuffer);
    const box = (char: string) => {
      const glyph = font.charToGlyph(char);
      expect(glyph.index, char).toBeGreaterThan(0);
      return glyph.getBoundingBox();
    };
    for (const [char, base] of [
      ["é", "e"],
      ["ü", "u"],
      ["ñ", "n"],
      ["à", "a"],
      ["â", "a"],
      ["É", "E"],
      ["ý", "y"],
    ] as const) {
      // opentype.js boxes are y-up like font units: the accented letter reaches well above its base letter.
      expect(box(char).y2, char).toBeGreaterThan(box(base).y2 + 60);
    }
    expect(box("ç").y1).toBeLessThan(box("c").y1 - 60);
  });
});
