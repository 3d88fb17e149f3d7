import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { type Capture, capturePhone } from "../synth/index.ts";
import { layoutTemplate, pageFrame } from "../template/layout-template.ts";
import { MARKER_CENTRE_RATIO, MARKER_HOLE_RATIO, PAPER_SIZES_MM } from "../template/page-geometry.ts";
import { qrMatrix } from "../template/qr-matrix.ts";
import { qcode } from "../template/qr-payload.ts";
import { qrCornersInPicture, throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { findQrCodeByMarkers } from "./find-qr-by-markers.ts";
import { findQrCode } from "./find-qr-code.ts";
import { channelsOf, type GreyImage, type ScanImage } from "./images.ts";
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

/**
 * An A4 page drawn straight at 4 px/mm: its corner markers and, in the code's place, a QR code of `text` (none when
 * undefined).
 */
function drawnPage(text: string | undefined): GreyImage {
  const pxPerMm = 4;
  const { widthMm, heightMm } = PAPER_SIZES_MM.a4;
  const [width, height] = [widthMm * pxPerMm, Math.round(heightMm * pxPerMm)];
  const data = new Uint8Array(width * height).fill(235);
  const { markers, qr } = pageFrame(widthMm, heightMm);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [mmX, mmY] = [(x + 0.5) / pxPerMm, (y + 0.5) / pxPerMm];
      const inMarker = markers.centers.some((c) => {
        const d = Math.max(Math.abs(mmX - c.x), Math.abs(mmY - c.y)) / markers.sizeMm;
        return d <= 0.5 && (d > MARKER_HOLE_RATIO / 2 || d <= MARKER_CENTRE_RATIO / 2);
      });
      if (inMarker) data[y * width + x] = 20;
    }
  }
  if (text !== undefined) {
    const { size, modules } = qrMatrix(text);
    const modulePx = (qr.width * pxPerMm) / size;
    for (let y = 0; y < qr.height * pxPerMm; y++) {
      for (let x = 0; x < qr.width * pxPerMm; x++) {
        const dark = modules[Math.floor(y / modulePx) * size + Math.floor(x / modulePx)];
        if (dark) data[(Math.round(qr.y * pxPerMm) + y) * width + Math.round(qr.x * pxPerMm) + x] = 20;
      }
    }
  }
  return { width, height, data };
}

describe("findQrCodeByMarkers", () => {
  it("reads only a Handfont code where the markers say the code is: not another QR code, not an empty place", async () => {
    const ours = drawnPage(qcode("DRAWN", 2));
    expect((await findQrCodeByMarkers(ours, 1, ours))?.payload).toEqual({ version: 1, templateId: "DRAWN", page: 2 });
    for (const text of ["https://example.com/DRAWN", undefined]) {
      const page = drawnPage(text);
      expect(await findQrCodeByMarkers(page, 1, page)).toBeUndefined();
    }
  });

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
