import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { capturePhone, compareGlyph } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { renderTemplatePdf } from "../template/render-template-pdf.ts";
import { captureToJpeg, throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import type { ScanCell } from "./read-cell.ts";
import { readScan } from "./read-scan.ts";

beforeAll(() => initEngineForNode());

describe("reading in real conditions", () => {
  it("reads the printed PDF itself: template and page found, guides, labels and borders dropped, every box empty, the page called empty", async () => {
    const layout = layoutTemplate({ sets: ["latin", "ru"], variants: 2, id: "PRINTED" });
    const dir = mkdtempSync(join(tmpdir(), "handfont-printed-"));
    try {
      writeFileSync(join(dir, "t.pdf"), await renderTemplatePdf(layout, { name: "Тест", instruction: "Test" }));
      execFileSync("pdftoppm", [
        "-r",
        "200",
        "-f",
        "2",
        "-l",
        "2",
        "-singlefile",
        "-jpeg",
        join(dir, "t.pdf"),
        join(dir, "p"),
      ]);
      const { decodeImageFile } = await import("../node/decode-image.ts");
      const result = await readScan(await decodeImageFile(readFileSync(join(dir, "p.jpg"))), () => layout);
      expect([result.templateId, result.page]).toEqual(["PRINTED", 2]);
      expect(result.cells.length).toBe(layout.cells.filter((c) => c.page === 2).length);
      expect(result.cells.filter((c) => !c.empty).map((c) => c.chars)).toEqual([]);
      expect(result.warnings.map((w) => w.code)).toContain("PAGE_EMPTY");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a phone photo taken at an angle, turned 37°, with a shadow across the page", async () => {
    const layout = layoutTemplate({ sets: ["digits"], id: "PHOTO", cellSize: "l" });
    const page = writePage(layout, 200, 4);
    const photo = capturePhone(page, layout.paper, {
      seed: 9,
      frameWidth: 2600,
      frameHeight: 1950,
      tiltDegrees: 22,
      rollDegrees: 37,
      fill: 0.95,
    });
    const result = await readScan(await throughJpeg(photo), () => layout);
    const ious = result.cells.map((cell, i) => compareGlyph(cell.path, page.truth[i]!).iou);
    expect(Math.min(...ious)).toBeGreaterThan(0.85);
    expect(ious.reduce((a, b) => a + b, 0) / ious.length).toBeGreaterThan(0.92);
  });

  it("reads a page inside a worker thread", async () => {
    const layout = layoutTemplate({ sets: ["digits"], id: "WORKER", cellSize: "l" });
    const page = writePage(layout, 100, 6);
    const { captureFlatbed } = await import("../synth/index.ts");
    const jpeg = await captureToJpeg(captureFlatbed(page, { seed: 1 }));
    const worker = new Worker(new URL("../test-support/read-in-worker.ts", import.meta.url), {
      workerData: { jpeg, layout },
    });
    const result = await new Promise<{ templateId: string; page: number; cells: ScanCell[] }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect([result.templateId, result.page]).toEqual(["WORKER", 1]);
    expect(result.cells.every((c) => !c.empty && c.path.startsWith("M"))).toBe(true);
  });
});
