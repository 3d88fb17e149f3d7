#!/usr/bin/env node
// Type-checks every workspace with TypeScript 7's native tsc; a workspace with no sources yet is skipped.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const workspaces = ["packages/contract", "packages/engine", "packages/editor", "apps/server", "apps/web", "e2e"];
let failed = 0;
for (const workspace of workspaces) {
  const dir = join(root, workspace);
  const sources = existsSync(join(dir, "src")) ? join(dir, "src") : dir;
  const hasSources = readdirSync(sources, { recursive: true }).some(
    (file) => /\.(ts|tsx)$/.test(String(file)) && !/node_modules|config\.ts$/.test(String(file)),
  );
  if (!existsSync(join(dir, "tsconfig.json")) || !hasSources) continue;
  const result = spawnSync("tsc", ["-p", workspace, "--noEmit"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`typecheck failed in ${workspace}`);
    failed += 1;
  }
}
process.exit(failed > 0 ? 1 : 0);
