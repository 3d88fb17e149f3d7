import { test as base, type Page, type Request } from "@playwright/test";
import { ANALYTICS_HOSTS } from "./constants.ts";

export interface Fixtures {
  /** Every request the page made to the analytics hosts (answered locally with an empty script). */
  analyticsRequests: Request[];
  /** Browser console errors, page errors and CSP violations seen during the test. */
  pageProblems: string[];
}

/** Tests with analytics hosts stubbed (nothing leaves the machine) and page problems collected. */
export const test = base.extend<Fixtures>({
  // Automatic, so no test ever reaches the real analytics hosts.
  analyticsRequests: [
    async ({ context }, use) => {
      const requests: Request[] = [];
      await context.route(ANALYTICS_HOSTS, (route) => {
        requests.push(route.request());
        return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
      });
      await use(requests);
    },
    { auto: true },
  ],
  // `page.goto` returns once the app answers clicks, as a visitor's first tap would a moment later: a prerendered
  // page fires `load` before its app is fetched (apps/web/src/app/after-paint.ts), which replays a tap on a button
  // only once hydrated. A document that is not the app (no #root) returns at `load` as before.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(
        () => !document.getElementById("root") || document.documentElement.hasAttribute("data-interactive"),
      );
      return response;
    };
    await use(page);
  },
  pageProblems: async ({ page }, use) => {
    const problems: string[] = [];
    collectProblems(page, problems);
    await use(problems);
  },
});

/** Appends a page's console errors, page errors and CSP violations (console errors in Chromium) to `problems`. */
export function collectProblems(page: Page, problems: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
}

export { expect } from "@playwright/test";

/** Saves a named screenshot into the test's output folder, beside the automatic one. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
