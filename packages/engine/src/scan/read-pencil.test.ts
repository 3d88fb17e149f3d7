import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import {
  type Capture,
  captureFlatbed,
  capturePhone,
  compareGlyph,
  renderFilledPage,
  type SyntheticPage,
} from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { throughJpeg } from "../test-support/synthetic-scan.ts";
import type { ScanResult } from "./read-scan.ts";
import { readScan } from "./read-scan.ts";

// A template filled in graphite pencil: each letter a grey from a firm hand's to a light one's (the lightest as light
// as the printed guides), grainy where the paper's tooth took less of it; some boxes left blank. Its mark boxes'
// accents are written where they go on a letter, on or just above the dashed x-height guide.
const layout = layoutTemplate({ sets: [], chars: "AaBbgy01?TЦЩ=`´¨ʼ", id: "PENCIL", cellSize: "m" });
const DPI = 300;
const captures: Record<string, (page: SyntheticPage) => Capture> = {
  "flatbed scan at 300 dpi": (page) => captureFlatbed(page, { seed: 8 }),
  "phone photo": (page) => capturePhone(page, layout.paper, { seed: 9 }),
};
const reads = new Map<string, { page: SyntheticPage; result: ScanResult }>();

beforeAll(async () => {
  await initEngineForNode();
  for (const [name, capture] of Object.entries(captures)) {
    const page = renderFilledPage(layout, {
      page: 1,
      dpi: DPI,
      hand: loadHandwritingFont("caveat"),
      seed: 7,
      blankRatio: 0.2,
      pencil: true,
    });
    reads.set(name, { page, result: await readScan(await throughJpeg(capture(page)), () => layout) });
  }
  // Rendering and reading a whole page takes a few seconds, more on a busy machine.
}, 120_000);

describe.each(Object.keys(captures))("readScan on a page written in pencil, as a %s", (name) => {
  it("reads every letter whole: its grain and its lightest strokes too", () => {
    const { page, result } = reads.get(name)!;
    const written = page.truth.flatMap((truth, i) => (truth.empty ? [] : [i]));
    expect(written.length).toBeGreaterThan(5);
    for (const i of written) {
      // One scan pixel, in the box's font units.
      const tolerance = 1000 / layout.cells[i]!.emMm / result.diagnostics.scanPxPerMm;
      const whole = compareGlyph(result.cells[i]!.path, page.truth[i]!, 2.5, tolerance).whole;
      expect(whole, `box ${layout.cells[i]!.chars}`).toBe(true);
    }
  });

  it("reads the boxes left blank as blank", () => {
    const { page, result } = reads.get(name)!;
    const blank = page.truth.flatMap((truth, i) => (truth.empty ? [i] : []));
    expect(blank.length).toBeGreaterThan(0);
    for (const i of blank) expect(result.cells[i]!.empty, `box ${layout.cells[i]!.chars}`).toBe(true);
  });
});
