import { expect, type Page } from "@playwright/test";

/**
 * Signs a new user up through the login page, confirms the mailed link from the development outbox (no SMTP
 * server in e2e runs) and signs in. Returns the username.
 */
export async function signUpAndIn(page: Page, password: string): Promise<string> {
  const tag = `e2e${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${tag}@example.com`;
  const captchaSolved = () =>
    expect(page.locator("form:visible").locator('input[name="recaptca"]')).not.toHaveValue("", { timeout: 30_000 });
  await page.goto("/en/login");
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByRole("textbox", { name: "Username", exact: true }).fill(tag);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await captchaSolved();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toContainText(email);
  await page.goto("/en/debug");
  const link = await page
    .getByTestId("outbox")
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("link")
    .first()
    .textContent();
  const confirmation = new URL(link ?? "");
  await page.goto(`${confirmation.pathname}${confirmation.search}`);
  await page.getByRole("textbox", { name: "Username or email", exact: true }).fill(tag);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await captchaSolved();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("account-link")).toHaveText(tag);
  return tag;
}
