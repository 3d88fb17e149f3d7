import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LANGUAGES } from "@handfont/contract";
import type { ContentSiteOptions } from "./site.ts";

/** The FAQ's least number of questions (issue 12). */
export const MIN_FAQ_QUESTIONS = 15;

/**
 * The options of the real site, read from the web app itself: its route table (so links to app pages are checked
 * against the pages that exist) and the tag labels of its English texts (the completeness test keeps the other
 * languages equal).
 */
export async function siteOptions(webRoot: string): Promise<ContentSiteOptions> {
  // A run-time import keeps Vite's config bundler from following the page modules pages.ts imports lazily.
  const pagesUrl = pathToFileURL(join(webRoot, "src/app/pages.ts")).href;
  const { PAGES } = (await import(pagesUrl)) as { PAGES: Record<string, { path: string }> };
  const texts = JSON.parse(readFileSync(join(webRoot, "src/locales/en/content.json"), "utf8")) as {
    tags: Record<string, string>;
  };
  return {
    root: join(webRoot, "content"),
    languages: LANGUAGES,
    pagePaths: Object.values(PAGES).map((page) => page.path),
    tagIds: Object.keys(texts.tags),
    minFaqQuestions: MIN_FAQ_QUESTIONS,
  };
}
