import type { Layout } from "@handfont/engine";
import { capturePhone, renderFilledPage } from "@handfont/engine/synth";
import { loadHandwritingFont } from "@handfont/engine/synth/node";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, snapshot, test } from "../support/fixtures.ts";
import { signUpAndIn } from "../support/sign-up.ts";

const PASSWORD = "violet-harbour-e2e-9";

/** A phone photo of the page filled with synthetic handwriting; another seed is another photo (a retake). */
async function photograph(layout: Layout, seed: number): Promise<Buffer> {
  const filled = renderFilledPage(layout, { page: 1, dpi: 150, hand: loadHandwritingFont("caveat"), seed });
  const photo = capturePhone(filled, layout.paper, { seed, frameWidth: 2400, frameHeight: 1800 });
  return sharp(Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.length), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: photo.jpegQuality })
    .withMetadata({ orientation: photo.exifOrientation })
    .toBuffer();
}

const tile = (page: Page, chars: string) =>
  page.getByTestId("glyph-tile").filter({ has: page.getByRole("button", { name: new RegExp(`^Удалить ${chars},`) }) });

test.describe("the Letters page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test.beforeEach(async ({ context, baseURL }) => {
    // A stored cookie choice keeps the banner off the grid.
    await context.addCookies([{ name: "policy", value: "true", url: baseURL }]);
  });

  test("edits survive leaving and reloading, the preview stays in view, back restores the place, a retake is reviewed", async ({
    page,
    pageProblems,
  }) => {
    test.setTimeout(240_000);
    await signUpAndIn(page, PASSWORD);

    await page.goto("/en/app/templates");
    await page.getByRole("textbox", { name: "Template name" }).fill("Retake");
    await page.getByRole("checkbox", { name: "Accent marks (é ü ç ñ from your letters)" }).uncheck();
    await page.getByRole("checkbox", { name: "Punctuation and symbols" }).uncheck();
    const created = page.waitForResponse((response) => response.url().endsWith("/api/createTemplate"));
    await page.getByRole("button", { name: "Create template" }).click();
    const { layout } = (await (await created).json()) as { layout: Layout };

    await page.goto("/ru/app");
    await page.locator('input[type="file"]').setInputFiles({
      name: "page-1.jpg",
      mimeType: "image/jpeg",
      buffer: await photograph(layout, 7),
    });
    await expect(page.getByTestId("upload-status")).toHaveText(/^(Прочитано|Проверьте)$/, { timeout: 60_000 });

    await page.goto("/ru/app/showsvg");
    await page.getByRole("textbox", { name: "Название шрифта" }).fill("Почерк Анны");
    await page.getByRole("button", { name: "Сохранить как новый шрифт" }).click();
    await expect(page.getByRole("combobox", { name: "Буквы из" })).toHaveValue("Почерк Анны");
    await expect(page.getByTestId("autosave-status")).toHaveText("Изменения сохраняются сами");
    await expect(page.getByTestId("glyph-tile")).toHaveCount(62);

    // The preview stays on screen below the header while the grid scrolls.
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect(page.getByTestId("live-preview")).toBeInViewport();
    await snapshot(page, "letters-phone-scrolled");

    // A jump brings a far box into view.
    await page.getByRole("textbox", { name: "Перейти к символу" }).fill("z");
    await page.getByRole("button", { name: "Перейти", exact: true }).click();
    await expect(tile(page, "z")).toBeInViewport();

    // An edit saves itself; a reload shows it.
    await tile(page, "A").getByRole("textbox", { name: "Масштаб" }).fill("1.5");
    await expect(page.getByTestId("autosave-status")).toHaveText("Все изменения сохранены");
    await page.reload();
    await expect(tile(page, "A").getByRole("textbox", { name: "Масштаб" })).toHaveValue("1.5");

    // An edit made just before leaving is not lost either.
    await tile(page, "B").getByRole("textbox", { name: "Сдвиг по базовой линии" }).fill("30");
    await page.getByRole("tab", { name: "Мои шрифты" }).click();
    await expect(page).toHaveURL(/\/ru\/app$/);
    await page.goBack();
    await expect(tile(page, "B").getByRole("textbox", { name: "Сдвиг по базовой линии" })).toHaveValue("30");

    // Back returns to the same place in the grid.
    // (Once the preview has its font: its text growing above would move the page under the browser's anchoring.)
    await expect(page.getByTestId("live-preview")).toHaveAttribute("data-font-loaded", "true", { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 1800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800);
    // The account link stays in the sticky header, so following it does not scroll the page first.
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Ваш профиль/ })
      .click();
    await expect(page).not.toHaveURL(/showsvg/);
    await page.goBack();
    await expect(page.getByTestId("glyph-tile").first()).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800);

    // A retake uploaded here is compared with the font before anything in it changes.
    await page.locator('input[type="file"]').setInputFiles({
      name: "retake.jpg",
      mimeType: "image/jpeg",
      buffer: await photograph(layout, 11),
    });
    const review = page.getByRole("dialog", { name: "Страница 1 прочитана заново" });
    await expect(review).toBeVisible({ timeout: 60_000 });
    await snapshot(page, "letters-phone-review");
    const rows = await review.getByTestId("review-row").count();
    expect(rows).toBeGreaterThan(0);
    await review.getByRole("button", { name: "Взять все новые" }).click();
    await review.getByRole("button", { name: /^Применить/ }).click();
    await expect(page.getByTestId("reupload-applied")).toContainText("Почерк Анны");
    await page.getByTestId("reupload-applied").getByRole("button", { name: "Отменить" }).click();
    await expect(page.getByTestId("reupload-note")).toHaveText("Отменено: в шрифте снова прежние буквы.");
    expect(pageProblems).toEqual([]);
  });
});
