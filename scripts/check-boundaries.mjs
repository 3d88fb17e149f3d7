#!/usr/bin/env node
// Enforces the dependency direction of shared/DESIGN.md §2: engine and contract depend on nothing of ours,
// server and web depend on them and never on each other. Prose alone is not a boundary (CONVENTIONS.md).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const workspaces = {
  "packages/contract": { name: "@handfont/contract", may: [] },
  "packages/engine": { name: "@handfont/engine", may: [] },
  "packages/editor": { name: "@handfont/editor", may: ["@handfont/contract", "@handfont/engine"] },
  "apps/server": { name: "@handfont/server", may: ["@handfont/contract", "@handfont/engine"] },
  "apps/web": { name: "@handfont/web", may: ["@handfont/contract", "@handfont/editor", "@handfont/engine"] },
  e2e: { name: "@handfont/e2e", may: ["@handfont/contract", "@handfont/engine"] },
};

const engineReason = "the engine runs in a worker, a browser and a CLI (DESIGN.md §2)";
// Modules the engine core may not import; its CLI entry, benchmarks and tests may use Node I/O.
const engineBanned = [
  { pattern: /^(react|react-dom)(\/|$)/, why: engineReason },
  { pattern: /^(fastify|@fastify\/)/, why: engineReason },
  { pattern: /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/, why: engineReason },
  { pattern: /^(node:)?(fs|fs\/promises|net|http|https|child_process|dgram|tls|worker_threads)$/, why: engineReason },
  {
    pattern: /^sharp$/,
    why: "image decoding stays outside the engine core: sharp on the server, a canvas in a browser",
  },
];
const engineBannedGlobals = [
  { pattern: /(^|[^.\w])fetch\s*\(/, why: `no network in the engine: ${engineReason}` },
  { pattern: /(^|[^./\w-])(window|document)\s*\./, why: `no DOM in the engine: ${engineReason}` },
];
const engineNodeAllowed = (file) =>
  /(^|\/)(cli|bench|test-support)\//.test(file) || /\.(test|bench)\.ts$/.test(file) || /\/node\//.test(file);

const editorReason =
  "the editor's logic is plain TypeScript fed with pointer events, testable without a browser; React and the DOM stay in apps/web";
// The editor package: no UI framework, no DOM, no network, no timers of its own, no Node I/O.
const editorBanned = [
  { pattern: /^(react|react-dom|@mantine\/|react-router)(\/|$)/, why: editorReason },
  { pattern: /^(node:)?(fs|fs\/promises|net|http|https|child_process|worker_threads)$/, why: editorReason },
];
const editorBannedGlobals = [
  { pattern: /(^|[^.\w])(fetch|setTimeout|setInterval|requestAnimationFrame)\s*\(/, why: editorReason },
  { pattern: /(^|[^./\w])(window|document|navigator|indexedDB|localStorage)\s*\./, why: editorReason },
];
const editorRuleApplies = (file) => !/\.(test|bench)\.ts$/.test(file) && !/(^|\/)bench\//.test(file);

const serviceReason = "services speak the domain, not HTTP: throw a DomainError and let http/ pick the status";
// Server layers: services (and the ports they use) know nothing of HTTP or Fastify.
const serverLayerBanned = (inside) => /^src\/(services|ports)\//.test(inside);

function* sourceFiles(dir, ignored) {
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "dist" || entry.startsWith(".")) continue;
    const path = join(dir, entry);
    const isDirectory = statSync(path).isDirectory();
    if (ignored.has(isDirectory ? path + sep : path)) continue;
    if (isDirectory) yield* sourceFiles(path, ignored);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry)) yield path;
  }
}

/**
 * The absolute paths git ignores under `root` (a directory ends in the separator). A clean clone has none of them,
 * so a local scratch script or a build output must not fail the check where CI would pass. Outside a git work tree
 * every file counts.
 */
function gitIgnored(root) {
  const listed = spawnSync("git", ["ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) return new Set();
  // git names paths relative to `cwd`, directories with a trailing "/", which join keeps.
  return new Set(
    listed.stdout
      .split("\0")
      .filter(Boolean)
      .map((path) => join(root, path)),
  );
}

const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

/** Every crossing of the dependency rules in the repository at `root`, as readable lines. */
export function findBoundaryProblems(root) {
  const problems = [];
  const ignored = gitIgnored(root);
  for (const [dir, rule] of Object.entries(workspaces)) {
    const abs = join(root, dir);
    if (!existsSync(join(abs, "package.json"))) continue;
    const pkg = JSON.parse(readFileSync(join(abs, "package.json"), "utf8"));
    for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
      for (const dep of Object.keys(pkg[field] ?? {})) {
        if (dep.startsWith("@handfont/") && !rule.may.includes(dep)) {
          problems.push(`${dir}/package.json: ${rule.name} may not depend on ${dep}`);
        }
      }
    }
    for (const file of sourceFiles(abs, ignored)) {
      const rel = relative(root, file).split(sep).join("/");
      const inside = relative(abs, file).split(sep).join("/");
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(importPattern)) {
        const spec = match[1] ?? match[2] ?? match[3];
        if (!spec) continue;
        if (spec.startsWith("@handfont/")) {
          const target = spec.split("/").slice(0, 2).join("/");
          if (target !== rule.name && !rule.may.includes(target)) {
            problems.push(
              `${rel}: imports ${spec}, but ${rule.name} may only use ${rule.may.join(", ") || "nothing of ours"}`,
            );
          }
        } else if (spec.startsWith(".")) {
          const target = resolve(dirname(file), spec);
          if (!target.startsWith(abs + sep)) {
            problems.push(`${rel}: relative import ${spec} leaves ${dir}; import the package by name instead`);
          } else if (
            dir === "apps/server" &&
            serverLayerBanned(inside) &&
            relative(abs, target).split(sep).join("/").startsWith("src/http/")
          ) {
            problems.push(`${rel}: imports ${spec}, but ${serviceReason}`);
          }
        } else if (dir === "apps/server" && serverLayerBanned(inside) && /^(fastify|@fastify\/)/.test(spec)) {
          problems.push(`${rel}: imports ${spec}, but ${serviceReason}`);
        } else if (dir === "packages/engine" && !engineNodeAllowed(inside)) {
          for (const banned of engineBanned) {
            if (banned.pattern.test(spec)) problems.push(`${rel}: imports ${spec}, but ${banned.why}`);
          }
        } else if (dir === "packages/editor" && editorRuleApplies(inside)) {
          for (const banned of editorBanned) {
            if (banned.pattern.test(spec)) problems.push(`${rel}: imports ${spec}, but ${banned.why}`);
          }
        }
      }
      const globals =
        dir === "packages/engine" && !engineNodeAllowed(inside)
          ? engineBannedGlobals
          : dir === "packages/editor" && editorRuleApplies(inside)
            ? editorBannedGlobals
            : [];
      if (globals.length > 0) {
        const code = text.replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
        for (const banned of globals) {
          if (banned.pattern.test(code)) problems.push(`${rel}: ${banned.why}`);
        }
      }
    }
  }

  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = findBoundaryProblems(resolve(dirname(fileURLToPath(import.meta.url)), ".."));
  if (problems.length > 0) {
    console.error(`Boundary check failed (${problems.length}):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Boundary check passed.");
}
