// Makes fixtures/phone-photo.heic: the golden fixture page (same handwriting, same truth as scan-150dpi.truth.json)
// photographed by the synthetic phone and encoded as HEIC by libheif's own encoder, as an iPhone would store it.
// Needs Debian's libheif-examples (heif-enc). Run: `node src/test-support/make-heic-fixture.ts`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { capturePhone } from "../synth/index.ts";
import type { Layout } from "../template/layout-types.ts";
import { writePage } from "./synthetic-scan.ts";

const dir = join(import.meta.dirname, "../../fixtures");
const layout = JSON.parse(readFileSync(join(dir, "template-layout.json"), "utf8")) as Layout;
// Seed and blank ratio of make-fixtures.ts: the same letters in the same boxes.
const page = writePage(layout, 200, 21, 0.1);
const truth = JSON.parse(readFileSync(join(dir, "scan-150dpi.truth.json"), "utf8")) as { chars: string }[];
if (page.truth.some((t, i) => t.chars !== truth[i]?.chars)) throw new Error("the page does not match the fixture");
const photo = capturePhone(page, layout.paper, { seed: 21, frameWidth: 1600, frameHeight: 1200, tiltDegrees: 15 });
const work = mkdtempSync(join(tmpdir(), "heic-fixture-"));
try {
  // The photo's pixels as the camera stored them, turned upright as the HEIC will show them.
  const png = join(work, "photo.png");
  await sharp(Buffer.from(photo.data.buffer), { raw: { width: photo.width, height: photo.height, channels: 4 } })
    .removeAlpha()
    .rotate(90)
    .png()
    .toFile(png);
  execFileSync("heif-enc", ["-q", "40", "-o", join(dir, "phone-photo.heic"), png]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
