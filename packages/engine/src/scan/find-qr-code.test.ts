import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { type Capture, capturePhone } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { qrMatrix } from "../template/qr-matrix.ts";
import { qrCornersInPicture, throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { findQrCodeByMarkers } from "./find-qr-by-markers.ts";
import { type FoundQrCode, findQrCode, findQrCodeInShade } from "./find-qr-code.ts";
import { luminancePyramid } from "./to-luminance.ts";

// A page photographed 45° off straight above (seed 9 turns the tilt diagonal to the code): the code comes out
// squeezed to about 0.7 along the tilt, which zxing does not read as it is.
const layout = layoutTemplate({ sets: [], chars: "AB", id: "SLANTED", cellSize: "m" });
let capture: Capture;
let found: FoundQrCode | undefined;
// The benchmark's page photographed 40° off straight above in a shaken hand (a 5 px smear), its code on the far side
// of the view: too small for the detection image, stretched or not, and squeezed too much for the full one.
const benchmark = layoutTemplate({
  sets: ["latin", "digits", "punctuation", "ru", "uk"],
  id: "BENCHMARK01",
  cellSize: "m",
});
let farCode: FoundQrCode | undefined;

beforeAll(async () => {
  await initEngineForNode();
  capture = capturePhone(writePage(layout, 150), layout.paper, { seed: 9, tiltDegrees: 45 });
  const image = await throughJpeg(capture);
  // As readScan does: the detection image is the photo shrunk to about 1600 px across.
  const factor = Math.max(1, Math.floor(Math.max(image.width, image.height) / 1600));
  const { full, small } = luminancePyramid(image, 3, factor);
  found = await findQrCode(small, factor, full);
  const shaken = await throughJpeg(
    capturePhone(writePage(benchmark, 300), benchmark.paper, { seed: 3401, tiltDegrees: 40, motionBlurPx: 5 }),
  );
  const shakenFactor = Math.max(1, Math.floor(Math.max(shaken.width, shaken.height) / 1600));
  const far = luminancePyramid(shaken, 3, shakenFactor);
  farCode = await findQrCode(far.small, shakenFactor, far.full);
}, 60_000);

describe("findQrCode on a page photographed at a steep slant", () => {
  it("reads the page's code and places its corners within a module of where the camera put them", () => {
    expect(found?.payload).toEqual({ version: 1, templateId: "SLANTED", page: 1 });
    const expected = qrCornersInPicture(capture, layout);
    const misses = found!.corners.map((p, i) => Math.hypot(p.x - expected[i]!.x, p.y - expected[i]!.y));
    const shortestSide = Math.min(
      ...expected.map((p, i) => Math.hypot(p.x - expected[(i + 1) % 4]!.x, p.y - expected[(i + 1) % 4]!.y)),
    );
    const { size: modules } = qrMatrix(layout.pages[0]!.qcode);
    expect(Math.max(...misses)).toBeLessThan(shortestSide / modules);
  });
});

describe("findQrCode on a steep photo taken in a shaken hand, its code on the far side", () => {
  it("reads the code on the full image stretched back", () => {
    expect(farCode?.payload).toEqual({ version: 1, templateId: "BENCHMARK01", page: 1 });
  });
});

describe("findQrCodeInShade", () => {
  it("finds the code of photos where a deep hard shadow's edge crosses the code or its markers, found as they are on none", async () => {
    // A hand's shadow keeping 15 % of the light, cast over the page under a lamp (capturePhone's castShadow); these
    // seeds put its edge across the code's quiet zone or its modules, or a corner marker deep in it.
    const shaded = layoutTemplate({ sets: [], chars: "AB", id: "SHADED", cellSize: "m" });
    const page = writePage(shaded, 150);
    for (const seed of [1, 58]) {
      const shot = capturePhone(page, shaded.paper, { seed, castShadow: 0.85 });
      const image = await throughJpeg(shot);
      const factor = Math.max(1, Math.floor(Math.max(image.width, image.height) / 1600));
      const { full, small } = luminancePyramid(image, 3, factor);
      const asItIs = (await findQrCode(small, factor, full)) ?? (await findQrCodeByMarkers(small, factor, full));
      expect({ seed, found: asItIs !== undefined }).toEqual({ seed, found: false });
      const code = await findQrCodeInShade(small, factor, (even) => findQrCodeByMarkers(even, factor, full));
      expect({ seed, payload: code?.payload }).toEqual({
        seed,
        payload: { version: 1, templateId: "SHADED", page: 1 },
      });
      // Placed as the camera put it: within a module of each corner.
      const expected = qrCornersInPicture(shot, shaded);
      const misses = code!.corners.map((p, i) => Math.hypot(p.x - expected[i]!.x, p.y - expected[i]!.y));
      const side = Math.hypot(expected[1]!.x - expected[0]!.x, expected[1]!.y - expected[0]!.y);
      expect(Math.max(...misses)).toBeLessThan(side / qrMatrix(shaded.pages[0]!.qcode).size);
    }
  }, 60_000);
});
