import { expect, type Page } from "@playwright/test";

export const E2E_PASSWORD = "violet-harbour-e2e-9";

/**
 * Signs a user up through the login page, confirms the mailed link from the development outbox and signs in. An
 * address registered by an earlier try of the same run (a retried test) is signed in directly.
 */
export async function signUpAndIn(page: Page, account: { username: string; email: string }): Promise<void> {
  const captchaSolved = () =>
    expect(page.locator("form:visible").locator('input[name="recaptca"]')).not.toHaveValue("", { timeout: 90_000 });
  await page.goto("/en/login");
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByRole("textbox", { name: "Username", exact: true }).fill(account.username);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(account.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(E2E_PASSWORD);
  await captchaSolved();
  const signUp = page.waitForResponse((response) => response.url().endsWith("/api/auth/signup"));
  await page.getByRole("button", { name: "Create account" }).click();
  if ((await signUp).status() === 201) {
    await expect(page.getByTestId("signup-done")).toContainText(account.email);
    await page.goto("/en/debug");
    const link = await page
      .getByTestId("outbox")
      .getByRole("row", { name: new RegExp(account.email) })
      .getByRole("link")
      .first()
      .textContent();
    const confirmation = new URL(link ?? "");
    await page.goto(`${confirmation.pathname}${confirmation.search}`);
  } else {
    await page.goto("/en/login");
  }
  await page.getByRole("textbox", { name: "Username or email", exact: true }).fill(account.username);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(E2E_PASSWORD);
  await captchaSolved();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("account-link")).toHaveText(account.username);
}
