import type { Layout } from "@handfont/engine";
import { capturePhone, renderFilledPage } from "@handfont/engine/synth";
import { loadHandwritingFont } from "@handfont/engine/synth/node";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, snapshot, test } from "../support/fixtures.ts";

const PASSWORD = "amber-lantern-e2e-4";
const PHONE = { width: 390, height: 844 };

/** A phone photo of a template page nobody wrote on. */
async function photographBlankPage(layout: Layout): Promise<Buffer> {
  const blank = renderFilledPage(layout, {
    page: 1,
    dpi: 150,
    hand: loadHandwritingFont("caveat"),
    seed: 3,
    blankRatio: 1,
  });
  const photo = capturePhone(blank, layout.paper, { seed: 3, frameWidth: 2400, frameHeight: 1800 });
  return sharp(Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.length), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: photo.jpegQuality })
    .toBuffer();
}

const captchaSolved = (page: Page) =>
  expect(page.locator("form:visible").locator('input[name="recaptca"]')).not.toHaveValue("", { timeout: 30_000 });

/** The captcha starts its work when the form gets focus, so the form is filled only once the widget is there. */
const captchaReady = (page: Page) => expect(page.locator("form:visible altcha-widget")).toBeVisible();

test("a signed-out visitor meets the workspace in their own language, and sign-up names what is wrong", async ({
  page,
  pageProblems,
}) => {
  await page.goto("/uk/app/templates");
  await expect(page.getByTestId("workspace-signed-out")).toBeVisible();
  await expect(page).toHaveTitle("Шаблони — Handfont");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "uk_UA");
  await page.getByTestId("workspace-signed-out").getByRole("link", { name: "Увійти" }).click();
  await expect(page).toHaveURL("/uk/login?next=%2Fuk%2Fapp%2Ftemplates");

  await page.setViewportSize(PHONE);
  await page.goto("/ru/login");
  await page.getByRole("tab", { name: "Регистрация" }).click();
  const form = page.locator("form:visible");
  await expect(form.getByRole("button", { name: "Показать пароль" })).toHaveCount(1);
  await form.getByRole("textbox", { name: "Имя пользователя", exact: true }).fill("an na");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("anna@");
  await form.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(form).toContainText(
    "В имени пользователя можно использовать только буквы, цифры, точки, дефисы и подчёркивания",
  );
  await expect(form).toContainText("Это не похоже на адрес электронной почты.");
  await expect(form).toContainText("Введите пароль.");
  await snapshot(page, "signup-rules-phone-ru");
  expect(pageProblems).toEqual([]);
});

test("a newcomer's session: back to the page after signing in, one template per double click, an empty page warned about after a reload, deletions", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  const tag = `nc${Date.now()}`;
  const email = `${tag}@example.com`;

  // "Make your template" leads to a page that needs an account; signing up and in comes back to it.
  await page.goto("/en/");
  await page.getByTestId("hero-cta").click();
  await expect(page).toHaveURL("/en/app/templates");
  await page.getByTestId("workspace-signed-out").getByRole("link", { name: "Sign in" }).click();
  await page.getByRole("tab", { name: "Create account" }).click();
  await captchaReady(page);
  await page.getByRole("textbox", { name: "Username", exact: true }).fill(tag);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await captchaSolved(page);
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
  await captchaReady(page);
  await page.getByRole("textbox", { name: "Username or email", exact: true }).fill(tag);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await captchaSolved(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/en/app/templates");

  // A double click makes one template.
  await page.getByRole("textbox", { name: "Template name" }).fill("Twice");
  let creations = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/createTemplate")) creations += 1;
  });
  const created = page.waitForResponse((response) => response.url().endsWith("/api/createTemplate"));
  await page.getByRole("button", { name: "Create template" }).dblclick();
  const { layout } = (await (await created).json()) as { layout: Layout };
  await expect(page.getByTestId("template-card").filter({ hasText: "Twice" })).toHaveCount(1);
  expect(creations).toBe(1);

  // An empty page is warned about, and the upload is still listed after a reload.
  await page.goto("/en/app");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "blank.jpg", mimeType: "image/jpeg", buffer: await photographBlankPage(layout) });
  await expect(page.getByTestId("upload-status")).toHaveText("Check it", { timeout: 60_000 });
  // The reader's own warning in the user's language (PAGE_EMPTY), not "read, 0 letters" in green.
  await expect(page.getByTestId("upload-item")).toContainText("No letters were found on this page.");
  await page.reload();
  await expect(page.getByTestId("upload-item")).toContainText("blank.jpg");
  await expect(page.getByTestId("upload-status")).toHaveText("Check it");
  await snapshot(page, "blank-page-warned");
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId("upload-status")).toHaveText("Check it");
  await page.getByRole("button", { name: "Reject" }).click();
  await snapshot(page, "blank-page-warned-phone");
  await page.getByRole("button", { name: "Clear the list" }).click();
  await expect(page.getByTestId("upload-item")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your fonts" })).toBeVisible();
  await expect(page.getByTestId("upload-item")).toHaveCount(0);

  // "Start an empty font" clicked twice quickly makes one font.
  await page.getByRole("button", { name: "Start an empty font" }).dblclick();
  await expect(page.getByTestId("font-card")).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(page.getByTestId("font-card")).toHaveCount(1);

  // Delete the template, then the account.
  await page.goto("/en/app/templates");
  const card = page.getByTestId("template-card").filter({ hasText: "Twice" });
  await card.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByTestId("template-card").filter({ hasText: "Twice" })).toHaveCount(0);

  await page.goto("/en/profile");
  await expect(page.getByTestId("profile-data")).toContainText("User");
  await expect(page.getByTestId("profile-data")).not.toContainText("USER");
  await expect(page.getByTestId("font-download")).toContainText("Not built yet");
  await page.getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByRole("dialog");
  const confirm = dialog.getByRole("button", { name: "Delete account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("textbox", { name: `Type your username, ${tag}, to confirm` }).fill(tag);
  await dialog.getByLabel("Your password").fill(PASSWORD);
  await snapshot(page, "delete-account-phone");
  await confirm.click();
  await expect(page.getByTestId("account-deleted")).toHaveText("Your account and all its data are deleted.");
  await expect(page.getByTestId("profile-signed-out")).toBeVisible();

  // The account is gone: signing in again fails.
  await page.goto("/en/login");
  await captchaReady(page);
  await page.getByRole("textbox", { name: "Username or email", exact: true }).fill(tag);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await captchaSolved(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signin-error")).toHaveText("Wrong login or password.");
  // The sign-in failures above are the answers the page expects, not problems of the page.
  expect(pageProblems.filter((problem) => !problem.includes("401"))).toEqual([]);
});
