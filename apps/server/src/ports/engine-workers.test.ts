import type { TemplateLayout } from "@handfont/contract";
import { layoutTemplate } from "@handfont/engine";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createEnginePorts } from "./engine-workers.ts";

const engine = createEnginePorts({ workers: 1 });
afterAll(() => engine.pool.close());

const layout = layoutTemplate({ sets: ["digits"], chars: "abc", id: "PROGRESS", cellSize: "l" }) as TemplateLayout;
const lookup = async (templateId: string, page: number) =>
  templateId === layout.id && page === 1 ? layout : undefined;

describe("the engine's scan reader in a worker thread", () => {
  it("reports progress while it reads a page, not only when the page is done", async () => {
    const fractions: number[] = [];
    const bytes = await syntheticScan(layout, 1, { seed: 3 });
    const [page] = await engine.scanReader.read({ bytes, mediaType: "image/jpeg" }, lookup, (f) => fractions.push(f));
    expect(page?.read?.cells.filter((cell) => !cell.empty).length).toBe(13);
    expect(page?.read?.warnings.map((w) => w.code)).not.toContain("PAGE_EMPTY");
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.filter((f) => f > 0 && f < 1).length).toBeGreaterThanOrEqual(5);
    expect(fractions.at(-1)).toBe(1);
  });

  it("reads a scanned PDF's pages side by side on the pool's workers, in order, its progress never going back", async () => {
    const twoWorkers = createEnginePorts({ workers: 2 });
    try {
      const pages = layoutTemplate({ sets: ["digits", "latin"], id: "TWOPAGES", cellSize: "l" }) as TemplateLayout;
      expect(pages.pages.length).toBe(2);
      // A scanner's PDF: each page one 150 dpi picture filling an A4 page.
      const pdf = await PDFDocument.create();
      for (const page of [1, 2]) {
        const picture = await pdf.embedJpg(await syntheticScan(pages, page, { seed: page }));
        pdf.addPage([595.28, 841.89]).drawImage(picture, { x: 0, y: 0, width: 595.28, height: 841.89 });
      }
      const bytes = await pdf.save();
      // Each page's layout is looked up as its code is read; the answer waits until both pages have asked (20 s at
      // most): read one after the other, the first page would wait alone.
      const asked = new Set<number>();
      let bothAsked: () => void = () => {};
      const together = new Promise<void>((resolve) => {
        bothAsked = resolve;
      });
      const answeredTogether: boolean[] = [];
      let fraction = 0;
      const read = await twoWorkers.scanReader.read(
        { bytes, mediaType: "application/pdf" },
        async (templateId, page) => {
          asked.add(page);
          if (asked.size === 2) bothAsked();
          await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 20_000))]);
          answeredTogether.push(asked.size === 2);
          return templateId === pages.id && page <= 2 ? pages : undefined;
        },
        (f) => {
          expect(f).toBeGreaterThanOrEqual(fraction);
          fraction = f;
        },
      );
      expect(read.map((p) => [p.filePage, p.read?.page])).toEqual([
        [1, 1],
        [2, 2],
      ]);
      expect(read.every((p) => p.read?.cells.some((cell) => !cell.empty))).toBe(true);
      expect(fraction).toBe(1);
      expect(answeredTogether).toEqual([true, true]);
    } finally {
      await twoWorkers.pool.close();
    }
  }, 120_000);
});
