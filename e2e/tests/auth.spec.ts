import type { Page } from "@playwright/test";
import { expect, snapshot, test } from "../support/fixtures.ts";

const PASSWORD = "violet-harbour-e2e-7";

/**
 * Waits until the ALTCHA widget of the visible form has solved its proof of work in the browser; it starts by
 * itself when the form gets focus (auto="onfocus"), as it does while the fields are filled in.
 */
async function captchaSolved(page: Page): Promise<void> {
  const form = page.locator("form:visible");
  await expect(form.locator('input[name="recaptca"]')).not.toHaveValue("", { timeout: 30_000 });
}

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByRole("textbox", { name: "Username or email", exact: true }).fill(login);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await captchaSolved(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("sign up, confirm by the mailed link, sign in, stay signed in over a reload, sign out", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  const tag = `e2e${Date.now()}`;
  const email = `${tag}@example.com`;

  await page.goto("/en/login");
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByRole("textbox", { name: "Username", exact: true }).fill(tag);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await captchaSolved(page);
  await snapshot(page, "sign-up-filled");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-done")).toContainText(email);
  // Spec §4: sign-up leaves the visitor signed out.
  await expect(page.getByTestId("account-link")).toHaveText("Sign in");

  // No SMTP server in this run: the mail waits in the development outbox, which the debug page lists.
  await page.goto("/en/debug");
  const outbox = page.getByTestId("outbox");
  await expect(outbox).toContainText(email);
  const link = await outbox
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("link")
    .first()
    .textContent();
  const confirmation = new URL(link ?? "");
  await page.goto(`${confirmation.pathname}${confirmation.search}`);
  await expect(page).toHaveURL(/\/en\/login\?confirmed=1$/);
  await expect(page.getByTestId("confirmed")).toBeVisible();

  await signIn(page, tag, PASSWORD);
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.getByTestId("account-link")).toHaveText(tag);

  await page.reload();
  await expect(page.getByTestId("account-link")).toHaveText(tag);
  await page.getByTestId("account-link").click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByTestId("profile-data")).toContainText(email);
  await snapshot(page, "profile");

  // A signed-in visitor of the login route goes home (spec §2).
  await page.goto("/en/login");
  await expect(page).toHaveURL(/\/en\/$/);

  await page.goto("/en/profile");
  await page.getByTestId("sign-out").click();
  await expect(page.getByTestId("account-link")).toHaveText("Sign in");
  await expect(page.getByTestId("profile-signed-out")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("account-link")).toHaveText("Sign in");
  expect(pageProblems).toEqual([]);
});

test("a wrong password shows the spec's message in Russian and in English", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/ru/login");
  await page.getByRole("textbox", { name: "Имя пользователя или email", exact: true }).fill("nobody-here");
  await page.getByRole("textbox", { name: "Пароль", exact: true }).fill("wrong-password-1");
  await captchaSolved(page);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page.getByTestId("signin-error")).toHaveText("Неверный логин или пароль");
  await snapshot(page, "wrong-password-ru");

  await page.goto("/en/login");
  await signIn(page, "nobody-here", "wrong-password-1");
  await expect(page.getByTestId("signin-error")).toHaveText("Wrong login or password.");
});

test("the account pages render in every language without console errors or CSP violations", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  for (const language of ["en", "ru", "de", "es", "fr", "it", "uk"]) {
    for (const path of ["/login", "/forgotpassword", "/forgotpasswordchangepassword?token=x", "/profile"]) {
      await page.goto(`/${language}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
    }
  }
  expect(pageProblems).toEqual([]);
});
