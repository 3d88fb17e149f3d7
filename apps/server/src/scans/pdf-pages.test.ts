import { execFileSync } from "node:child_process";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
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

/** A minimal PDF of `pages` empty A6 pages, written by hand (poppler repairs the missing cross-reference table). */
const pdf = (pages: number) => {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  const objects = Array.from(
    { length: pages },
    (_, i) => `${i + 3} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 298 420]>>endobj\n`,
  ).join("");
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[${kids}]/Count ${pages}>>endobj\n${objects}trailer<</Root 1 0 R>>\n%%EOF\n`,
  );
};

describe.skipIf(!hasPoppler)("PDF pages", () => {
  it("rasterises every page at 300 dpi", async () => {
    const pages = await rasterisePdf(pdf(2), 5);
    expect(pages).toHaveLength(2);
    const meta = await sharp(pages[0]!).metadata();
    expect([meta.width, meta.height]).toEqual([1242, 1750]);
  });

  it("refuses damaged files and too many pages with typed codes", async () => {
    await expect(rasterisePdf(new TextEncoder().encode("%PDF-1.4 garbage"), 5)).rejects.toMatchObject({
      code: "PDF_UNREADABLE",
    });
    await expect(rasterisePdf(pdf(3), 2)).rejects.toMatchObject({ code: "PDF_TOO_MANY_PAGES" });
  });
});
