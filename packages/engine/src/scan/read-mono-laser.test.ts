import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { captureFlatbed, compareGlyph, renderFilledPage, type SyntheticPage } from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { throughJpeg } from "../test-support/synthetic-scan.ts";
import type { ScanCell } from "./read-cell.ts";
import { readScan } from "./read-scan.ts";

// A template printed on a monochrome office laser: its light blue guides, borders and labels are screens of black
// toner dots, which a 300 dpi scan resolves. Some boxes are left blank.
const layout = layoutTemplate({ sets: [], chars: "AaBbgy01?", id: "MONOLASER", cellSize: "m" });
const DPI = 300;
let page: SyntheticPage;
let cells: ScanCell[];

beforeAll(async () => {
  await initEngineForNode();
  page = renderFilledPage(layout, {
    page: 1,
    dpi: DPI,
    hand: loadHandwritingFont("caveat"),
    seed: 5,
    blankRatio: 0.35,
    printer: "mono-laser",
  });
  cells = (await readScan(await throughJpeg(captureFlatbed(page, { seed: 6 })), () => layout)).cells;
  // Rendering and reading a whole page takes a few seconds, more on a busy machine.
}, 60_000);

describe("readScan on a template printed by a monochrome laser", () => {
  it("reads the boxes left blank as blank: the dotted guides and borders are not ink", () => {
    const blank = page.truth.flatMap((truth, i) => (truth.empty ? [i] : []));
    expect(blank.length).toBeGreaterThan(1);
    for (const i of blank) expect(cells[i]!.empty, `box ${layout.cells[i]!.chars}`).toBe(true);
  });

  it("reads every written letter whole", () => {
    const written = page.truth.flatMap((truth, i) => (truth.empty ? [] : [i]));
    expect(written.length).toBeGreaterThan(3);
    for (const i of written) {
      // One scan pixel, in the box's font units.
      const tolerance = 1000 / layout.cells[i]!.emMm / (DPI / 25.4);
      expect(compareGlyph(cells[i]!.path, page.truth[i]!, 2.5, tolerance).whole, `box ${layout.cells[i]!.chars}`).toBe(
        true,
      );
    }
  });
});
