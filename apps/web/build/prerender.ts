// Renders the public pages of the built app to HTML (run after `vite build` and the SSR build; see package.json).
// Writes dist/prerendered/: one HTML file per public URL, a 404 page per language, sitemap.xml, robots.txt, an RSS
// feed per language and routes.json, which the server reads to answer each path (apps/server/src/http/web-app.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { pathToFileURL } from "node:url";
import { LANGUAGES, type Language, PAGE_HEAD_END, PAGE_HEAD_START, type PrerenderManifest } from "@handfont/contract";
import Beasties from "beasties";
import type { PageDefinition } from "../src/app/pages.ts";
import type { PrerenderedPage } from "../src/entry-server.tsx";
import { SHELL_NAMESPACES } from "../src/i18n/namespaces.ts";
import { siteOptions } from "./content/options.ts";
import { loadContentSite } from "./content/site.ts";
import { deferToAfterPaint, evaluationOrder, firstPaintProblem, firstPaintResources } from "./first-paint.ts";
import { HOME_SCRIPT_BUDGET_BYTES, pageScriptBytes } from "./script-budget.ts";
import { robotsTxt, rssXml, type SitemapEntry, sitemapXml } from "./site-files.ts";

const webRoot = join(import.meta.dirname, "..");
const dist = join(webRoot, "dist");
const out = join(dist, "prerendered");

type EntryServer = typeof import("../src/entry-server.tsx");
const server = (await import(pathToFileURL(join(webRoot, "dist-ssr/entry-server.js")).href)) as EntryServer;
const { PAGES } = (await import(pathToFileURL(join(webRoot, "src/app/pages.ts")).href)) as {
  PAGES: Record<string, PageDefinition>;
};
const site = await loadContentSite(await siteOptions(webRoot));
const template = readFileSync(join(dist, "index.html"), "utf8");
// The CSS a page's own elements use goes into its <head>, so the page paints before any stylesheet is in (they hold
// every rule of every component); build/first-paint.ts then has the stylesheets and scripts load after that paint.
const beasties = new Beasties({
  path: dist,
  publicPath: "/",
  preload: "body",
  pruneSource: false,
  // Mantine's own <style> sits inside #root: changed, it would no longer match what hydration renders.
  reduceInlineStyles: false,
  inlineFonts: false,
  compress: true,
  logLevel: "warn",
});

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;

/** The page's module, read from its `load: () => import("…")` (pages.ts runs here unbundled, as written). */
function moduleOf(page: PageDefinition): string {
  const specifier = /import\(["']([^"']+)["']\)/.exec(page.load.toString())?.[1];
  if (!specifier) throw new Error(`Cannot read the module of a page from ${page.load.toString()}`);
  return posix.join("src/app", specifier);
}

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
const entryChunks = closure(["index.html"]);
const entryCss = new Set([...entryChunks].flatMap((key) => manifest[key]?.css ?? []));

