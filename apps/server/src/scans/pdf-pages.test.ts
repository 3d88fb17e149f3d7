import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blankPdf } from "../test-support/hostile-files.ts";
import { rasterisePdf, sweepStaleRasterFolders } from "./pdf-pages.ts";

const hasPoppler = (() => {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPoppler) process.stderr.write("PDF rasterising tests SKIPPED: pdftoppm (poppler-utils) is not installed\n");

const pdf = blankPdf;

describe.skipIf(!hasPoppler)("PDF pages", () => {
  it("rasterises every page at 300 dpi", async () => {
    const pages = await rasterisePdf(pdf(2), { maxPages: 5 });
    expect(pages).toHaveLength(2);
    const meta = await sharp(pages[0]!).metadata();
    expect([meta.width, meta.height]).toEqual([1242, 1750]);
  });

  it("refuses damaged files and too many pages with typed codes", async () => {
    await expect(rasterisePdf(new TextEncoder().encode("%PDF-1.4 garbage"), { maxPages: 5 })).rejects.toMatchObject({
      code: "PDF_UNREADABLE",
    });
    await expect(rasterisePdf(pdf(3), { maxPages: 2 })).rejects.toMatchObject({ code: "PDF_TOO_MANY_PAGES" });
  });
});

/**
 * Processes whose command line names one of this process's temporary PDF folders (pdfinfo, pdftoppm), or only those
 * running `tool`.
 */
function popplerRuns(tool?: "pdfinfo" | "pdftoppm"): string[] {
  const marker = `handfont-pdf-${process.pid}-`;
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        const named = argv.some((arg) => arg.includes(marker));
        return named && (tool === undefined || argv.includes(tool)) ? [argv.join(" ")] : [];
      } catch {
        return [];
      }
    });
}
const ownFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`handfont-pdf-${process.pid}-`));

describe.skipIf(!hasPoppler)("PDF pages within bounds", () => {
  it("refuses a page whose MediaBox would make too many pixels before drawing it", async () => {
    // 6000 × 6000 pt at 300 dpi is 625 million pixels; A4 is 8.7 million.
    await expect(rasterisePdf(pdf(1, [6000, 6000]))).rejects.toMatchObject({ code: "PDF_PAGE_TOO_LARGE" });
    await expect(rasterisePdf(pdf(2, [595, 842]), { maxPagePixels: 8_000_000 })).rejects.toMatchObject({
      code: "PDF_PAGE_TOO_LARGE",
    });
    expect((await rasterisePdf(pdf(1, [595, 842]), { maxPagePixels: 9_000_000 })).length).toBe(1);
    expect(ownFolders()).toEqual([]);
  });

  it("kills pdftoppm with its process group and removes its folder when it takes too long", async () => {
    // Twenty A3 pages take seconds to draw; half a second is not enough.
    await expect(rasterisePdf(pdf(20, [842, 1191]), { timeoutMs: 500 })).rejects.toMatchObject({
      code: "PDF_UNREADABLE",
    });
    expect(popplerRuns()).toEqual([]);
    expect(ownFolders()).toEqual([]);
  });

  it("stops at once when the job is aborted (shutdown), leaving no process and no folder", async () => {
    const abort = new AbortController();
    const run = rasterisePdf(pdf(20, [842, 1191]), {}, abort.signal);
    // Up to 10 s for pdftoppm to start: a loaded machine (the whole suite in parallel) took over 1 s. Waiting for
    // any poppler run is not enough: pdfinfo's command line names the folder too and it ends within milliseconds.
    let drawing = false;
    for (let i = 0; i < 2000 && !drawing; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      drawing = popplerRuns("pdftoppm").length > 0;
    }
    abort.abort(new Error("shutting down"));
    await expect(run).rejects.toThrow("shutting down");
    expect(drawing).toBe(true);
    expect(popplerRuns()).toEqual([]);
    expect(ownFolders()).toEqual([]);
  });

  it("fails with a typed error when poppler exceeds its memory limit", async () => {
    // The same page passes with the default limit (first test); 8 MB of address space is not enough to start.
    await expect(rasterisePdf(pdf(1, [842, 1191]), { memoryBytes: 8 * 1024 * 1024 })).rejects.toMatchObject({
      code: "PDF_UNREADABLE",
    });
    expect(ownFolders()).toEqual([]);
  });

  it("removes folders left by a rasterising process that no longer exists", async () => {
    const dead = join(tmpdir(), "handfont-pdf-2147480000-abc");
    mkdirSync(dead, { recursive: true });
    const mine = mkdtempSync(join(tmpdir(), `handfont-pdf-${process.pid}-`));
    await sweepStaleRasterFolders();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    rmSync(mine, { recursive: true });
  });
});
