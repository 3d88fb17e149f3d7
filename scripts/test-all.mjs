#!/usr/bin/env node
// Runs every test tier (checks, unit + integration, end to end) and ends with the one summary line CI reads:
// "N passed, N failed". Vitest is not among the runners CI recognises, so the counts are summed here.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const reports = join(root, ".vitest-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = new Set(process.argv.slice(2)); // e.g. `npm test -- checks unit`
const wants = (tier) => only.size === 0 || only.has(tier);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// CI shows only the tail of the log, so failing tests are named again just above the summary line.
const failedTests = [];

function firstLine(message) {
  return (
    (message ?? "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim()
      .slice(0, 300) ?? ""
  );
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`  ${label} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${result.status})`);
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

if (wants("checks")) {
  check("boundaries", "node", ["scripts/check-boundaries.mjs"]);
  check("lint and format", "npx", ["biome", "check", "."]);
  check("typecheck", "npm", ["run", "typecheck", "--silent"]);
}

if (wants("unit")) {
  const file = join(reports, "vitest.json");
  const ok = run("unit and integration (vitest)", "npx", [
    "vitest",
    "run",
    // Vitest's default keeps one core idle (cores − 1, resolved per project, so a root config cannot lift it): on
    // CI's 2-core machine that ran one file at a time. Every core gets a file (unit tier 550 s → 380 s there).
    "--maxWorkers=100%",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
  ]);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, "utf8"));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if ((report.numFailedTests ?? 0) > 0) failures.push("vitest");
    for (const suite of report.testResults ?? []) {
      const where = suite.name.startsWith(root) ? suite.name.slice(root.length + 1) : suite.name;
      if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0)
        failedTests.push(`${where}: ${firstLine(suite.message)}`);
      for (const test of suite.assertionResults ?? []) {
        if (test.status === "failed")
          failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
    if (!ok && (report.numFailedTests ?? 0) === 0) {
      totals.failed += 1; // a suite that failed to load counts as a failure even with no failed test
      failures.push("vitest (suite error)");
    }
  } else {
    totals.failed += 1;
    failures.push("vitest (no report)");
  }
}

if (wants("e2e")) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    console.log(`\n▶ e2e: SKIPPED — no Chromium at ${chromium} (install Debian's chromium; .ci/run does).`);
  } else if (!run("build", "npm", ["run", "build", "--silent"])) {
    totals.failed += 1;
    failures.push("build");
  } else {
    const file = join(reports, "playwright.json");
    run("end to end (Chromium)", "npx", ["playwright", "test", "--config", "e2e/playwright.config.ts"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    if (existsSync(file)) {
      const { stats } = JSON.parse(readFileSync(file, "utf8"));
      totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
      totals.failed += stats?.unexpected ?? 0;
      totals.skipped += stats?.skipped ?? 0;
      if ((stats?.unexpected ?? 0) > 0) failures.push("e2e");
      if ((stats?.flaky ?? 0) > 0)
        console.log(`  ${stats.flaky} end-to-end test(s) passed only on their retry (flaky)`);
    } else {
      totals.failed += 1;
      failures.push("e2e (no report)");
    }
  }
}

if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ✗ ${line}`).join("\n")}`);
if (failures.length > 0) console.log(`\nFailed tiers: ${failures.join(", ")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
