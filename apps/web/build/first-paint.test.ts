// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  deferToAfterPaint,
  EARLY_SCRIPT_BUDGET_BYTES,
  evaluationOrder,
  firstPaintProblem,
  firstPaintResources,
  INLINE_STYLE_BUDGET_BYTES,
  MIN_HYDRATION_UNITS,
} from "./first-paint.ts";

// The page's frame as React prerenders it: header, page and footer each a Suspense boundary (src/app/SiteShell.tsx).
const shell =
  '<!--$--><header></header><!--/$--><!--$--><main><p class="a">Hi</p></main><!--/$--><!--$--><footer></footer><!--/$-->';

// A page as Vite's index.html, the prerender and Beasties leave it: inline CSS, the entry with its preloads, the
// page's chunks, and the stylesheets moved to the end of <body>.
const page = `<!doctype html><html><head>
    <style>.a{color:red}</style>
    <link rel="modulepreload" crossorigin href="/assets/Home-b.js">
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r.js">
    <script type="application/ld+json">{}</script>
    <link rel="icon" href="/favicon.svg">
  </head><body><div id="root">${shell}</div>
<link rel="stylesheet" crossorigin href="/assets/Home-b.css">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </body></html>`;

const dist = mkdtempSync(join(tmpdir(), "first-paint-"));
mkdirSync(join(dist, "assets"));
const files = {
  "Home-b.css": ".b{}".repeat(10),
  "index-c.css": ".c{}".repeat(1000),
  "index-a.js": "import './react-r.js';",
  "Home-b.js": "export const home = 1;",
  "react-r.js": "r".repeat(9000),
  "after-paint-l.js": "l".repeat(500),
};
for (const [name, body] of Object.entries(files)) writeFileSync(join(dist, "assets", name), body);
const deferred = deferToAfterPaint(page, { appEntry: "assets/index-a.js", loader: "assets/after-paint-l.js" });

