// What a prerendered page makes the browser load before its first paint, and the build check on it.
//
// A prerendered page carries the CSS of its own elements inline (build/prerender.ts, Beasties), so it can paint as
// soon as its HTML is in. Its stylesheets (above all Mantine's, ~240 KB, which the app's pages need), the app's
// modules and the page's chunks are not needed for that paint: they go into an inert <template>, and the page's
// only script, src/after-paint-entry.ts (< 1 KB), fetches them once a frame is painted and starts the app, which
// hydrates the page. A <noscript> copy of the stylesheets serves a browser without JavaScript.
//
// Why not leave them to the browser: Lighthouse's simulated mobile load counts every stylesheet and every
// high-priority script that finished loading before the first paint it observed as needed for that paint (module
// scripts have no EvaluateScript event that could clear them), and for the largest paint every request at all. On
// a fast machine the local files all arrive before the paint, on a busy one after it, so the same page measured a
// first paint of 1.0 s or 3.0 s. And on a real phone the HTML and its images no longer share the network with
// ~130 KB of scripts and ~40 KB of stylesheets while the page is still blank.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AFTER_PAINT_TEMPLATE_ID, APP_ENTRY_ATTRIBUTE, EVALUATE_FIRST_ATTRIBUTE } from "../src/app/after-paint.ts";

/**
 * Budget of the CSS inside a prerendered page's `<style>` elements, the only CSS its first paint waits for: the
 * pages' own rules, Mantine's variables and the rules of the Mantine components a post shows are ~35 KB today;
 * Mantine's whole stylesheet (~240 KB) inlined by mistake would be far over it.
 */
export const INLINE_STYLE_BUDGET_BYTES = 48 * 1024;

/** Budget of the scripts a page loads before its first paint: the after-paint loader only (0.8 KB). */
export const EARLY_SCRIPT_BUDGET_BYTES = 4 * 1024;

/**
 * Suspense boundaries a page's HTML must hold at least: the header, the page and the footer (src/app/SiteShell.tsx).
 * React hydrates each as a unit of its own with its own commit; without them the whole page was one commit, the
 * longest task after a post's first paint.
 */
export const MIN_HYDRATION_UNITS = 3;

const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*>/g;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*>/g;
const MODULE_SCRIPT = /<script\b(?=[^>]*\btype="module")(?=[^>]*\bsrc=)[^>]*>/g;
const INERT = /<(template|noscript)\b[^>]*>[\s\S]*?<\/\1>/g;
/** A script the browser would run from the page itself (JSON-LD is data, not run). */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>/g;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The chunks `key` imports statically, in the order a browser evaluates them (depth first, dependencies first). */
export function evaluationOrder(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (seen.has(at) || !chunk) return;
    seen.add(at);
    for (const imported of chunk.imports ?? []) visit(imported);
    order.push(chunk.file);
  };
  visit(key);
  return order.slice(0, -1);
}

/**
 * The page with its stylesheets and module preloads moved into the after-paint template, and its script (the app's
 * entry, `/${appEntry}`) replaced by the loader (`/${loader}`), which imports the entry after the first paint. The
 * chunks of `evaluateFirst` (files, in evaluation order) are marked for the loader to evaluate one per task.
 */
export function deferToAfterPaint(
  html: string,
  { appEntry, loader, evaluateFirst = [] }: { appEntry: string; loader: string; evaluateFirst?: readonly string[] },
): string {
  const entryScript = new RegExp(`<script\\b[^>]*\\bsrc="/${appEntry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`);
  if (!entryScript.test(html)) throw new Error(`The page has no <script> of the app's entry /${appEntry}`);
  const stylesheets = html.match(STYLESHEET_LINK) ?? [];
  const hrefOf = (tag: string) => /\bhref="\/([^"]+)"/.exec(tag)?.[1] ?? "";
  const preloads = (html.match(MODULE_PRELOAD) ?? []).filter((tag) => hrefOf(tag) !== appEntry);
  const missing = evaluateFirst.filter((file) => !preloads.some((tag) => hrefOf(tag) === file));
  if (missing.length > 0) throw new Error(`The page does not preload the entry's chunks ${missing.join(", ")}`);
  const rank = (tag: string) => {
    const at = evaluateFirst.indexOf(hrefOf(tag));
    return at < 0 ? evaluateFirst.length : at;
  };
  const ordered = [...preloads]
    .sort((a, b) => rank(a) - rank(b))
    .map((tag) => (rank(tag) < evaluateFirst.length ? tag.replace(/>$/, ` ${EVALUATE_FIRST_ATTRIBUTE}>`) : tag));
  const rest = html
    .replace(STYLESHEET_LINK, "")
    .replace(MODULE_PRELOAD, "")
    .replace(entryScript, `<script type="module" crossorigin fetchpriority="low" src="/${loader}">`)
    .replace(/\n\s*\n(\s*)/g, "\n$1");
  const template =
    `<template id="${AFTER_PAINT_TEMPLATE_ID}">` +
    `<link rel="modulepreload" crossorigin href="/${appEntry}" ${APP_ENTRY_ATTRIBUTE}>${ordered.join("")}${stylesheets.join("")}` +
    "</template>";
  const noscript = stylesheets.length > 0 ? `<noscript>${stylesheets.join("")}</noscript>` : "";
  return rest.replace("</body>", `${template}${noscript}\n  </body>`);
}

