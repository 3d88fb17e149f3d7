import { beforeAll, describe, expect, it } from "vitest";
import { decodeImageFile } from "../node/decode-image.ts";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { capturePhone, compareGlyph, renderFilledPage, type SyntheticPage } from "../synth/index.ts";
import { encodeCaptureJpeg, loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { readScan, type ScanResult } from "./read-scan.ts";

// Phone photos of a page with a hand's shadow across it under a desk lamp, the lamp the room's only light: the shadow
// keeps a quarter of the light. At seed 0 its edge crosses a row of boxes; at seed 4 it covers the top-right corner
// marker, its edge beside the marker and the rest of it off the page on the dark table; at seed 6, on a page far
// from the camera, its rounded corner touches the QR code.
const layout = layoutTemplate({ sets: ["latin", "digits"], id: "SHADOWPROBE", cellSize: "m" });
const SEEDS = [0, 4, 6];
const reads = new Map<number, { page: SyntheticPage; result: ScanResult | Error }>();

beforeAll(async () => {
  await initEngineForNode();
  for (const seed of SEEDS) {
    const page = renderFilledPage(layout, {
      page: 1,
      dpi: 300,
      hand: loadHandwritingFont("caveat"),
      seed,
      blankRatio: 0,
    });
    const photo = await encodeCaptureJpeg(capturePhone(page, layout.paper, { seed, castShadow: 0.75 }));
    const result = await readScan(await decodeImageFile(photo), () => layout).catch((error: Error) => error);
    reads.set(seed, { page, result });
  }
  // Rendering and reading a whole page takes a few seconds, more on a busy machine.
}, 180_000);

describe.each(SEEDS)("readScan on a phone photo under a shadow keeping a quarter of the light (seed %i)", (seed) => {
  it("finds the page and reads at least 97 % of its letters whole", () => {
    const { page, result } = reads.get(seed)!;
    if (result instanceof Error) throw result;
    const cells = layout.cells.filter((c) => c.page === 1);
    const notWhole = page.truth.flatMap((truth, i) => {
      const cell = result.cells[i]!;
      // One scan pixel, in the box's font units: the "whole".
      const tolerance = 1000 / cells[i]!.emMm / result.diagnostics.scanPxPerMm;
      return !cell.empty && compareGlyph(cell.path, truth, 2.5, tolerance).whole ? [] : [truth.chars];
    });
    expect(notWhole.length / page.truth.length, `not whole: ${notWhole.join(" ")}`).toBeLessThanOrEqual(0.03);
  });
});
