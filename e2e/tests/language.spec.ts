import { expect, snapshot, test } from "../support/fixtures.ts";

test.describe("start page language", () => {
  test.describe("with a French browser", () => {
    test.use({ locale: "fr-FR" });

    test("/ lands on /fr and shows French", async ({ page, pageProblems }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/fr$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tapez avec votre propre écriture");
      await expect(page).toHaveTitle("Votre écriture devient une police — Handfont");
      await snapshot(page, "start-fr");
      expect(pageProblems).toEqual([]);
    });

    test("the language cookie wins over the browser language", async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "lang", value: "uk", url: baseURL }]);
      await page.goto("/");
      await expect(page).toHaveURL(/\/uk$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "uk");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Друкуйте власним почерком");
    });
  });

  test.describe("with a browser language Handfont does not offer", () => {
    test.use({ locale: "ja-JP" });

    test("/ falls back to English", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/en$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Type in your own handwriting");
    });
  });
});

test("switching to German keeps the page, shows German and remembers it", async ({ page, context, pageProblems }) => {
  await page.goto("/en/functions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What Handfont does");
  await page.getByTestId("language-switcher").click();
  await page.getByRole("link", { name: "Deutsch" }).click();

  await expect(page).toHaveURL(/\/de\/functions$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Was Handfont kann");
  await expect(page.getByRole("cell", { name: "120 Zeichen" })).toBeVisible();
  await expect(page).toHaveTitle("Funktionen und Tarife — Handfont");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "de_DE");
  await snapshot(page, "functions-de");

  const language = (await context.cookies()).find((cookie) => cookie.name === "lang");
  expect(language?.value).toBe("de");
  expect(language?.sameSite).toBe("Lax");
  expect(language?.path).toBe("/");
  // 365 days, give or take the seconds the test took.
  expect((language?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.goto("/");
  await expect(page).toHaveURL(/\/de$/);
  expect(pageProblems).toEqual([]);
});
