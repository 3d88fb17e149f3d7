import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { type Capture, capturePhone, renderFilledPage, type SyntheticPage } from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { blanksReadWritten, lettersNotWhole, pageInPicture, throughJpeg } from "../test-support/synthetic-scan.ts";
import { readScan, type ScanResult } from "./read-scan.ts";

// A phone photo of a page held down by a finger over its bottom-right corner marker, the corner farthest from the QR
// code, the page turned a quarter in the frame and taking up little of it (6 px/mm). (The benchmark's page 2 of its
// "finger over a corner marker, phone photo" row.) The three markers in sight and the QR code put the hidden corner
// half a millimetre off; boxes near it were read that far off their letters until the page was placed by its boxes.
const layout = layoutTemplate({
  sets: ["latin", "digits", "punctuation", "ru", "uk"],
  id: "FINGERPROBE",
  cellSize: "m",
});
const SEED = 3802;
const HIDDEN = 2;
const cells = layout.cells.filter((c) => c.page === 2);
let page: SyntheticPage;
let photo: Capture;
let result: ScanResult;

beforeAll(async () => {
  await initEngineForNode();
  page = renderFilledPage(layout, {
    page: 2,
    dpi: 300,
    hand: loadHandwritingFont("caveat"),
    seed: SEED,
    blankRatio: 0.05,
  });
  photo = capturePhone(page, layout.paper, { seed: SEED, thumb: HIDDEN });
  result = await readScan(await throughJpeg(photo), () => layout);
  // Rendering a 12 MP photo and reading it takes several seconds, more on a busy machine.
}, 240_000);

describe("readScan on a photo with a finger over a corner marker", () => {
  it("reads the page, and says which marker it did not see", () => {
    expect(result.page).toBe(2);
    expect(result.diagnostics.hiddenMarker).toBe(HIDDEN);
  });

  it("places the hidden marker where it was printed, within a scan pixel", () => {
    const { x, y } = layout.markers.centers[HIDDEN]!;
    const truth = pageInPicture(photo, layout)(x, y);
    const found = result.diagnostics.markers[HIDDEN]!;
    expect(Math.hypot(found.x - truth.x, found.y - truth.y)).toBeLessThan(1);
  });

  it("reads every letter whole, those beside the hidden corner too, and every blank box blank", () => {
    const written = cells.flatMap((_, i) => (page.truth[i]!.empty ? [] : [i]));
    const lost = lettersNotWhole(written, page, result, cells);
    expect(lost, `not whole: ${lost.join(" ")}`).toEqual([]);
    expect(blanksReadWritten(page, result)).toEqual([]);
  });
});
