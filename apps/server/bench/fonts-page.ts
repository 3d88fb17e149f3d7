// The fonts page of a full account in a browser (issue 9): a premium account with 50 fonts × 1,000 scanned letters
// opens /en/app in Debian's Chromium, cold cache. Prints what the page transfers (API lists, scripts, the rest) and
// when it is interactive, and fails when a list answer carries a letter's outline or the page asks for every
// outline (GET /api/getFontsAndSvgs). Needs the built web app (npm run build -w @handfont/web).
// Run: npm run bench:fonts-page -w @handfont/server   (BENCH_RUNS, BENCH_CPU_SLOWDOWN, BENCH_DB=pglite)
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { chromium } from "playwright-core";
import { openDatabase } from "../src/db/database.ts";
import { registerConfirmedUser } from "../src/test-support/accounts.ts";
import { postgresAnswers, postgresTestDatabase } from "../src/test-support/postgres.ts";
import { createTestBrowser, type TestBrowser } from "../src/test-support/test-browser.ts";
import { createWorkspaceTestApp } from "../src/test-support/workspace-test-app.ts";
import { scannedLetter } from "./letters.ts";

const FONTS = 50;
const LETTERS_PER_FONT = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Chromium's CPU throttling, as Lighthouse's mobile profile does (4); 1 = this machine's own speed. */
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
/** Lighthouse's definition of interactive: the end of the last long task before 5 s without one or a request. */
const QUIET_MS = 5_000;
const TIMEOUT_MS = 120_000;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const webRoot = fileURLToPath(new URL("../../web/dist", import.meta.url));
if (!existsSync(`${webRoot}/prerendered/routes.json`)) throw new Error(`build the web app first: ${webRoot}`);

const usePostgres = process.env.BENCH_DB !== "pglite" && (await postgresAnswers("benchmark"));
const postgres = usePostgres ? postgresTestDatabase("handfont_bench_fonts_page") : null;
// A run that was interrupted leaves its database behind.
await postgres?.drop();
await postgres?.create();
const database = await openDatabase(postgres ? { driver: "postgres", url: postgres.url } : { driver: "pglite-memory" });
const t = await createWorkspaceTestApp({}, { database, webRoot });

const account = await registerConfirmedUser(t.app, "fontspage");

/**
 * A fresh session, as the web client's sign-in leaves one: its cookies and the user the app keeps in the browser.
 * One per page load: the page refreshes the session, which rotates the refresh token the next load would reuse.
 */
async function signIn(): Promise<{ browser: TestBrowser; user: unknown }> {
  const browser = createTestBrowser(t.app);
  const answer = await browser.post("/api/auth/signin", {
    username: account.username,
    password: account.password,
    recaptca: await browser.solveCaptcha(),
  });
  if (answer.statusCode !== 200) throw new Error(`sign-in: ${answer.statusCode} ${answer.body}`);
  browser.accessToken = answer.json().accessToken;
  return { browser, user: answer.json().user };
}

const { browser: api } = await signIn();
await t.setPremium(account.id, true);
const fontIds: string[] = [];
for (let f = 0; f < FONTS; f++) {
  const created = await api.post("/api/createFont", { name: `Hand ${f}` });
  if (created.statusCode !== 200) throw new Error(`createFont: ${created.statusCode} ${created.body}`);
  const fontId = created.json().id as string;
  fontIds.push(fontId);
  // The letters as the scan reader stores them (a document of ~300 points each), written directly: seeding
  // 50,000 letters through the API would take minutes and measure the saves, not the page.
  await t.database.db.execute(sql`
    insert into glyphs (owner_id, font_id, chars, variant, document, path, source)
    select ${account.id}::uuid, ${fontId}::uuid, chr(19968 + (i / 5)), (i % 5) + 1, ${JSON.stringify(scannedLetter())}::jsonb,
      'M0 0L300 0L300 500L0 500Z', 'scan'
    from generate_series(0, ${LETTERS_PER_FONT - 1}) as i`);
}
/** Pieces of the seeded letters (the cached path, the document's points): a list answer containing one carries outlines. */
const outlineMarks = ["M0 0L300 0L300 500L0 500Z", JSON.stringify(scannedLetter().contours[0]?.points.slice(0, 3))];

// The marks must be found where outlines are meant to be: in one font's letters, fetched when it is opened.
const opened = await api.get(`/api/fonts/${fontIds[0]}/letters`);
if (!outlineMarks.some((mark) => opened.body.includes(mark))) {
  throw new Error(
    "the outline marks are not found in a font's letters: the check for outlines in lists would miss them",
  );
}

const origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});

/** What the functions run in the page use (this package's types have no DOM). */
interface PageGlobals {
  document: { querySelectorAll(selector: string): { length: number } };
  /** Ends of the main thread's long tasks, recorded by the init script. */
  __longTasks: number[];
}

interface Run {
  apiBytes: number;
  scriptBytes: number;
  otherBytes: number;
  requests: number;
  fontsVisibleMs: number;
  interactiveMs: number;
  longTasks: number;
  outlines: string[];
}

