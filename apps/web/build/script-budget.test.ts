// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { HOME_SCRIPT_BUDGET_BYTES, pageScriptBytes, scriptsOfHtml, withStaticImports } from "./script-budget.ts";

const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/Home-b.js">
<link rel="stylesheet" href="/assets/Home-b.css">
<link rel="preload" as="image" href="/assets/hero.js.png">
<script type="application/ld+json">{}</script>
</head><body></body></html>`;

const manifest = {
  "index.html": { file: "assets/index-a.js", imports: ["_react.js"] },
  "_react.js": { file: "assets/react-c.js" },
  "src/Home.tsx": { file: "assets/Home-b.js", imports: ["_react.js"] },
  "src/Lazy.tsx": { file: "assets/Lazy-d.js" },
};

describe("the page script budget", () => {
  it("counts the module scripts and module preloads of a page, not styles, images or data scripts", () => {
    expect(scriptsOfHtml(html)).toEqual(["assets/index-a.js", "assets/Home-b.js"]);
  });

  it("adds the chunks those import statically, once each, and not the lazy ones", () => {
    expect(withStaticImports(scriptsOfHtml(html), manifest).sort()).toEqual([
      "assets/Home-b.js",
      "assets/index-a.js",
      "assets/react-c.js",
    ]);
  });

  it("sums their gzipped sizes", () => {
    const dist = mkdtempSync(join(tmpdir(), "budget-"));
    const bodies = {
      "index-a.js": "import './react-c.js';".repeat(40),
      "Home-b.js": "export const home = 1;",
      "react-c.js": "x".repeat(5000),
      "Lazy-d.js": "y".repeat(9000),
    };
    mkdirSync(join(dist, "assets"));
    for (const [name, body] of Object.entries(bodies)) writeFileSync(join(dist, "assets", name), body);
    const expected = ["index-a.js", "Home-b.js", "react-c.js"].reduce(
      (sum, name) => sum + gzipSync(bodies[name as keyof typeof bodies]).length,
      0,
    );
    expect(pageScriptBytes(html, dist, manifest)).toBe(expected);
  });

  it("stays under the 150 KB bar of issue 12 in either reading of KB", () => {
    expect(HOME_SCRIPT_BUDGET_BYTES).toBeLessThan(150_000);
  });
});
