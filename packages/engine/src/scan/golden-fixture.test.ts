import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeImageFile } from "../node/decode-image.ts";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { compareGlyph, type GlyphTruth } from "../synth/index.ts";
import type { Layout } from "../template/layout-types.ts";
import { readScan } from "./read-scan.ts";

// The shared golden fixtures (fixtures/LICENSES.md): a layout, a filled page scanned at 150 dpi, the truth.
const fixtures = join(import.meta.dirname, "../../fixtures");
const layout = JSON.parse(readFileSync(join(fixtures, "template-layout.json"), "utf8")) as Layout;
const truth = JSON.parse(readFileSync(join(fixtures, "scan-150dpi.truth.json"), "utf8")) as GlyphTruth[];

beforeAll(() => initEngineForNode());

describe("golden fixture: a filled page scanned at 150 dpi", () => {
  it("reads every written box close to what was written, and the two blank ones as blank", async () => {
    const image = await decodeImageFile(readFileSync(join(fixtures, "scan-150dpi.jpg")));
    const result = await readScan(image, (id, page) => (id === layout.id && page === 1 ? layout : undefined));
    expect(result.qcode).toBe("HF1:FIXTURE0001:1");
    expect(result.cells.map((c) => `${c.chars}${c.empty ? "(blank)" : ""}`)).toEqual(
      truth.map((t) => `${t.chars}${t.empty ? "(blank)" : ""}`),
    );
    for (const [i, cell] of result.cells.entries()) {
      if (cell.empty) continue;
      expect(compareGlyph(cell.path, truth[i]!).iou, cell.chars).toBeGreaterThan(0.9);
    }
  });

  it("reads the same page photographed by a phone and stored as HEIC", async () => {
    const image = await decodeImageFile(readFileSync(join(fixtures, "phone-photo.heic")));
    expect([image.width, image.height, image.channels]).toEqual([1200, 1600, 4]);
    const result = await readScan(image, (id, page) => (id === layout.id && page === 1 ? layout : undefined));
    expect(result.cells.map((c) => c.empty)).toEqual(truth.map((t) => t.empty));
    // The page spans about 1000 pixels of the photo (3.5 px/mm), a third of a 150 dpi scan's resolution.
    const ious = result.cells.flatMap((cell, i) => (cell.empty ? [] : [compareGlyph(cell.path, truth[i]!).iou]));
    expect(Math.min(...ious)).toBeGreaterThan(0.75);
    expect(ious.reduce((a, b) => a + b, 0) / ious.length).toBeGreaterThan(0.88);
  });
});