export interface FirstPaintResources {
  /** Bytes of CSS in the page's `<style>` elements. */
  inlineStyleBytes: number;
  /** Stylesheets (path under dist, size) the browser loads before painting. */
  stylesheets: { file: string; bytes: number }[];
  /** Module scripts and module preloads (path under dist, size) the browser loads before painting. */
  scripts: { file: string; bytes: number }[];
  /** Scripts written inline, which the CSP blocks (React writes some to reveal a boundary streamed out of place). */
  inlineScripts: number;
  /** React's Suspense boundaries in the HTML: complete ones, and ones left for a script or the client to fill. */
  boundaries: { complete: number; incomplete: number };
}

function sized(tags: readonly string[], dist: string): { file: string; bytes: number }[] {
  return tags.map((tag) => {
    const file = /\b(?:href|src)="\/([^"]+)"/.exec(tag)?.[1];
    if (!file) throw new Error(`A resource outside this site cannot be measured: ${tag}`);
    return { file, bytes: readFileSync(join(dist, file)).length };
  });
}

/** What a page loads before its first paint: its inline CSS, and the stylesheets and scripts outside the template. */
export function firstPaintResources(html: string, dist: string): FirstPaintResources {
  const live = html.replace(INERT, "");
  return {
    inlineStyleBytes: [...live.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce(
      (sum, [, css = ""]) => sum + Buffer.byteLength(css),
      0,
    ),
    stylesheets: sized(live.match(STYLESHEET_LINK) ?? [], dist),
    scripts: sized([...(live.match(MODULE_SCRIPT) ?? []), ...(live.match(MODULE_PRELOAD) ?? [])], dist),
    inlineScripts: (live.match(INLINE_SCRIPT) ?? []).length,
    boundaries: {
      complete: (html.match(/<!--\$-->/g) ?? []).length,
      incomplete: (html.match(/<!--\$[?!]-->/g) ?? []).length,
    },
  };
}

/** What is wrong with what a page loads before its first paint, or null. */
export function firstPaintProblem(resources: FirstPaintResources): string | null {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const list = (files: { file: string; bytes: number }[]) =>
    files.map(({ file, bytes }) => `${file} (${kib(bytes)})`).join(", ");
  const problems: string[] = [];
  if (resources.stylesheets.length > 0) problems.push(`render-blocking stylesheet(s) ${list(resources.stylesheets)}`);
  const scriptBytes = resources.scripts.reduce((sum, { bytes }) => sum + bytes, 0);
  if (scriptBytes > EARLY_SCRIPT_BUDGET_BYTES) {
    problems.push(
      `${kib(scriptBytes)} of scripts (budget ${kib(EARLY_SCRIPT_BUDGET_BYTES)}): ${list(resources.scripts)}`,
    );
  }
  if (resources.inlineScripts > 0) problems.push(`${resources.inlineScripts} inline script(s), which the CSP blocks`);
  if (resources.boundaries.incomplete > 0) {
    problems.push(`${resources.boundaries.incomplete} Suspense boundary(ies) not rendered in place`);
  }
  if (resources.boundaries.complete < MIN_HYDRATION_UNITS) {
    problems.push(
      `${resources.boundaries.complete} Suspense boundaries (at least ${MIN_HYDRATION_UNITS}: header, page, footer hydrate apart)`,
    );
  }
  if (resources.inlineStyleBytes > INLINE_STYLE_BUDGET_BYTES) {
    problems.push(`${kib(resources.inlineStyleBytes)} of inline CSS (budget ${kib(INLINE_STYLE_BUDGET_BYTES)})`);
  }
  return problems.length > 0 ? problems.join("; ") : null;
}
