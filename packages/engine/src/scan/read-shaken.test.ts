import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { capturePhone, compareGlyph, type SyntheticPage } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { readScan, type ScanResult } from "./read-scan.ts";

// Marks made of bars in every direction, on a phone photo taken at a steep angle by a hand that moved: a
// 5-pixel smear at 4 to 5 pixels a millimetre smears a bar lying across the motion to a lighter band twice its
// width. (Seed 801 frames the page so that its QR code and markers are found at 4.2 px/mm, the smear running about
// 45° across the page; read as before the smear was removed, the "*" came back with its arms cut thin.)
const layout = layoutTemplate({ sets: [], chars: "=#-*7+x/\\HZ", id: "SHAKEN", cellSize: "m" });
let page: SyntheticPage;
let result: ScanResult;

beforeAll(async () => {
  await initEngineForNode();
  page = writePage(layout, 300, 3);
  const capture = capturePhone(page, layout.paper, {
    seed: 801,
    tiltDegrees: 40,
    motionBlurPx: 5,
  });
  result = await readScan(await throughJpeg(capture), () => layout);
}, 60_000);

describe("readScan on a shaken photo", () => {
  it("reads every mark whole: its ink within a scan pixel of the truth both ways", () => {
    expect(result.diagnostics.scanPxPerMm).toBeLessThan(5.5);
    const missed = layout.cells.flatMap((cell, i) => {
      // One scan pixel in the box's font units, as the benchmark judges.
      const tolerance = 1000 / cell.emMm / result.diagnostics.scanPxPerMm;
      const read = result.cells[i]!;
      return compareGlyph(read.path, page.truth[i]!, 2.5, tolerance).whole ? [] : [cell.chars];
    });
    expect(missed).toEqual([]);
  });
});
