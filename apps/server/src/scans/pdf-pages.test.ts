import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blankPdf } from "../test-support/hostile-files.ts";
import { rasterisePdf } from "./pdf-pages.ts";

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
