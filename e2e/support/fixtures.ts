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
  pageProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await use(problems);
  },
});

export { expect } from "@playwright/test";

/** Saves a named screenshot into the test's output folder, beside the automatic one. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
