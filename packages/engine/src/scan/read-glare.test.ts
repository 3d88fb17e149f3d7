import { beforeAll, describe, expect, it } from "vitest";
import { decodeImageFile } from "../node/decode-image.ts";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { capturePhone, compareGlyph, renderFilledPage, type SyntheticPage } from "../synth/index.ts";
import { encodeCaptureJpeg, loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { readScan, type ScanResult } from "./read-scan.ts";

// A phone photo of a page written with a thin pen (Bad Script's), a flash's reflection on it: 80 % of the way to white
// at its spot, fading over a fifth of the frame. Through the photo's blur the pen's strokes are about as wide as a
// hairline's, so only their darkness tells them from hairlines, and the glare greys them. (The benchmark's page 1 at
// --hand=bad-script --seed=73, its glare row.)
const layout = layoutTemplate({
  sets: ["latin", "digits", "punctuation", "ru", "uk"],
  id: "GLAREPROBE",
  cellSize: "m",
});
const SEED = 75_701;
let page: SyntheticPage;
let result: ScanResult;
let withoutGlare: ScanResult;

beforeAll(async () => {
  await initEngineForNode();
  const hand = loadHandwritingFont("bad-script");
  page = renderFilledPage(layout, { page: 1, dpi: 300, hand, seed: SEED, blankRatio: 0.05 });
  const photo = await encodeCaptureJpeg(capturePhone(page, layout.paper, { seed: SEED, glare: 0.8 }));
  result = await readScan(await decodeImageFile(photo), () => layout);
  const plain = await encodeCaptureJpeg(capturePhone(page, layout.paper, { seed: SEED }));
  withoutGlare = await readScan(await decodeImageFile(plain), () => layout);
  // Rendering and reading a whole page takes a few seconds, more on a busy machine.
}, 180_000);

describe("readScan on a phone photo of a thin pen's page under a glare", () => {
  it("finds nearly every written box's ink faint: the case this photo sets up", () => {
    const written = result.cells.filter((c) => !c.empty);
    const faint = written.filter((c) => c.warnings.some((w) => w.code === "FAINT_INK"));
    expect(faint.length).toBeGreaterThanOrEqual(0.9 * written.length);
  });

  it("reads the pen's strokes whole, not cut at their middles as hairlines: at least 97 % of its letters", () => {
    const cells = layout.cells.filter((c) => c.page === 1);
    const written = page.truth.flatMap((truth, i) => (truth.empty ? [] : [{ truth, i }]));
    const notWhole = written.flatMap(({ truth, i }) => {
      const cell = result.cells[i]!;
      // One scan pixel, in the box's font units: the "whole".
      const tolerance = 1000 / cells[i]!.emMm / result.diagnostics.scanPxPerMm;
      return !cell.empty && compareGlyph(cell.path, truth, 2.5, tolerance).whole ? [] : [truth.chars];
    });
    expect(notWhole.length / written.length, `not whole: ${notWhole.join(" ")}`).toBeLessThanOrEqual(0.03);
  });

  it("warns that a reflection washed out part of the page, and does not when the same photo has none", () => {
    expect(result.warnings.map((w) => w.code)).toContain("GLARE");
    expect(withoutGlare.warnings.map((w) => w.code)).not.toContain("GLARE");
  });
});