/** Preloads of everything the first render needs beyond the entry, so hydration waits on no round trip. */
function assetLinks(keys: string[]): string {
  const chunks = [...closure(keys)].filter((key) => !entryChunks.has(key));
  const css = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))].filter((file) => !entryCss.has(file));
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`),
  ].join("\n    ");
}

function contentKey(id: string): string[] {
  return Object.keys(manifest).filter(
    (key) => key.endsWith(`virtual:content/${id}`) || key.endsWith("virtual:content"),
  );
}

interface Target {
  path: string;
  page: PageDefinition | null;
  language: Language;
  contentId?: string;
}

const MISSING_SEGMENT = "__handfont_missing_path__";
const targets: Target[] = [];
for (const language of LANGUAGES) {
  for (const page of Object.values(PAGES)) {
    if (!page.prerender) continue;
    if (page.path === "blog/:slug") {
      for (const post of site.posts.filter((entry) => entry.language === language)) {
        targets.push({
          path: `/${language}/blog/${post.slug}`,
          page,
          language,
          contentId: `blog/${language}/${post.slug}`,
        });
      }
      continue;
    }
    if (page.path.includes(":")) throw new Error(`Prerendering does not know the values of ${page.path}`);
    const path = `/${language}${page.path ? `/${page.path}` : ""}`;
    const contentId = page.path.startsWith("instructions")
      ? `instructions/${language}/${page.path.split("/")[1] ?? "overview"}`
      : page.path === "blog"
        ? `blog-index/${language}`
        : undefined;
    targets.push({ path, page, language, contentId });
  }
  targets.push({ path: `/${language}/${MISSING_SEGMENT}`, page: null, language });
}

function documentHtml(target: Target, rendered: PrerenderedPage): string {
  const meta = rendered.meta ?? { title: "Handfont", description: "" };
  const tags = server.renderHeadTags(
    server.headTags(meta, { origin: server.ORIGIN_PLACEHOLDER, pathname: target.path, language: rendered.language }),
  );
  const namespaces = [...SHELL_NAMESPACES, ...(target.page?.namespaces ?? [])];
  const keys = [
    ...(target.page ? [moduleOf(target.page)] : []),
    `src/locales/${rendered.language}/index.ts`,
    ...namespaces.map((namespace) => `src/locales/${rendered.language}/${namespace}.json`),
    ...(target.contentId ? contentKey(target.contentId) : []),
  ];
  const start = template.indexOf(PAGE_HEAD_START);
  const end = template.indexOf(PAGE_HEAD_END);
  if (start < 0 || end < 0) throw new Error(`index.html lacks the ${PAGE_HEAD_START} … ${PAGE_HEAD_END} markers`);
  return `${template.slice(0, start)}${tags}\n    ${assetLinks(keys)}${template.slice(end + PAGE_HEAD_END.length)}`
    .replace(/<html lang="[^"]*"/, `<html lang="${rendered.language}"`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "")
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
}

rmSync(out, { recursive: true, force: true });
const routes: PrerenderManifest = {
  pages: {},
  notFound: {},
  missingPath: MISSING_SEGMENT,
  files: {},
  clientPaths: Object.values(PAGES)
    .filter((page) => !page.prerender)
    .map((page) => page.path),
};
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(out, file)), { recursive: true });
  writeFileSync(join(out, file), text);
};

const sitemap: SitemapEntry[] = [];
const skipped: string[] = [];
/** Gzipped script bytes of each language's home page, checked against the budget once all pages are written. */
const homeScripts = new Map<Language, number>();
/** Pages that would load more before their first paint than build/first-paint.ts allows. */
const slowPaints: string[] = [];
let largestInlineStyles = 0;
const appEntry = manifest["index.html"]?.file;
const loader = manifest["src/after-paint-entry.ts"]?.file;
if (!appEntry || !loader) throw new Error("The build's manifest lacks index.html or src/after-paint-entry.ts");
// The loader is the one script before the paint and must start at once: an import would be a second request after it.
const loaderImports = manifest["src/after-paint-entry.ts"]?.imports ?? [];
if (loaderImports.length > 0) {
  throw new Error(`The after-paint loader imports ${loaderImports.join(", ")}: the app must not import its module`);
}
const evaluateFirst = evaluationOrder(manifest, "index.html");
for (const target of targets) {
  const rendered = await server.render(target.path);
  if ("redirect" in rendered) throw new Error(`${target.path} redirects to ${rendered.redirect}; prerender its target`);
  const missing = target.page === null;
  if (rendered.status !== (missing ? 404 : 200)) {
    // A content page whose Markdown does not exist yet stays a 404 (the server answers it so).
    skipped.push(`${target.path} (${rendered.status})`);
    continue;
  }
  const file = missing ? `pages/${target.language}/404.html` : `pages${target.path}.html`;
  const html = deferToAfterPaint(await beasties.process(documentHtml(target, rendered)), {
    appEntry,
    loader,
    evaluateFirst,
  });
  const early = firstPaintResources(html, dist);
  const problem = firstPaintProblem(early);
  if (problem) slowPaints.push(`${target.path}: ${problem}`);
  largestInlineStyles = Math.max(largestInlineStyles, early.inlineStyleBytes);
  write(file, html);
  if (target.page === PAGES.home) homeScripts.set(target.language, pageScriptBytes(html, dist, manifest));
  if (missing) routes.notFound[target.language] = file;
  else routes.pages[target.path] = file;
}

// Sitemap: every rendered page with the language versions that exist of it.
const rest = (path: string) => path.split("/").slice(2).join("/");
const byRest = new Map<string, Partial<Record<Language, string>>>();
for (const path of Object.keys(routes.pages)) {
  const language = path.split("/")[1] as Language;
  const versions = byRest.get(rest(path)) ?? {};
  versions[language] = path;
  byRest.set(rest(path), versions);
}
const lastModified = (path: string): string | undefined => {
  const language = path.split("/")[1];
  const post = site.posts.find((entry) => `/${entry.language}/blog/${entry.slug}` === path);
  const doc = site.instructions.find(
    (entry) =>
      entry.language === language && `instructions${entry.slug === "overview" ? "" : `/${entry.slug}`}` === rest(path),
  );
  return post?.date ?? doc?.updated;
};
for (const path of Object.keys(routes.pages)) {
  sitemap.push({ path, alternates: byRest.get(rest(path)) ?? {}, lastModified: lastModified(path) });
}
write("sitemap.xml", sitemapXml(server.ORIGIN_PLACEHOLDER, sitemap));
routes.files["/sitemap.xml"] = { file: "sitemap.xml", type: "application/xml; charset=utf-8" };
write("robots.txt", robotsTxt(server.ORIGIN_PLACEHOLDER));
routes.files["/robots.txt"] = { file: "robots.txt", type: "text/plain; charset=utf-8" };

for (const index of site.blogIndexes) {
  const texts = JSON.parse(readFileSync(join(webRoot, `src/locales/${index.language}/content.json`), "utf8")) as {
    blog: { meta: { title: string; description: string } };
  };
  const feedPath = `/${index.language}/blog/rss.xml`;
  const xml = rssXml(
    server.ORIGIN_PLACEHOLDER,
    {
      title: `Handfont — ${texts.blog.meta.title}`,
      description: texts.blog.meta.description,
      path: `/${index.language}/blog`,
      feedPath,
      language: index.language,
    },
    index.posts.map((post) => ({ ...post, path: `/${index.language}/blog/${post.slug}` })),
  );
  write(`${index.language}/blog/rss.xml`, xml);
  routes.files[feedPath] = { file: `${index.language}/blog/rss.xml`, type: "application/rss+xml; charset=utf-8" };
}

write("routes.json", JSON.stringify(routes, null, 2));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const heaviestHome = Math.max(...homeScripts.values());
if (slowPaints.length > 0) {
  throw new Error(
    `These pages load too much before their first paint (build/first-paint.ts):\n${slowPaints.join("\n")}`,
  );
}
const overBudget = [...homeScripts].filter(([, bytes]) => bytes > HOME_SCRIPT_BUDGET_BYTES);
if (overBudget.length > 0) {
  throw new Error(
    `The home page's JavaScript is over its budget of ${kib(HOME_SCRIPT_BUDGET_BYTES)} gzip: ` +
      `${overBudget.map(([language, bytes]) => `/${language} ${kib(bytes)}`).join(", ")} (build/script-budget.ts)`,
  );
}
process.stdout.write(
  `prerendered ${Object.keys(routes.pages).length} pages, ${Object.keys(routes.notFound).length} 404 pages, ` +
    `${site.blogIndexes.length} feeds; home page JavaScript ${kib(heaviestHome)} gzip at most ` +
    `(budget ${kib(HOME_SCRIPT_BUDGET_BYTES)}); inline CSS ${kib(largestInlineStyles)} at most and nothing else ` +
    `before the first paint${skipped.length ? `; not found (no content yet): ${skipped.join(", ")}` : ""}\n`,
);
