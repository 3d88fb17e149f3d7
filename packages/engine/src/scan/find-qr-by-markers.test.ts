import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { type Capture, capturePhone } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { pagePoint, scanPoint } from "../units.ts";
import { findQrCodeByMarkers } from "./find-qr-by-markers.ts";
import { findQrCode } from "./find-qr-code.ts";
import { pageToScan, solveHomography } from "./homography.ts";
import { channelsOf, type ScanImage } from "./images.ts";
import { readScan } from "./read-scan.ts";
import { luminancePyramid } from "./to-luminance.ts";

// A page photographed 60° off straight above (seed 1 puts the code on the far side): the code is squeezed to half
// along the line of sight, past what zxing reads even stretched back, while the corner markers are still found.
const layout = layoutTemplate({ sets: [], chars: "AB", id: "STEEP", cellSize: "m" });
let capture: Capture;
let image: ScanImage;

beforeAll(async () => {
  await initEngineForNode();
  capture = capturePhone(writePage(layout, 150), layout.paper, { seed: 1, tiltDegrees: 60 });
  image = await throughJpeg(capture);
}, 60_000);

describe("findQrCodeByMarkers", () => {
  it("finds the code of a page seen too steeply for the code to be found as it is, where the camera put it", async () => {
    const factor = Math.max(1, Math.floor(Math.max(image.width, image.height) / 1600));
    const { full, small } = luminancePyramid(image, channelsOf(image)!, factor);
    expect(await findQrCode(small, factor, full)).toBeUndefined();
    const found = await findQrCodeByMarkers(small, factor, full);
    expect(found?.payload).toEqual({ version: 1, templateId: "STEEP", page: 1 });
    // The code's corners, where the camera put them: the frame is stored landscape and shown turned a quarter
    // clockwise (EXIF orientation 6), (x, y) showing at (height − y, x).
    const { widthMm: w, heightMm: h } = layout.paper;
    const shown = capture.pageCorners.map(([x, y]) => scanPoint(capture.height - y, x));
    const truth = solveHomography([pagePoint(0, 0), pagePoint(w, 0), pagePoint(w, h), pagePoint(0, h)], shown)!;
    const { x, y, width } = layout.qr;
    const corners = [
      pagePoint(x, y),
      pagePoint(x + width, y),
      pagePoint(x + width, y + width),
      pagePoint(x, y + width),
    ];
    const truthCorners = corners.map((c) => pageToScan(truth, c));
    const side = Math.hypot(truthCorners[1]!.x - truthCorners[0]!.x, truthCorners[1]!.y - truthCorners[0]!.y);
    // Within a module (a 29th of the code) of where the camera put each corner.
    const misses = found!.corners.map((c, i) => Math.hypot(c.x - truthCorners[i]!.x, c.y - truthCorners[i]!.y));
    expect(Math.max(...misses)).toBeLessThan(side / 29);
  }, 60_000);

  it("lets the page be read: its template, page and letters", async () => {
    const result = await readScan(image, () => layout);
    expect({ templateId: result.templateId, page: result.page }).toEqual({ templateId: "STEEP", page: 1 });
    expect(result.cells.map((c) => ({ chars: c.chars, empty: c.empty }))).toEqual([
      { chars: "A", empty: false },
      { chars: "B", empty: false },
    ]);
  }, 60_000);
});
