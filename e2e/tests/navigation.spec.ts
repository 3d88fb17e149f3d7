import { expect, snapshot, test } from "../support/fixtures.ts";

test.beforeEach(async ({ context, baseURL }) => {
  // A stored choice keeps the banner out of the way of scrolling and clicking.
  await context.addCookies([{ name: "policy", value: "true", url: baseURL }]);
});

test("the debug page shows the API health and the device class", async ({ page }) => {
  await page.goto("/en/debug");
  await expect(page.getByTestId("api-health")).toHaveText("OK");
  await expect(page.getByTestId("device-class")).toHaveText("Desktop");
  await snapshot(page, "debug-en");
});

test("a new path starts at the top, a hash scrolls to its target, back restores the position", async ({ page }) => {
  // The page arrives prerendered: its text shows before the app is loaded, so wait for the app before navigating
  // (a click before that is an ordinary page load, with the browser's own scrolling).
  await page.goto("/en/privacy", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { name: "9. How long data is kept" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  const saved = 1500;

  // A header link: clicking it does not scroll the page first, so the saved position stays 1500.
  await page.getByRole("banner").getByRole("link", { name: "Features" }).click();
  await expect(page).toHaveURL(/\/en\/functions$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/en\/privacy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(saved);

  await page.getByRole("banner").getByRole("link", { name: "Plans" }).click();
  await expect(page).toHaveURL(/\/en\/functions#plans$/);
  await expect(page.getByRole("heading", { name: "Free and premium" })).toBeInViewport();
  await snapshot(page, "plans-anchor");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the navigation folds into a menu below the lg breakpoint", async ({ page }) => {
    await page.goto("/en");
    await expect(page.getByRole("banner").getByRole("link", { name: "Features" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-navigation").getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(/\/en\/functions$/);
    await snapshot(page, "phone-functions");
  });

  test("a tap on the menu between the first paint and hydration opens it once the page hydrates", async ({ page }) => {
    // The app's entry is held back, so the page shows its prerendered HTML and cannot hydrate yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const loaded = page.goto("/en");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.tap();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-interactive"))).toBe(false);
    release();
    await loaded;
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#mobile-navigation").getByRole("link", { name: "Features" })).toBeVisible();
  });
});