describe("what a prerendered page loads before its first paint", () => {
  it("counts the stylesheets, the entry and the preloaded modules as loaded before the paint", () => {
    const early = firstPaintResources(page, dist);
    expect(early.inlineStyleBytes).toBe(".a{color:red}".length);
    expect(early.stylesheets).toEqual([
      { file: "assets/Home-b.css", bytes: 40 },
      { file: "assets/index-c.css", bytes: 4000 },
    ]);
    expect(early.scripts.map(({ file }) => file)).toEqual([
      "assets/index-a.js",
      "assets/Home-b.js",
      "assets/react-r.js",
    ]);
    expect(firstPaintProblem(early)).toMatch(/render-blocking stylesheet.*index-c\.css \(3\.9 KiB\).*of scripts/);
  });

  it("after the deferral, loads only the loader: the rest waits inert in the template, the entry marked", () => {
    expect(firstPaintResources(deferred, dist)).toEqual({
      inlineStyleBytes: ".a{color:red}".length,
      stylesheets: [],
      scripts: [{ file: "assets/after-paint-l.js", bytes: 500 }],
      inlineScripts: 0,
      boundaries: { complete: 3, incomplete: 0 },
    });
    expect(firstPaintProblem(firstPaintResources(deferred, dist))).toBeNull();
    const template = /<template id="after-paint">([\s\S]*?)<\/template>/.exec(deferred)?.[1];
    expect(template).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/index-a.js" data-app-entry>' +
        '<link rel="modulepreload" crossorigin href="/assets/Home-b.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/react-r.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/Home-b.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    );
    expect(deferred).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/after-paint-l.js">');
    expect(deferred).not.toContain('src="/assets/index-a.js"');
  });

  it("keeps the stylesheets for a browser without JavaScript, and the rest of the page as it was", () => {
    expect(deferred).toContain(
      '<noscript><link rel="stylesheet" crossorigin href="/assets/Home-b.css"><link rel="stylesheet" crossorigin href="/assets/index-c.css"></noscript>',
    );
    expect(deferred).toContain(`<div id="root">${shell}</div>`);
    expect(deferred).toContain('<script type="application/ld+json">{}</script>');
    expect(deferred).toContain('<link rel="icon" href="/favicon.svg">');
  });

  it("orders the entry's chunks as a browser evaluates them, dependencies first, and marks them for the loader", () => {
    const manifest = {
      "index.html": { file: "assets/index-a.js", imports: ["_react.js", "_i18n.js"] },
      "_i18n.js": { file: "assets/i18n-i.js", imports: ["_runtime.js"] },
      "_react.js": { file: "assets/react-r.js", imports: ["_runtime.js"] },
      "_runtime.js": { file: "assets/runtime-t.js" },
      "src/Home.tsx": { file: "assets/Home-b.js", imports: ["_react.js"] },
    };
    expect(evaluationOrder(manifest, "index.html")).toEqual([
      "assets/runtime-t.js",
      "assets/react-r.js",
      "assets/i18n-i.js",
    ]);
    const marked = deferToAfterPaint(page, {
      appEntry: "assets/index-a.js",
      loader: "assets/after-paint-l.js",
      evaluateFirst: ["assets/react-r.js"],
    });
    expect(/<template id="after-paint">([\s\S]*?)<\/template>/.exec(marked)?.[1]).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/index-a.js" data-app-entry>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-r.js" data-evaluate-first>' +
        '<link rel="modulepreload" crossorigin href="/assets/Home-b.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/Home-b.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    );
    expect(() =>
      deferToAfterPaint(page, { appEntry: "assets/index-a.js", loader: "l.js", evaluateFirst: ["assets/zod.js"] }),
    ).toThrow(/does not preload the entry's chunks assets\/zod\.js/);
  });

  it("refuses a page that does not load the app's entry", () => {
    expect(() => deferToAfterPaint(page, { appEntry: "assets/index-z.js", loader: "assets/after-paint-l.js" })).toThrow(
      /no <script> of the app's entry/,
    );
  });

  it("fails a page whose inline CSS passes its budget, as Mantine's whole stylesheet inlined would", () => {
    const withCss = (bytes: number) => `<style>${"x".repeat(bytes)}</style>${shell}</body>`;
    expect(firstPaintProblem(firstPaintResources(withCss(INLINE_STYLE_BUDGET_BYTES + 1), dist))).toMatch(
      /inline CSS \(budget 48\.0 KiB\)/,
    );
    expect(firstPaintProblem(firstPaintResources(withCss(INLINE_STYLE_BUDGET_BYTES), dist))).toBeNull();
  });

  it("fails a page whose header, page and footer would hydrate as one unit", () => {
    expect(MIN_HYDRATION_UNITS).toBe(3);
    const twoBoundaries = shell.replace("<!--$--><footer></footer><!--/$-->", "<footer></footer>");
    expect(firstPaintProblem(firstPaintResources(twoBoundaries, dist))).toMatch(/2 Suspense boundaries \(at least 3/);
  });

  it("fails a page with a boundary left for an inline script to reveal, which the CSP would block", () => {
    // What React's prerender writes for a boundary past its progressive chunk size: a placeholder, the content at
    // the end, and a script that moves it into place.
    const outlined = shell.replace(
      '<!--$--><main><p class="a">Hi</p></main><!--/$-->',
      '<!--$?--><template id="B:0"></template><!--/$--><div hidden id="S:0"><main></main></div><script>$RC("B:0","S:0")</script>',
    );
    const problem = firstPaintProblem(firstPaintResources(outlined, dist));
    expect(problem).toMatch(/1 inline script\(s\), which the CSP blocks/);
    expect(problem).toMatch(/1 Suspense boundary\(ies\) not rendered in place/);
  });

  it("fails a page that loads more script than the loader before its paint", () => {
    const early = firstPaintResources('<script type="module" src="/assets/react-r.js"></script>', dist);
    expect(early.scripts).toEqual([{ file: "assets/react-r.js", bytes: 9000 }]);
    expect(EARLY_SCRIPT_BUDGET_BYTES).toBeLessThan(9000);
    expect(firstPaintProblem(early)).toMatch(/8\.8 KiB of scripts \(budget 4\.0 KiB\)/);
  });
});
