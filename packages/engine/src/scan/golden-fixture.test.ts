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
});
