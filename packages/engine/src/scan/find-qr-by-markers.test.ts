import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { type Capture, capturePhone } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { qrMatrix } from "../template/qr-matrix.ts";
import { qrCornersInPicture, throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { findQrCodeByMarkers } from "./find-qr-by-markers.ts";
import { findQrCode } from "./find-qr-code.ts";
import { channelsOf, type ScanImage } from "./images.ts";
import { readScan } from "./read-scan.ts";
import { luminancePyramid } from "./to-luminance.ts";

// A page photographed 60° off straight above with a 4-megapixel camera (seed 2): the code is squeezed to half along
// the line of sight, past what zxing reads even stretched back, while the corner markers are still found.
const layout = layoutTemplate({ sets: [], chars: "AB", id: "STEEP", cellSize: "m" });
let capture: Capture;
let image: ScanImage;

beforeAll(async () => {
  await initEngineForNode();
  capture = capturePhone(writePage(layout, 150), layout.paper, {
    seed: 2,
    tiltDegrees: 60,
    frameWidth: 2400,
    frameHeight: 1800,
  });
  image = await throughJpeg(capture);
}, 60_000);

describe("findQrCodeByMarkers", () => {
  it("finds the code of a page seen too steeply for the code to be found as it is, where the camera put it", async () => {
    const factor = Math.max(1, Math.floor(Math.max(image.width, image.height) / 1600));
    const { full, small } = luminancePyramid(image, channelsOf(image)!, factor);
    expect(await findQrCode(small, factor, full)).toBeUndefined();
    const found = await findQrCodeByMarkers(small, factor, full);
    expect(found?.payload).toEqual({ version: 1, templateId: "STEEP", page: 1 });
    const truthCorners = qrCornersInPicture(capture, layout);
    const side = Math.hypot(truthCorners[1]!.x - truthCorners[0]!.x, truthCorners[1]!.y - truthCorners[0]!.y);
    // Within a module of where the camera put each corner.
    const { size: modules } = qrMatrix(layout.pages[0]!.qcode);
    const misses = found!.corners.map((c, i) => Math.hypot(c.x - truthCorners[i]!.x, c.y - truthCorners[i]!.y));
    expect(Math.max(...misses)).toBeLessThan(side / modules);
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
