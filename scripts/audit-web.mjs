#!/usr/bin/env node
// Lighthouse audit of the built web app (issue 12's quality bars), on Lighthouse's mobile profile in Debian's
// Chromium: the home page and a blog post. Also sums the JavaScript the home page downloads. Run `npm run build`
// first (`npm run audit:web` does). Prints a table and writes the reports to bench-results/lighthouse/.
// Usage: node scripts/audit-web.mjs [--runs N] [path …]   (default paths: /en and the newest English post)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { getLogNormalScore } from "lighthouse/shared/statistics.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const port = await new Promise((done, fail) => {
  const probe = createServer();
  probe.once("error", fail);
  probe.listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => done(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "handfont-audit-"));

// The production server on a throw-away embedded database, as a visitor would meet it.
const server = spawn(join(root, "node_modules/.bin/node"), ["apps/server/src/main.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PUBLIC_URL: origin,
    CONTACT_EMAIL: "privacy@handfont.test",
    // Production needs a mail server; the audit sends no mail, so nothing listens there.
    SMTP_URL: "smtp://127.0.0.1:9",
  },
});
const stop = () => {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForServer() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error("the server did not start");
}

/** The newest English post, from the feed the build wrote. */
async function newestPost() {
  const feed = await (await fetch(`${origin}/en/blog/rss.xml`)).text();
  const link = /<item>[\s\S]*?<link>([^<]+)<\/link>/.exec(feed)?.[1];
  return link ? new URL(link).pathname : null;
}

/** Gzip size (zlib's default level, as Vite reports it) of every script a page loaded. */
async function gzippedScripts(lhr) {
  const urls = (lhr.audits["network-requests"]?.details?.items ?? [])
    .filter((item) => item.resourceType === "Script" && item.url.startsWith(origin))
    .map((item) => item.url);
  let total = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    total += gzipSync(body).length;
  }
  return { count: new Set(urls).size, bytes: total };
}

/**
 * The performance score with the total blocking time taken from CPU time (see cpuBlocking) instead of wall time:
 * Lighthouse's own weights and scoring curve, only that one metric swapped. The other metrics keep their wall-time
 * values, so on a loaded machine this is still a lower bound of the page's score.
 */
function performanceWithCpuBlocking(lhr, blocking) {
  const options = lhr.audits["total-blocking-time"]?.scoringOptions;
  // A run whose trace Lighthouse could not read (no paint seen) has no figure to swap.
  if (blocking === null || !options) return Number.NaN;
  const refs = lhr.categories.performance.auditRefs.filter((ref) => ref.weight > 0);
  const scoreOf = (id) => {
    const audit = lhr.audits[id];
    return id === "total-blocking-time" ? getLogNormalScore(options, blocking) : (audit?.score ?? 0);
  };
  const weighted = refs.reduce((sum, ref) => sum + ref.weight * scoreOf(ref.id), 0);
  return Math.round((weighted / refs.reduce((sum, ref) => sum + ref.weight, 0)) * 100);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Total blocking time recomputed from the trace's thread CPU time (tdur) instead of wall time (dur), with Lighthouse's
 * 4x CPU slowdown: the main-thread tasks after the first contentful paint, each counted past 50 ms. On a busy
 * machine the OS deschedules Chromium mid-task, which inflates wall time (and so Lighthouse's TBT, and its LCP
 * through it) but not CPU time: this figure says what the page itself costs. Also the longest such task.
 */
function cpuBlocking(trace) {
  const events = trace?.traceEvents ?? [];
  const mainThreads = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) return { blocking: null, longest: null };
  const tasks = events.filter(
    (e) => e.name === "RunTask" && e.ph === "X" && e.pid === fcp.pid && mainThreads.has(`${e.pid}:${e.tid}`),
  );
  const slowed = tasks.filter((e) => e.ts >= fcp.ts).map((e) => ((e.tdur ?? e.dur) / 1000) * 4);
  return {
    blocking: slowed.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
    longest: Math.max(0, ...slowed),
  };
}

try {
  await waitForServer();
  const paths = args.length > 0 ? args : ["/en", (await newestPost()) ?? "/en/blog"];
  const out = join(root, "bench-results", "lighthouse");
  mkdirSync(out, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  const rows = [];
  try {
    for (const path of paths) {
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        // Default config = Lighthouse's mobile profile (Moto G-class device, simulated slow 4G).
        const load = loadavg()[0];
        const result = await lighthouse(`${origin}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
        results.push({ ...result.lhr, cpu: cpuBlocking(result.artifacts.Trace) });
        const lhr = result.lhr;
        const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
        // Each run on its own line: the simulated metrics still swing with the machine (see README, "Lighthouse").
        console.log(
          `${path} run ${run + 1}: load ${load.toFixed(1)}, performance ${Math.round((lhr.categories.performance.score ?? 0) * 100)}, ` +
            `FCP ${ms("first-contentful-paint")} ms, LCP ${ms("largest-contentful-paint")} ms, TBT ${ms("total-blocking-time")} ms ` +
            `(CPU time ${Math.round(results.at(-1).cpu.blocking ?? Number.NaN)} ms), CLS ${(lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)}`,
        );
      }
      const lhr = results.at(-1);
      const name = path.replace(/\W+/g, "_").replace(/^_|_$/g, "") || "root";
      const { cpu: _, ...report } = lhr;
      writeFileSync(join(out, `${name}.json`), JSON.stringify(report));
      const score = (id) => median(results.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)));
      const metric = (id) => median(results.map((r) => r.audits[id]?.numericValue ?? 0));
      const scripts = (r) =>
        (r.audits["network-requests"]?.details?.items ?? [])
          .filter((item) => item.resourceType === "Script")
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id);
      const gzipped = await gzippedScripts(lhr);
      rows.push({
        path,
        performance: score("performance"),
        "performance, CPU-time TBT": median(results.map((r) => performanceWithCpuBlocking(r, r.cpu.blocking))),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        "FCP ms": Math.round(metric("first-contentful-paint")),
        "LCP ms": Math.round(metric("largest-contentful-paint")),
        "TBT ms": Math.round(metric("total-blocking-time")),
        "TBT ms (CPU time)": Math.round(median(results.map((r) => r.cpu.blocking ?? Number.NaN))),
        "longest task ms (CPU time)": Math.round(median(results.map((r) => r.cpu.longest ?? Number.NaN))),
        CLS: Number(metric("cumulative-layout-shift").toFixed(3)),
        "JS KB (transferred)": Number((median(results.map(scripts)) / 1024).toFixed(1)),
        "JS KB gzip": Number((gzipped.bytes / 1024).toFixed(1)),
        "JS files": gzipped.count,
        "failed audits": failing.join(", ") || "none",
      });
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    `Lighthouse ${runs} run(s) per page, median, mobile profile, ${chromePath}; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  console.table(rows);
} finally {
  stop();
}
