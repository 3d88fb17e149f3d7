import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { signUpAndIn } from "../support/accounts.ts";
import { E2E_ADMIN_EMAIL } from "../support/constants.ts";
import { expect, snapshot, test } from "../support/fixtures.ts";

const LANGUAGES = ["en", "ru", "de", "es", "fr", "it", "uk"] as const;
const texts = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${language}/payments.json`, import.meta.url), "utf8"));

/** What the page shows as a date one calendar month from `from` (en-US, the browser's time zone as ours). */
function monthLater(from: Date): string {
  const date = new Date(from.getTime());
  date.setMonth(date.getMonth() + 1);
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(date);
}

async function fitsPhone(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no horizontal scrolling at 390 px").toBeLessThanOrEqual(0);
}

async function addLigature(page: Page, ligature: string): Promise<void> {
  const input = page.getByRole("combobox", { name: /^Ligatures/ });
  await input.fill(ligature);
  await input.press("Enter");
}

test("a free user hits a limit, buys a pack through Stripe Checkout, sees the new end date and uses premium", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tag = `pay${Date.now()}`;
  await signUpAndIn(page, { username: tag, email: `${tag}@example.com` });

  // The template builder shows the plan's limits while choosing; a ligature is marked premium and refused.
  await page.goto("/en/app/templates");
  await expect(page.getByTestId("template-plan-limits")).toContainText("of 120 on your plan");
  await expect(page.getByTestId("premium-badge")).toBeVisible();
  await addLigature(page, "ff");
  await expect(page.getByTestId("template-over-plan")).toContainText("Ligatures are a premium feature");
  await page.getByRole("button", { name: "Create template" }).click();
  const refused = page.getByRole("alert", { name: "That did not work" });
  await expect(refused).toContainText("Ligatures are a premium feature.");
  await expect(refused).toBeVisible();
  await snapshot(page, "limit-hit");
  await refused.getByTestId("premium-link").click();

  // /sub: the plans side by side and the packs; the purchase is made on a phone-sized screen.
  await expect(page).toHaveURL(/\/en\/sub$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsPhone(page);
  await expect(page.getByTestId("premium-status")).toContainText("You are on the free plan.");
  await expect(page.getByTestId("plan-premium")).toContainText("Characters per font: up to 1000");
  await page.getByTestId("pack-1m").getByRole("link", { name: "Buy" }).click();

  // /payment: choose the route, go to the (fake) Stripe Checkout page, pay.
  await expect(page).toHaveURL(/\/en\/payment\?purchase=1m$/);
  await expect(page.getByRole("radio", { name: /Card \(Stripe\)/ })).toBeChecked();
  await fitsPhone(page);
  const paidFrom = new Date();
  await page.getByTestId("pay-button").click();
  await expect(page.getByRole("heading", { name: "Fake Checkout" })).toBeVisible();
  await expect(page.getByText("4.99 EUR")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  // /payment/psuccess: "being confirmed" until the provider confirms (seconds later), then the new end date.
  await expect(page).toHaveURL(/\/en\/payment\/psuccess\?payment=[0-9a-f-]+&session_id=cs_test_/);
  await expect(page.getByTestId("payment-confirming")).toContainText("being confirmed");
  await expect(page.getByTestId("payment-confirmed")).toContainText("Your payment is confirmed.", { timeout: 30_000 });
  await expect(page.getByTestId("premium-until")).toHaveText(`Premium until ${monthLater(paidFrom)}`);
  await fitsPhone(page);
  await snapshot(page, "payment-confirmed");
  await page.setViewportSize({ width: 1280, height: 720 });

  // /sub now shows premium and the purchase in the history.
  await page.goto("/en/sub");
  await expect(page.getByTestId("premium-until")).toContainText(`Premium until ${monthLater(paidFrom)}`);
  await expect(page.getByTestId("premium-history")).toContainText("1 month of premium");
  await expect(page.getByTestId("premium-history")).toContainText("€4.99");

  // A premium feature: a template with a ligature is made.
  await page.goto("/en/app/templates");
  await expect(page.getByTestId("template-plan-limits")).toContainText("of 1000 on your plan");
  await addLigature(page, "ff");
  await expect(page.getByTestId("template-over-plan")).toHaveCount(0);
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByText(/is ready to print\./)).toBeVisible();
});

test("an admin finds a user and grants premium time with a reason on /addSubscriber/add", async ({ page }) => {
  test.setTimeout(300_000);
  const tag = `sub${Date.now()}`;
  const email = `${tag}@example.com`;
  await signUpAndIn(page, { username: tag, email });
  await page.goto("/en/addSubscriber/add");
  await expect(page.getByTestId("admin-only")).toBeVisible();
  // Signed out for good: no session cookie, no stored user (the next load starts from nothing).
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());

  await signUpAndIn(page, { username: "admine2e", email: E2E_ADMIN_EMAIL });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/en/addSubscriber/add");
  await page.getByRole("textbox", { name: "User" }).fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  const card = page.getByTestId("admin-user").filter({ hasText: email });
  await expect(card).toContainText("Not premium");
  await card.getByLabel("Days").fill("45");
  await card.getByLabel("Reason").fill("Contest prize");
  const granted = new Date(Date.now() + 45 * 86_400_000);
  await card.getByRole("button", { name: "Grant time" }).click();
  const until = `Premium until ${new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(granted)}`;
  await expect(card.getByTestId("admin-result")).toHaveText(until);
  await expect(card.getByTestId("admin-user-premium")).toHaveText(until);
  await fitsPhone(page);
  await snapshot(page, "admin-granted-phone");

  // The admin page, with a found user's card, in every language on the phone.
  for (const language of LANGUAGES) {
    const own = texts(language);
    await page.goto(`/${language}/addSubscriber/add`);
    await page.getByRole("textbox", { name: own.admin.search }).fill(email);
    await page.getByRole("button", { name: own.admin.find }).click();
    await expect(page.getByTestId("admin-user").filter({ hasText: email })).toBeVisible();
    await fitsPhone(page);
  }
});

test("signed in with a purchase, every premium page fits a phone in all seven languages", async ({ page }) => {
  test.setTimeout(300_000);
  const tag = `phone${Date.now()}`;
  await signUpAndIn(page, { username: tag, email: `${tag}@example.com` });
  await page.goto("/en/payment?purchase=1m");
  await page.getByTestId("pay-button").click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByTestId("payment-confirmed")).toBeVisible({ timeout: 30_000 });
  const paymentId = new URL(page.url()).searchParams.get("payment");
  await page.setViewportSize({ width: 390, height: 844 });
  // Two page loads per language, the rest moves inside the app: every load refreshes the session, and refreshes are
  // rate-limited per address (60 a minute).
  for (const language of LANGUAGES) {
    const own = texts(language);
    // The pages the provider sends the browser back to.
    await page.goto(`/${language}/payment/pfail?payment=${paymentId}`);
    await expect(page.getByTestId("payment-failed")).toContainText(own.pfail.paidAnyway);
    await fitsPhone(page);
    if (language === "de") await snapshot(page, "pfail-de-phone");
    // "Try again": /payment with the pack and the route to choose.
    await page.getByRole("link", { name: own.pfail.again }).click();
    await expect(page.getByTestId("pay-button")).toBeVisible();
    await fitsPhone(page);
    // /sub with the premium status, the history table and the packs.
    await page.getByRole("link", { name: own.payment.back }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(own.sub.title);
    await expect(page.getByTestId("premium-history")).toBeVisible();
    await expect(page.getByTestId("pack-12m")).toBeVisible();
    await fitsPhone(page);
    await page.goto(`/${language}/payment/psuccess?payment=${paymentId}`);
    await expect(page.getByTestId("payment-confirmed")).toContainText(own.psuccess.thanks);
    await fitsPhone(page);
  }
});

test("the premium pages speak all seven languages and fit a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const language of LANGUAGES) {
    const own = texts(language);
    await page.goto(`/${language}/sub`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(own.sub.title);
    await expect(page.getByTestId("plan-free")).toContainText(own.plans.free);
    await expect(page.getByTestId("pack-6m")).toBeVisible();
    await fitsPhone(page);
    if (language === "ru") await snapshot(page, "sub-ru-phone");
  }
  // Signed out, the payment pages invite the visitor to sign in, in the page's language.
  for (const path of ["payment", "payment/psuccess", "payment/pfail", "addSubscriber/add"]) {
    await page.goto(`/de/${path}`);
    await expect(page.getByTestId("workspace-signed-out")).toBeVisible();
    await fitsPhone(page);
  }
});
