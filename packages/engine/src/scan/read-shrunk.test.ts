import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeImageFile } from "../node/decode-image.ts";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { capturePhone, renderFilledPage } from "../synth/index.ts";
import { encodeCaptureJpeg, loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import type { ScanResult } from "./read-scan.ts";
import { readScan } from "./read-scan.ts";

// A phone photo of a page of the default template left unfilled, sent through a messenger: shrunk to 2048 or 1600 px
// on its long side and saved again at JPEG quality 60 (about 4–5 px/mm on the page). Its JPEG blocks blur the dashed
// x-height guide's dashes and a mark box's dotted circle into pieces as long as a hairline's strokes.
const layout = layoutTemplate({ id: "SHRUNK" });
const SIZES = [2048, 1600];
const reads = new Map<number, ScanResult>();

beforeAll(async () => {
  await initEngineForNode();
  const page = renderFilledPage(layout, {
    page: 1,
    dpi: 300,
    hand: loadHandwritingFont("caveat"),
    seed: 2,
    blankRatio: 1,
  });
  const photo = await encodeCaptureJpeg(capturePhone(page, layout.paper, { seed: 2 }));
  for (const size of SIZES) {
    const shrunk = await sharp(photo).rotate().resize(size, size, { fit: "inside" }).jpeg({ quality: 60 }).toBuffer();
    reads.set(size, await readScan(await decodeImageFile(shrunk), () => layout));
  }
  // Rendering and reading a whole page takes a few seconds, more on a busy machine.
}, 120_000);

describe.each(SIZES)("readScan on an unfilled page photographed and shrunk to %i px by a messenger", (size) => {
  it("reads every box blank and says the page holds no letters", () => {
    const result = reads.get(size)!;
    const written = result.cells.filter((cell) => !cell.empty).map((cell) => cell.chars);
    expect(written).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toContain("PAGE_EMPTY");
  });
});

describe("readScan on an unfilled page in a coarse phone photo", () => {
  it("reads every box blank at 3–4 px/mm, where a blank box's darkest is grain and print, not a pen's dot", async () => {
    // A 4.3-megapixel frame (2400 × 1800) of a page printed at 150 dpi: the page spans about 3.5 px/mm.
    const page = renderFilledPage(layout, {
      page: 1,
      dpi: 150,
      hand: loadHandwritingFont("caveat"),
      seed: 3,
      blankRatio: 1,
    });
    const photo = capturePhone(page, layout.paper, { seed: 3, frameWidth: 2400, frameHeight: 1800 });
    const result = await readScan(await decodeImageFile(await encodeCaptureJpeg(photo)), () => layout);
    expect(result.cells.filter((cell) => !cell.empty).map((cell) => cell.chars)).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toContain("PAGE_EMPTY");
  }, 120_000);
});
