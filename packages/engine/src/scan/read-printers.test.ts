import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import {
  captureFlatbed,
  compareGlyph,
  type FillOptions,
  renderFilledPage,
  type SyntheticPage,
} from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { throughJpeg } from "../test-support/synthetic-scan.ts";
import type { ScanCell } from "./read-cell.ts";
import { readScan } from "./read-scan.ts";

// Templates as printers other than a faithful colour printer put them on paper, scanned at 300 dpi, some boxes left
// blank: a monochrome office laser prints the light blue guides, borders and labels as screens of black toner dots;
// a heavy-handed inkjet lays the light blue down 1.7 times as dark, nearly a light pencil's grey.
const layout = layoutTemplate({ sets: [], chars: "AaBbgy01?", id: "PRINTERS", cellSize: "m" });
const DPI = 300;
const pages = new Map<string, { page: SyntheticPage; cells: ScanCell[] }>();

beforeAll(async () => {
  await initEngineForNode();
  for (const printer of ["mono-laser", "heavy-colour"] as const) {
    const page = renderFilledPage(layout, {
      page: 1,
      dpi: DPI,
      hand: loadHandwritingFont("caveat"),
      seed: 5,
      blankRatio: 0.35,
      printer,
    } satisfies FillOptions);
    const cells = (await readScan(await throughJpeg(captureFlatbed(page, { seed: 6 })), () => layout)).cells;
    pages.set(printer, { page, cells });
  }
  // A monochrome laser's print scanned coarser than its screen: the scan's pixels beat with the dots.
  for (const dpi of COARSE_DPI) {
    const page = renderFilledPage(layout, {
      page: 1,
      dpi,
      hand: loadHandwritingFont("caveat"),
      seed: 6,
      blankRatio: 0.35,
      printer: "mono-laser",
    } satisfies FillOptions);
    const cells = (await readScan(await throughJpeg(captureFlatbed(page, { seed: 56 })), () => layout)).cells;
    pages.set(`mono-laser at ${dpi} dpi`, { page, cells });
  }
  // Rendering and reading a whole page takes a few seconds, more on a busy machine.
}, 120_000);

const COARSE_DPI = [150, 200];

describe.each(COARSE_DPI)("readScan on a monochrome laser's template scanned at %i dpi", (dpi) => {
  it("reads the boxes left blank as blank: the moiré of the printed dots is not ink", () => {
    const { page, cells } = pages.get(`mono-laser at ${dpi} dpi`)!;
    const blank = page.truth.flatMap((truth, i) => (truth.empty ? [i] : []));
    expect(blank.length).toBeGreaterThan(1);
    for (const i of blank) expect(cells[i]!.empty, `box ${layout.cells[i]!.chars}`).toBe(true);
  });
});

describe.each(["mono-laser", "heavy-colour"])("readScan on a template from a %s printer", (printer) => {
  it("reads the boxes left blank as blank: the printed guides and borders are not ink", () => {
    const { page, cells } = pages.get(printer)!;
    const blank = page.truth.flatMap((truth, i) => (truth.empty ? [i] : []));
    expect(blank.length).toBeGreaterThan(1);
    for (const i of blank) expect(cells[i]!.empty, `box ${layout.cells[i]!.chars}`).toBe(true);
  });

  it("reads every written letter whole", () => {
    const { page, cells } = pages.get(printer)!;
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
