// The loaded-server check (issue 9): an account at every limit (premium: 50 fonts × 1,000 letters, letters drawn at
// the per-letter limits) loops over the fonts page's lists and saves letters, while /api/health is timed from another
// process. Passes when health keeps p99 under 100 ms; prints the figures and one JSON line; exit code 1 otherwise.
// Also measures what the fonts page transfers. Run: npm run bench -w @handfont/server.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { GLYPH_LIMITS } from "@handfont/engine/fonts";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/database.ts";
import { registerConfirmedUser, signedInBrowser } from "../src/test-support/accounts.ts";
import { postgresAnswers, postgresTestDatabase } from "../src/test-support/postgres.ts";
import { createWorkspaceTestApp } from "../src/test-support/workspace-test-app.ts";
import { scannedLetter } from "./letters.ts";

const FONTS = Number(process.env.BENCH_FONTS ?? 50);
const LETTERS_PER_FONT = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const P99_BUDGET_MS = 100;

// PostgreSQL when it answers (the scaled deployment: queries run in its own processes), else embedded PGlite, whose
// queries run on a thread of their own in the server's process. BENCH_DB=pglite forces the embedded one.
const usePostgres = process.env.BENCH_DB !== "pglite" && (await postgresAnswers("benchmark"));
const postgres = usePostgres ? postgresTestDatabase("handfont_bench") : null;
await postgres?.create();
// Embedded PGlite on its own thread, as main.ts runs it.
const database = await openDatabase(
  postgres ? { driver: "postgres", url: postgres.url } : { driver: "pglite-memory" },
  {
    thread: true,
  },
);
const t = await createWorkspaceTestApp({}, { database });
const account = await registerConfirmedUser(t.app, "bench");
const browser = await signedInBrowser(t.app, account);
const user = account.id;
await t.setPremium(user, true);
const started = performance.now();
const fontIds: string[] = [];
for (let f = 0; f < FONTS; f++) {
  const res = await browser.post("/api/createFont", { name: `Hand ${f}` });
  fontIds.push(res.json().id);
}
const letter = JSON.stringify(scannedLetter());
for (const fontId of fontIds) {
  await t.database.db.execute(sql`
    insert into glyphs (owner_id, font_id, chars, variant, document, path, source)
    select ${user}::uuid, ${fontId}::uuid, chr(19968 + (i / 5)), (i % 5) + 1, ${letter}::jsonb,
      'M0 0L300 0L300 500L0 500Z', 'scan'
    from generate_series(0, ${LETTERS_PER_FONT - 1}) as i`);
}
console.log(
  `seeded ${FONTS} fonts × ${LETTERS_PER_FONT} letters in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
// The signed-in browser's credentials, handed to the client process.
await browser.get("/api/auth/csrf");
const cookies = ["XSRF-TOKEN", "refreshToken"]
  .flatMap((name) => (browser.cookie(name) ? [`${name}=${browser.cookie(name)}`] : []))
  .join("; ");

const client = fork(fileURLToPath(new URL("./load-client.ts", import.meta.url)), [], {
  env: {
    ...process.env,
    BENCH_ORIGIN: address,
    BENCH_TOKEN: browser.accessToken ?? "",
    BENCH_COOKIES: cookies,
    BENCH_XSRF: browser.cookie("XSRF-TOKEN") ?? "",
    BENCH_FONT: fontIds[0]!,
    BENCH_SECONDS: String(SECONDS),
    BENCH_STROKE_POINTS: String(GLYPH_LIMITS.strokePoints),
    BENCH_TOTAL_POINTS: String(GLYPH_LIMITS.totalStrokePoints),
  },
});
const result = await new Promise<Record<string, number>>((resolve, reject) => {
  client.on("message", (message) => resolve(message as Record<string, number>));
  client.on("exit", (code) => code !== 0 && reject(new Error(`the load client exited with ${code}`)));
});
await t.close();
await database.close();
await postgres?.drop();

const pass = (result.healthP99 ?? Number.POSITIVE_INFINITY) < P99_BUDGET_MS;
console.log(`${database.driver} database
| measure | value | budget |
| --- | --- | --- |
| health p50 / p99 / max under load | ${result.healthP50!.toFixed(1)} / ${result.healthP99!.toFixed(1)} / ${result.healthMax!.toFixed(1)} ms | p99 < ${P99_BUDGET_MS} ms ${pass ? "met" : "MISSED"} |
| health checks / list loops / saves at the letter limit | ${result.healthCount} / ${result.lists} / ${result.saves} | |
| fonts page lists (fonts + letter sets), median | ${result.listsMs!.toFixed(0)} ms, ${(result.listBytes! / 1024).toFixed(1)} KB | |
| save of one letter at the stroke limits, median | ${result.saveMs!.toFixed(0)} ms | |`);
console.log(JSON.stringify({ database: database.driver, ...result }));
process.exit(pass ? 0 : 1);
