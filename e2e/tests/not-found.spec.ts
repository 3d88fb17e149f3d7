import { expect, snapshot, test } from "../support/fixtures.ts";

test("a missing path under /de answers status 404 with the 404 page in German", async ({ page, pageProblems }) => {
  const response = await page.goto("/de/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Seite nicht gefunden: /de/gibt-es-nicht");
  await expect(page.getByTestId("error-status")).toHaveText("Fehler 404");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  // The page keeps its shell: navigation and the language switch still work from a 404.
  await expect(page.getByRole("link", { name: "Datenschutzerklärung" })).toBeVisible();
  await snapshot(page, "not-found-de");
  // The browser reports the document's own 404 status as a console error; nothing else may fail.
  expect(pageProblems.filter((problem) => !problem.includes("status of 404"))).toEqual([]);
});

test.describe("an unknown language", () => {
  test.use({ locale: "it-IT" });

  test("is a 404 shown in the visitor's detected language", async ({ page }) => {
    const response = await page.goto("/xx/pagina");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Pagina non trovata: /xx/pagina");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await snapshot(page, "not-found-unknown-language");
  });
});

test("the 404 page leads back home", async ({ page }) => {
  await page.goto("/en/no/such/page");
  await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /en/no/such/page");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Type in your own handwriting");
});

test("a language prefix in capitals redirects to the real address", async ({ page }) => {
  await page.goto("/EN/functions");
  await expect(page).toHaveURL(/\/en\/functions$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