async function measure(): Promise<Run> {
  const session = await signIn();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const host = new URL(origin).hostname;
  await context.addCookies([
    { name: "refreshToken", value: session.browser.cookie("refreshToken") ?? "", domain: host, path: "/api/auth" },
    { name: "XSRF-TOKEN", value: session.browser.cookie("XSRF-TOKEN") ?? "", domain: host, path: "/" },
  ]);
  // Runs in the page before its scripts: the signed-in user the app keeps, and a record
  // of the main thread's long tasks from the start.
  await context.addInitScript({
    content: `localStorage.setItem("handfont.user", ${JSON.stringify(JSON.stringify(session.user))});
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.startTime + entry.duration);
      }).observe({ type: "longtask", buffered: true });`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (CPU_SLOWDOWN > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const kinds = new Map<string, "api" | "script" | "other">();
  const inFlight = new Set<string>();
  let lastNetworkActivity = 0;
  const bytes = { api: 0, script: 0, other: 0 };
  let requests = 0;
  cdp.on("Network.requestWillBeSent", (event) => {
    const url = new URL(event.request.url);
    kinds.set(event.requestId, url.pathname.startsWith("/api/") ? "api" : event.type === "Script" ? "script" : "other");
    inFlight.add(event.requestId);
    requests += 1;
  });
  const finished = (event: { requestId: string; encodedDataLength?: number; timestamp: number }) => {
    inFlight.delete(event.requestId);
    bytes[kinds.get(event.requestId) ?? "other"] += event.encodedDataLength ?? 0;
    lastNetworkActivity = Date.now();
  };
  cdp.on("Network.loadingFinished", finished);
  cdp.on("Network.loadingFailed", finished);
  const outlines: string[] = [];
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/")) return;
    if (url.pathname === "/api/getFontsAndSvgs") outlines.push(`${url.pathname} (every outline) was requested`);
    const body = await response.text().catch(() => "");
    if (outlineMarks.some((mark) => body.includes(mark))) outlines.push(`${url.pathname} carries outlines`);
  });

  await page.goto(`${origin}/en/app`, { waitUntil: "commit" });
  const fontsVisibleMs = Number(
    await (
      await page.waitForFunction(
        (count) => {
          const { document } = globalThis as unknown as PageGlobals;
          return document.querySelectorAll('[data-testid="font-card"]').length >= count && performance.now();
        },
        FONTS,
        { timeout: TIMEOUT_MS, polling: "raf" },
      )
    ).jsonValue(),
  );
  // Wait for the first quiet window: no long task and no request for QUIET_MS.
  const deadline = Date.now() + TIMEOUT_MS;
  let lastTaskEnd = 0;
  for (;;) {
    const state = (await page.evaluate(
      "({ now: performance.now(), lastEnd: Math.max(0, ...window.__longTasks) })",
    )) as {
      now: number;
      lastEnd: number;
    };
    lastTaskEnd = state.lastEnd;
    const sinceTask = state.now - state.lastEnd;
    const sinceNetwork = Date.now() - lastNetworkActivity;
    if (inFlight.size === 0 && sinceTask >= QUIET_MS && sinceNetwork >= QUIET_MS) break;
    if (Date.now() > deadline) throw new Error("the fonts page never went quiet");
    await new Promise((done) => setTimeout(done, 250));
  }
  const longTasks = await page.evaluate(() => (globalThis as unknown as PageGlobals).__longTasks.length);
  await context.close();
  return {
    apiBytes: bytes.api,
    scriptBytes: bytes.script,
    otherBytes: bytes.other,
    requests,
    fontsVisibleMs,
    interactiveMs: Math.max(fontsVisibleMs, lastTaskEnd),
    longTasks,
    outlines,
  };
}

const runs: Run[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) runs.push(await measure());
} finally {
  await browser.close();
  await t.close();
  await database.close();
  await postgres?.drop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const kb = (value: number) => `${(value / 1024).toFixed(1)} KiB`;
const of = (pick: (run: Run) => number) => median(runs.map(pick));
const problems = [...new Set(runs.flatMap((run) => run.outlines))];
console.log(`fonts page, ${FONTS} fonts × ${LETTERS_PER_FONT} letters, ${database.driver} database, Chromium ${browser.version()}, CPU slowdown ${CPU_SLOWDOWN}x, median of ${RUNS} cold loads; load average ${loadavg()
  .map((value) => value.toFixed(1))
  .join(" ")}
| measure | value |
| --- | --- |
| transferred, total | ${kb(of((run) => run.apiBytes + run.scriptBytes + run.otherBytes))} |
| of which API answers | ${kb(of((run) => run.apiBytes))} |
| of which scripts | ${kb(of((run) => run.scriptBytes))} |
| of which pages, styles, fonts, images | ${kb(of((run) => run.otherBytes))} |
| requests | ${of((run) => run.requests)} |
| all ${FONTS} font cards shown | ${of((run) => run.fontsVisibleMs).toFixed(0)} ms |
| interactive (last long task before ${QUIET_MS / 1000} s quiet) | ${of((run) => run.interactiveMs).toFixed(0)} ms |
| long tasks | ${of((run) => run.longTasks)} |
| outlines in lists | ${problems.length === 0 ? "none" : problems.join("; ")} |`);
console.log(JSON.stringify({ fonts: FONTS, letters: LETTERS_PER_FONT, cpuSlowdown: CPU_SLOWDOWN, runs }));
if (problems.length > 0) process.exitCode = 1;
