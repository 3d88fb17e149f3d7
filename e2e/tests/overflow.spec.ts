import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LANGUAGES } from "@handfont/contract";
import type { Page } from "@playwright/test";
import { collectProblems, expect, test } from "../support/fixtures.ts";
import { signUpAndIn } from "../support/sign-up.ts";

/**
 * Issue 12: no page may scroll sideways on the narrowest phones, in any language. The same sweep, which loads every
 * page in every language, also checks that each renders its heading (behind sign-in, with the visitor still signed
 * in) without a console error, a page error or a CSP violation (Chromium reports those as console errors).
 */
const WIDTHS = [320, 390] as const;

interface RouteEntry {
  path: string;
  prerender?: boolean;
}

// The app's own route table, so pages other features add are covered without touching this test. A variable
// specifier keeps the type checker out of the web app's modules (their page imports run only when called).
const pagesModule = fileURLToPath(new URL("../../apps/web/src/app/pages.ts", import.meta.url));
const { PAGES } = (await import(pagesModule)) as { PAGES: Record<string, RouteEntry> };
// Parameters (`blog/:slug`) take the values the build prerendered; a client page with a parameter has none to try.
const built = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../apps/web/dist/prerendered/routes.json", import.meta.url)), "utf8"),
) as { pages: Record<string, string> };

function urlsOf(route: RouteEntry): string[] {
  if (!route.path.includes(":")) {
    return LANGUAGES.map((language) => `/${language}${route.path ? `/${route.path}` : ""}`);
  }
  const pattern = new RegExp(`^/[a-z]{2}/${route.path.replace(/:\w+/g, "[^/]+")}$`);
  return Object.keys(built.pages).filter((url) => pattern.test(url));
}

// A trace records a snapshot of every step, on every one of these hundreds of page loads: most of what the browser
// does here. A failure names the pages and the elements that overflow, and keeps its screenshot.
test.use({ trace: "off" });

const routes = Object.values(PAGES);
// Public pages are checked as a visitor sees them; pages behind sign-in, signed in (a signed-out visit would only
// show the sign-in prompt).
const publicUrls = routes.filter((route) => route.prerender).flatMap(urlsOf);
const signedInUrls = routes.filter((route) => !route.prerender).flatMap(urlsOf);

/** Elements reaching past the right edge, to name in the failure. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => ![...element.children].some((child) => child.getBoundingClientRect().right > width + 0.5))
      .slice(0, 3)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${(element.textContent ?? "").trim().slice(0, 40)}"`,
      );
    return `${document.documentElement.scrollWidth}px wide: ${culprits.join(", ")}`;
  });
}

/**
 * How many tabs load pages at once. Most of a page's check is waiting for its requests; those waits overlap, and
 * more tabs would only compete for the CPU.
 */
const TABS = 4;

/**
 * How long a tab must have had no request in flight before it is measured: the page's data and lazy chunks have
 * arrived and React renders what arrives in the same task. Playwright's `networkidle` waits 500 ms for the same
 * thing, over hundreds of page loads.
 */
const QUIET_MS = 100;

/** Follows a tab's requests; the returned function resolves once none has been in flight for QUIET_MS. */
function quietness(page: Page): () => Promise<void> {
  let inFlight = 0;
  let changed = Date.now();
  page.on("request", () => {
    inFlight += 1;
    changed = Date.now();
  });
  const ended = () => {
    inFlight -= 1;
    changed = Date.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return async () => {
    while (inFlight > 0 || Date.now() - changed < QUIET_MS) await page.waitForTimeout(QUIET_MS / 4);
  };
}

/** Follows a tab's console errors and page errors; the returned function hands over those since its last call. */
function problems(page: Page): () => string[] {
  const seen: string[] = [];
  collectProblems(page, seen);
  return () => seen.splice(0);
}

/** Loads a page at the narrowest width and measures it at every width. */
async function checkPage(page: Page, quiet: () => Promise<void>, url: string, user?: string): Promise<string[]> {
  const failures: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 740 });
  await page.goto(url);
  // Tabs other than the test's own lack the fixture's wait for the app (e2e/support/fixtures.ts).
  await page.waitForFunction(
    () => !document.getElementById("root") || document.documentElement.hasAttribute("data-interactive"),
  );
  await quiet();
  // Text laid out in a fallback font until the web fonts arrive would measure the wrong widths.
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator("main")).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("heading", { level: 1 }).first(), url).toBeVisible();
  // Still signed in: a sweep that lost its session would measure only the sign-in prompt on every page after.
  if (user) await expect(page.getByTestId("account-link"), url).toHaveText(user);
  // The page states its language, so the browser hyphenates long words by that language's rules.
  expect(await page.evaluate(() => document.documentElement.lang), url).toBe(url.split("/")[1]);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const problem = await overflow(page);
    if (problem) failures.push(`${url} at ${width}px: ${problem}`);
  }
  return failures;
}

/**
 * Every URL, each loaded afresh as a visitor would open it, spread over TABS tabs of the test's browser
 * context. Failures are listed in the order of `urls`.
 */
async function checkAll(page: Page, urls: readonly string[], user?: string): Promise<string[]> {
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => page.context().newPage())))];
  const results = new Map<string, string[]>();
  let next = 0;
  try {
    await Promise.all(
      tabs.map(async (tab) => {
        const quiet = quietness(tab);
        const errors = problems(tab);
        for (let url = urls[next++]; url !== undefined; url = urls[next++]) {
          const failures = await checkPage(tab, quiet, url, user);
          results.set(url, [...failures, ...errors().map((error) => `${url}: ${error}`)]);
        }
      }),
    );
  } finally {
    await Promise.all(tabs.slice(1).map((tab) => tab.close()));
  }
  return urls.flatMap((url) => results.get(url) ?? [`${url}: not checked`]);
}

test("no public page overflows a 320 or 390 px wide screen, in any language", async ({ page }) => {
  test.setTimeout(publicUrls.length * 4_000 + 30_000);
  expect(publicUrls.length).toBeGreaterThan(LANGUAGES.length * 5);
  expect(await checkAll(page, publicUrls)).toEqual([]);
});

test("no page behind sign-in overflows a 320 or 390 px wide screen, in any language", async ({ page }) => {
  test.setTimeout(signedInUrls.length * 4_000 + 90_000);
  expect(signedInUrls.length).toBeGreaterThan(LANGUAGES.length * 3);
  const user = await signUpAndIn(page, "violet-harbour-overflow-7");
  expect(await checkAll(page, signedInUrls, user)).toEqual([]);
});
