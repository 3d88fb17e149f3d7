import { readFileSync } from "node:fs";
import type { Layout } from "@handfont/engine";
import { capturePhone, renderFilledPage } from "@handfont/engine/synth";
import { loadHandwritingFont } from "@handfont/engine/synth/node";
import sharp from "sharp";
import { expect, snapshot, test } from "../support/fixtures.ts";
import { signUpAndIn } from "../support/sign-up.ts";

const PASSWORD = "violet-harbour-e2e-9";

/**
 * Writes in every box of the page with the engine's synthetic handwriting (Caveat), prints it at 150 dpi and takes a
 * phone photo of it (perspective, shadow, blur, noise), JPEG-encoded with the photo's EXIF orientation.
 */
async function photographFilledPage(layout: Layout, page: number): Promise<Buffer> {
  const filled = renderFilledPage(layout, { page, dpi: 150, hand: loadHandwritingFont("caveat"), seed: 7 });
  const photo = capturePhone(filled, layout.paper, { seed: 7, frameWidth: 2400, frameHeight: 1800 });
  return sharp(Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.length), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: photo.jpegQuality })
    .withMetadata({ orientation: photo.exifOrientation })
    .toBuffer();
}

test("from a template to a downloaded font: create, print, fill, photograph, upload, check, build, download, type", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  await signUpAndIn(page, PASSWORD);

  // Build a template: Latin letters and digits, no accent marks or punctuation, one A4 page.
  await page.goto("/en/app/templates");
  await page.getByRole("textbox", { name: "Template name" }).fill("E2E hand");
  await page.getByRole("checkbox", { name: "Accent marks (é ü ç ñ from your letters)" }).uncheck();
  await page.getByRole("checkbox", { name: "Punctuation and symbols" }).uncheck();
  await expect(page.getByTestId("template-preview")).toBeVisible();
  const created = page.waitForResponse((response) => response.url().endsWith("/api/createTemplate"));
  await page.getByRole("button", { name: "Create template" }).click();
  const { template, layout } = (await (await created).json()) as {
    template: { id: string; pageCount: number };
    layout: Layout;
  };
  expect(template.pageCount).toBe(1);
  expect(layout.cells).toHaveLength(62);
  await snapshot(page, "template-created");

  // Download its PDF.
  const pdfDownload = page.waitForEvent("download");
  await page
    .getByText("“E2E hand” is ready to print.")
    .locator("..")
    .getByRole("button", { name: "Download PDF" })
    .click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`handfont-template-${template.id}.pdf`);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // Fill it with synthetic handwriting, photograph it, upload the photo and follow the reading.
  const photo = await photographFilledPage(layout, 1);
  await page.goto("/en/app");
  await page.locator('input[type="file"]').setInputFiles({ name: "page-1.jpg", mimeType: "image/jpeg", buffer: photo });
  // "Check it" when the page was read with a warning (a phone photo may be judged low resolution).
  await expect(page.getByTestId("upload-status")).toHaveText(/^(Read|Check it)$/, { timeout: 60_000 });
  await expect(page.getByTestId("upload-item")).toContainText("Page 1: 62 letters found");
  await snapshot(page, "page-read");

  // See the letters, then make them a font.
  await page.goto("/en/app/showsvg");
  await expect(page.getByTestId("glyph-tile")).toHaveCount(62);
  await snapshot(page, "letters");
  await page.getByRole("textbox", { name: "Font name" }).fill("E2E Hand");
  await page.getByRole("button", { name: "Save as a new font" }).click();
  await expect(page.getByRole("combobox", { name: "Letters of" })).toHaveValue("E2E Hand");
  await expect(page.getByTestId("live-preview")).toHaveAttribute("data-font-loaded", "true", { timeout: 30_000 });

  // Build it, download the TTF, and see typed text in the font itself.
  await page.goto("/en/app");
  const card = page.getByTestId("font-card").filter({ hasText: "E2E Hand" });
  await card.getByRole("button", { name: "Build" }).click();
  await expect(card).toContainText("Built ", { timeout: 60_000 });
  const ttfDownload = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download" }).click();
  await page.getByRole("menuitem", { name: "TTF" }).click();
  const ttf = await ttfDownload;
  expect(ttf.suggestedFilename()).toBe("E2EHand-Regular.ttf");
  expect([...readFileSync((await ttf.path())!).subarray(0, 4)]).toEqual([0, 1, 0, 0]);

  const preview = card.getByTestId("font-preview");
  await expect(preview).toHaveAttribute("data-font-loaded", "true", { timeout: 30_000 });
  await card.getByRole("textbox", { name: "Type to try the font" }).fill("Handwriting 2024");
  await expect(preview).toHaveText("Handwriting 2024");
  const inFont = await preview.screenshot();
  // The same text in the fallback font must look different: the glyphs above are the new font's own.
  const family = await preview.evaluate((element) => {
    const before = element.style.fontFamily;
    element.style.fontFamily = "monospace";
    return before;
  });
  expect(family).toMatch(/handfont-preview-/);
  const inFallback = await preview.screenshot();
  expect(inFont.equals(inFallback)).toBe(false);
  const widths = await page.evaluate((name) => {
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `40px ${name}`;
    const own = context.measureText("Handwriting 2024").width;
    context.font = "40px monospace";
    return { own, fallback: context.measureText("Handwriting 2024").width };
  }, family);
  expect(Math.abs(widths.own - widths.fallback)).toBeGreaterThan(5);
  await preview.evaluate((element, name) => {
    element.style.fontFamily = name;
  }, family);
  await snapshot(page, "font-built");

  // The instructions show the real template of the language.
  await page.getByRole("tab", { name: "Instructions" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to make your font");
  await expect(page.getByTestId("template-preview")).toBeVisible();
  await snapshot(page, "instructions");
  expect(pageProblems).toEqual([]);
});
