import { beforeAll, describe, expect, it } from "vitest";
import type { EngineError } from "../errors.ts";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { captureFlatbed, compareGlyph, countCrossings, pathToContours, type SyntheticPage } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import type { Layout } from "../template/layout-types.ts";
import { throughJpeg, writePage } from "../test-support/synthetic-scan.ts";
import type { ScanImage } from "./images.ts";
import { readScan } from "./read-scan.ts";

// One small template page (digits and a few Latin and Cyrillic letters), written once at 150 dpi.
const layout: Layout = layoutTemplate({ sets: ["digits"], chars: "aQgЖёй", id: "READTEST", cellSize: "l" });
let page: SyntheticPage;
let scan: ScanImage;

beforeAll(async () => {
  await initEngineForNode();
  // Some boxes are left blank (seed 1 leaves "2" and "Ж"): the reader must say so.
  page = writePage(layout, 150, 1, 0.15);
  scan = await throughJpeg(captureFlatbed(page, { seed: 2 }));
});

const lookup = (id: string, p: number) => (id === layout.id && p === 1 ? layout : undefined);

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as EngineError | undefined;
  expect(error?.code).toBe(code);
  expect(error?.message.length).toBeGreaterThan(20);
}

describe("readScan", () => {
  it("reads every box of a 150 dpi page into its character's glyph, closely matching what was written", async () => {
    const result = await readScan(scan, lookup);
    expect([result.templateId, result.page, result.qcode]).toEqual(["READTEST", 1, "HF1:READTEST:1"]);
    expect(result.cells.map((c) => c.chars)).toEqual(layout.cells.map((c) => c.chars));
    expect(result.cells.map((c) => c.empty)).toEqual(page.truth.map((t) => t.empty));
    expect(page.truth.filter((t) => t.empty).length).toBeGreaterThanOrEqual(1);
    const written = result.cells.filter((_, i) => !page.truth[i]!.empty);
    expect(written.every((c) => c.path.length > 0 && c.bbox !== null)).toBe(true);
    const ious = written.map((cell) => compareGlyph(cell.path, page.truth[result.cells.indexOf(cell)]!).iou);
    expect(Math.min(...ious)).toBeGreaterThan(0.88);
    expect(ious.reduce((a, b) => a + b, 0) / ious.length).toBeGreaterThan(0.93);
    expect(result.preview.width).toBe(420);
    expect(result.preview.data.length).toBe(420 * 594 * 4);
  });

  it("reports its progress stage by stage, never going back, and ends at 1", async () => {
    const calls: [number, string][] = [];
    const result = await readScan(scan, lookup, { onProgress: (fraction, stage) => calls.push([fraction, stage]) });
    expect(result.warnings.map((w) => w.code)).not.toContain("PAGE_EMPTY");
    const stages = calls.map(([, stage]) => stage).filter((stage, i, all) => stage !== all[i - 1]);
    expect(stages).toEqual(["qr", "markers", "cells", "done"]);
    const fractions = calls.map(([fraction]) => fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    // The boxes take most of the time, so the bar moves while they are read, not only at their end.
    expect(calls.filter(([fraction, stage]) => stage === "cells" && fraction > 0.3).length).toBeGreaterThan(3);
  });

  it("keeps letters' height against the guides and draws clean outlines without self-overlaps", async () => {
    const result = await readScan(scan, lookup);
    const box = (chars: string) => result.cells.find((c) => c.chars === chars)!.bbox!;
    expect(box("g").yMin).toBeLessThan(-150); // descender below the baseline
    expect(box("a").yMax).toBeLessThan(520); // a small letter stays small
    expect(box("a").yMin).toBeGreaterThan(-30);
    expect(box("Q").yMax).toBeGreaterThan(600);
    for (const cell of result.cells) expect(countCrossings(pathToContours(cell.path, 0.5)), cell.chars).toBe(0);
  });

  it("reads a page scanned upside down the same way", async () => {
    const flipped = await throughJpeg(captureFlatbed(page, { seed: 3, upsideDown: true }));
    const result = await readScan(flipped, lookup);
    const ious = result.cells.flatMap((cell, i) =>
      page.truth[i]!.empty ? [] : [compareGlyph(cell.path, page.truth[i]!).iou],
    );
    expect(Math.min(...ious)).toBeGreaterThan(0.88);
  });

  it("trims a stroke that strays in from the neighbouring box, and keeps it in its own box's letter, saying it crossed", async () => {
    const sloppy = { ...page, data: new Uint8ClampedArray(page.data) };
    const k = 150 / 25.4;
    const [first, second] = [layout.cells[0]!, layout.cells[1]!];
    const y = first.baselineY - 4;
    // A 0.8 mm stroke from the middle of the first box 2.5 mm into the second.
    for (let row = Math.round((y - 0.4) * k); row < (y + 0.4) * k; row++) {
      for (let col = Math.round((first.box.x + 0.6 * first.box.width) * k); col < (second.box.x + 2.5) * k; col++) {
        sloppy.data.set([28, 38, 120], (row * page.width + col) * 4);
      }
    }
    const result = await readScan(await throughJpeg(captureFlatbed(sloppy, { seed: 5 })), lookup);
    expect(result.cells[1]!.warnings.map((w) => w.code)).toContain("STROKE_TRIMMED");
    expect(result.cells[0]!.warnings.map((w) => w.code)).toContain("CROSSED_BOX");
    expect(result.cells[0]!.warnings.map((w) => w.code)).not.toContain("TOUCHES_BORDER");
    // The stroke is followed to its end, 2.5 mm into the second box (within a scan pixel, 0.17 mm).
    const end = ((second.box.x + 2.5 - first.box.x) * 1000) / first.emMm;
    expect(result.cells[0]!.bbox!.xMax).toBeGreaterThan(end - (0.2 * 1000) / first.emMm);
    expect(compareGlyph(result.cells[1]!.path, page.truth[1]!).iou).toBeGreaterThan(0.88);
  });

  it("refuses a pixel buffer that does not match its size (IMAGE_UNREADABLE)", async () => {
    await expectCode(readScan({ width: 100, height: 100, data: new Uint8Array(77) }, lookup), "IMAGE_UNREADABLE");
  });

  it("refuses an image above the pixel limit before reading it (IMAGE_TOO_LARGE)", async () => {
    await expectCode(readScan(scan, lookup, { maxPixels: 1_000_000 }), "IMAGE_TOO_LARGE");
  });

  it("says when there is no template on the page (TEMPLATE_NOT_FOUND_ON_PAGE)", async () => {
    const blank = { width: 1240, height: 1754, data: new Uint8Array(1240 * 1754 * 3).fill(245), channels: 3 as const };
    await expectCode(readScan(blank, lookup), "TEMPLATE_NOT_FOUND_ON_PAGE");
  });

  it("says when the page's template is not known to the caller (TEMPLATE_UNKNOWN)", async () => {
    await expectCode(
      readScan(scan, () => undefined),
      "TEMPLATE_UNKNOWN",
    );
    await expectCode(
      readScan(scan, async () => ({ ...layout, id: "OTHER" })),
      "TEMPLATE_UNKNOWN",
    );
  });

  /** The page with the markers numbered painted over in white, 14 mm square (torn off, or covered by a label). */
  const withMarkersCovered = (...markers: number[]) => {
    const covered = { ...page, data: new Uint8ClampedArray(page.data) };
    const k = 150 / 25.4;
    for (const marker of markers) {
      const { x, y } = layout.markers.centers[marker]!;
      for (let row = Math.round((y - 7) * k); row < (y + 7) * k; row++) {
        for (let col = Math.round((x - 7) * k); col < (x + 7) * k; col++)
          covered.data.fill(250, (row * page.width + col) * 4, (row * page.width + col) * 4 + 3);
      }
    }
    return covered;
  };

  it("reads a page with one corner marker covered by the three others, the QR code and its boxes", async () => {
    const result = await readScan(await throughJpeg(captureFlatbed(withMarkersCovered(3), { seed: 4 })), lookup);
    expect(result.diagnostics.hiddenMarker).toBe(3);
    expect(result.cells.filter((c) => !c.empty).map((c) => c.chars)).toEqual(
      page.truth.filter((t) => !t.empty).map((t) => t.chars),
    );
  });

  it("says when two corner markers are covered (PAGE_DAMAGED)", async () => {
    const covered = withMarkersCovered(0, 3);
    await expectCode(readScan(await throughJpeg(captureFlatbed(covered, { seed: 4 })), lookup), "PAGE_DAMAGED");
  });
});
