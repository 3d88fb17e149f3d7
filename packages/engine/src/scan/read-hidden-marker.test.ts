import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { type Capture, capturePhone, type SyntheticPage } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import {
  blanksReadWritten,
  lettersNotWhole,
  pageInPicture,
  throughJpeg,
  writeBenchPage,
} from "../test-support/synthetic-scan.ts";
import type { ScanImage } from "./images.ts";
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
// A photo whose frame cut off the page's top-left corner, its marker out of the picture. (The benchmark's phone photo
// row's page 1 at seed 7.)
const CUT_SEED = 7;
const CUT = 0;
const cutCells = layout.cells.filter((c) => c.page === 1);
let cutPage: SyntheticPage;
let cutResult: ScanResult;

beforeAll(async () => {
  await initEngineForNode();
  page = writeBenchPage(layout, 2, SEED);
  photo = capturePhone(page, layout.paper, { seed: SEED, finger: HIDDEN });
  result = await readScan(await throughJpeg(photo), () => layout);
  cutPage = writeBenchPage(layout, 1, CUT_SEED);
  const whole = capturePhone(cutPage, layout.paper, { seed: CUT_SEED });
  const { x, y } = layout.markers.centers[CUT]!;
  const marker = pageInPicture(whole, layout)(x, y);
  cutResult = await readScan(cutAway(await throughJpeg(whole), marker, 40), () => layout);
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

describe("readScan on a photo whose frame cut a corner of the page off", () => {
  it("reads every letter whole and every blank box blank, placed by the three markers in the picture", () => {
    expect(cutResult.diagnostics.hiddenMarker).toBe(CUT);
    const written = cutCells.flatMap((_, i) => (cutPage.truth[i]!.empty ? [] : [i]));
    const lost = lettersNotWhole(written, cutPage, cutResult, cutCells);
    expect(lost, `not whole: ${lost.join(" ")}`).toEqual([]);
    expect(blanksReadWritten(cutPage, cutResult)).toEqual([]);
  });
});

/**
 * The picture with the strip between `point` and the nearest of its edges cut away, `margin` pixels past the point: as
 * a photo framed a little too tight.
 */
function cutAway(image: ScanImage, point: { x: number; y: number }, margin: number): ScanImage {
  const channels = image.channels ?? 3;
  const { width, height } = image;
  const [left, right, top, bottom] = [point.x, width - point.x, point.y, height - point.y];
  const nearest = Math.min(left, right, top, bottom);
  let [x0, y0, x1, y1] = [0, 0, width, height];
  if (nearest === left) x0 = Math.ceil(point.x + margin);
  else if (nearest === right) x1 = Math.floor(point.x - margin);
  else if (nearest === top) y0 = Math.ceil(point.y + margin);
  else y1 = Math.floor(point.y - margin);
  const data = new Uint8Array((x1 - x0) * (y1 - y0) * channels);
  for (let y = y0; y < y1; y++) {
    data.set(
      image.data.subarray((y * width + x0) * channels, (y * width + x1) * channels),
      (y - y0) * (x1 - x0) * channels,
    );
  }
  return { width: x1 - x0, height: y1 - y0, data, channels };
}
