import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { type Capture, capturePhone } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { pagePoint, type ScanPoint, scanPoint } from "../units.ts";
import { type Homography, localScale, pageToScan, solveHomography } from "./homography.ts";
import { readScan, type ScanResult } from "./read-scan.ts";

// A page photographed 45° off straight above, the phone a page and a half from it (seed 7 leaves the QR code at the
// far end): the near corner's markers look about twice as large as the code's scale says.
const layout = layoutTemplate({ sets: [], chars: "AB", id: "SLANTED", cellSize: "m" });
let capture: Capture;
let result: ScanResult;

beforeAll(async () => {
  await initEngineForNode();
  capture = capturePhone(writePage(layout, 150), layout.paper, { seed: 7, tiltDegrees: 45 });
  result = await readScan(await throughJpeg(capture), () => layout);
}, 60_000);

/** Page millimetres to the picture as the reader sees it, from where the camera put the page's corners. */
function pageToPicture(): Homography {
  const { widthMm: w, heightMm: h } = layout.paper;
  // The frame is stored landscape and shown turned a quarter clockwise (EXIF orientation 6): (x, y) shows at
  // (height − y, x).
  const shown = capture.pageCorners.map(([x, y]) => scanPoint(capture.height - y, x));
  return solveHomography([pagePoint(0, 0), pagePoint(w, 0), pagePoint(w, h), pagePoint(0, h)], shown)!;
}

describe("readScan on a page photographed at a slant", () => {
  it("finds each corner marker within a pixel of where the camera put it, the near ones twice the code's scale", () => {
    expect(capture.exifOrientation).toBe(6);
    const truth = pageToPicture();
    const qrCentre = pagePoint(layout.qr.x + layout.qr.width / 2, layout.qr.y + layout.qr.height / 2);
    const nearest = Math.max(...layout.markers.centers.map((c) => localScale(truth, pagePoint(c.x, c.y))));
    expect(nearest / localScale(truth, qrCentre)).toBeGreaterThan(1.9);
    const found = result.diagnostics.markers;
    const miss = (p: ScanPoint, i: number) => {
      const c = layout.markers.centers[i]!;
      // Pixel i covers [i, i + 1) of the picture: a point's index coordinates are half a pixel less.
      const at = pageToScan(truth, pagePoint(c.x, c.y));
      return Math.hypot(p.x - (at.x - 0.5), p.y - (at.y - 0.5));
    };
    expect(Math.max(...found.map(miss))).toBeLessThan(1);
  });
});
