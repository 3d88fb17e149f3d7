import { E2E_ANALYTICS_ID } from "../support/constants.ts";
import { expect, snapshot, test } from "../support/fixtures.ts";

test("the banner asks first and loads no analytics before a choice", async ({ page, analyticsRequests }) => {
  await page.goto("/en");
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  await snapshot(page, "banner-shown");
  await page.waitForLoadState("networkidle");
  expect(analyticsRequests).toHaveLength(0);
});

test("accepting hides the banner for good and loads the analytics tag", async ({
  page,
  context,
  analyticsRequests,
  pageProblems,
}) => {
  await page.goto("/en");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Accept" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  await expect
    .poll(() => analyticsRequests.map((request) => request.url()))
    .toContain(`https://www.googletagmanager.com/gtag/js?id=${E2E_ANALYTICS_ID}`);

  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
  expect(cookies.policy).toBe("true");
  expect(cookies.policyReject).toBeUndefined();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  await snapshot(page, "accepted-after-reload");
  expect(pageProblems).toEqual([]);
});

test("rejecting stores both flags and never requests the analytics tag", async ({
  page,
  context,
  analyticsRequests,
}) => {
  await page.goto("/en");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();

  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
  expect(cookies.policy).toBe("true");
  expect(cookies.policyReject).toBe("true");

  await page.reload();
  await page.goto("/en/functions");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  expect(analyticsRequests).toHaveLength(0);
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  await snapshot(page, "rejected-after-reload");
});

test("cookie settings in the footer ask again", async ({ page }) => {
  await page.goto("/en");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
});
