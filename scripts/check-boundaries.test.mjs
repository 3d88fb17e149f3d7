import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { findBoundaryProblems } from "./check-boundaries.mjs";

const roots = [];
function repo(files) {
  const root = mkdtempSync(join(tmpdir(), "handfont-boundaries-"));
  roots.push(root);
  const base = {
    "packages/contract/package.json": { name: "@handfont/contract" },
    "packages/engine/package.json": { name: "@handfont/engine" },
    "packages/editor/package.json": { name: "@handfont/editor", dependencies: { "@handfont/engine": "*" } },
    "apps/server/package.json": { name: "@handfont/server", dependencies: { "@handfont/contract": "*" } },
    "apps/web/package.json": { name: "@handfont/web" },
    "e2e/package.json": { name: "@handfont/e2e" },
  };
  for (const [path, content] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === "string" ? content : JSON.stringify(content));
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("boundary check", () => {
  it("passes the real repository", () => {
    expect(findBoundaryProblems(resolve(dirname(fileURLToPath(import.meta.url)), ".."))).toEqual([]);
  });

  it("skips what git ignores, as a clean clone has none of it, and checks it outside git", () => {
    const files = { "packages/engine/scratch/probe.ts": 'import { readFileSync } from "node:fs";' };
    const outside = repo(files);
    expect(findBoundaryProblems(outside).join("\n")).toContain("packages/engine/scratch/probe.ts");

    const inside = repo({ ...files, ".gitignore": "scratch/\n" });
    execFileSync("git", ["init", "--quiet"], { cwd: inside });
    expect(findBoundaryProblems(inside)).toEqual([]);
  });

  it("passes allowed imports", () => {
    const root = repo({
      "apps/server/src/a.ts": 'import { LANGUAGES } from "@handfont/contract";\nimport { x } from "./b.ts";',
      "packages/engine/src/cli/main.ts": 'import { readFileSync } from "node:fs";',
      // Module paths that end in document.ts name the glyph document, not the DOM's.
      "packages/engine/src/fonts.ts":
        'export { a } from "./glyph/document.ts";\nexport { b } from "./glyph/migrate-document.ts";',
    });
    expect(findBoundaryProblems(root)).toEqual([]);
  });

  it("fails when the server imports the web app", () => {
    const root = repo({ "apps/server/src/a.ts": 'import { App } from "@handfont/web";' });
    expect(findBoundaryProblems(root).join("\n")).toContain("may only use @handfont/contract, @handfont/engine");
  });

  it("fails when the engine depends on the contract or on Node I/O in its core", () => {
    const root = repo({
      "packages/engine/src/a.ts": 'import { z } from "@handfont/contract";\nimport { readFileSync } from "node:fs";',
      "packages/engine/src/b.ts": 'export const get = () => fetch("https://x");',
      "packages/engine/src/c.ts": "export const body = () => document.body;",
    });
    const text = findBoundaryProblems(root).join("\n");
    expect(text).toContain("nothing of ours");
    expect(text).toContain("the engine runs in a worker, a browser and a CLI");
    expect(text).toContain("no network in the engine");
    expect(text).toContain("packages/engine/src/c.ts: no DOM in the engine");
  });

  it("keeps React, the DOM, the network and timers out of the editor package, but not out of its tests", () => {
    const root = repo({
      "packages/editor/src/a.ts": 'import { useState } from "react";\nimport { x } from "@handfont/engine/fonts";',
      "packages/editor/src/b.ts": "export const size = () => window.innerWidth;",
      "packages/editor/src/c.ts": "export const later = (f) => setTimeout(f, 10);",
      "packages/editor/src/d.ts": 'import { App } from "@handfont/web";',
      "packages/editor/src/e.test.ts": "const started = setTimeout(() => {}, 1);",
      "packages/editor/src/f.ts": "export const size = (glyph) => glyph.document.strokes.length;",
    });
    const problems = findBoundaryProblems(root);
    expect(
      problems.filter((line) => line.includes("React and the DOM stay in apps/web")).map((l) => l.split(":")[0]),
    ).toEqual(["packages/editor/src/a.ts", "packages/editor/src/b.ts", "packages/editor/src/c.ts"]);
    expect(problems.join("\n")).toContain("packages/editor/src/d.ts: imports @handfont/web");
    expect(problems).toHaveLength(4);
  });

  it("lets the web app use the editor package but not the engine use it", () => {
    const root = repo({
      "apps/web/src/a.ts": 'import { GlyphEditor } from "@handfont/editor";',
      "packages/engine/src/b.ts": 'import { GlyphEditor } from "@handfont/editor";',
    });
    expect(findBoundaryProblems(root)).toEqual([
      "packages/engine/src/b.ts: imports @handfont/editor, but @handfont/engine may only use nothing of ours",
    ]);
  });

  it("fails when a server service or port imports the HTTP layer or Fastify", () => {
    const root = repo({
      "apps/server/src/services/a.ts": 'import { statusOf } from "../http/error-status.ts";',
      "apps/server/src/ports/b.ts": 'import type { FastifyInstance } from "fastify";',
      "apps/server/src/routes/c.ts":
        'import { statusOf } from "../http/error-status.ts";\nimport fastify from "fastify";',
    });
    const problems = findBoundaryProblems(root);
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toContain("services speak the domain, not HTTP");
  });

  it("fails on a relative import that leaves its workspace and on a forbidden package.json dependency", () => {
    const root = repo({
      "apps/web/src/a.ts": 'import { buildApp } from "../../server/src/app.ts";',
      "apps/web/package.json": { name: "@handfont/web", dependencies: { "@handfont/server": "*" } },
    });
    const text = findBoundaryProblems(root).join("\n");
    expect(text).toContain("leaves apps/web");
    expect(text).toContain("may not depend on @handfont/server");
  });
});
