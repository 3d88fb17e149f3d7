// The upload flood of issue 13: three uploads of 20 files × 25 MB sent at once (1.5 GB), then read. Samples the
// server process's resident memory (the engine's worker threads included) every 20 ms. Passes when the peak stays
// under 1 GB and every upload is taken; prints the figures and one JSON line; exit code 1 otherwise.
// The client runs in its own process. BENCH_BLOB_STORE=s3 stores on s3rver (in a third process) instead of a folder,
// with PostgreSQL as the database when it answers at 127.0.0.1:5432.
// Run: npm run bench:uploads -w @handfont/server.
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../src/db/database.ts";
import { createS3BlobStore, type S3Settings } from "../src/ports/s3-blob-store.ts";
import { registerConfirmedUser, signedInBrowser } from "../src/test-support/accounts.ts";
import { postgresAnswers, postgresTestDatabase } from "../src/test-support/postgres.ts";
import { createWorkspaceTestApp } from "../src/test-support/workspace-test-app.ts";
import { mainSizedEngine } from "./main-sized-engine.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3);
const FILES = Number(process.env.BENCH_FILES ?? 20);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 25);
const BUDGET_MB = 1024;
const MB = 1024 * 1024;

const children: ChildProcess[] = [];
const child = (script: string, env: Record<string, string> = {}) => {
  const process_ = fork(fileURLToPath(new URL(script, import.meta.url)), [], { env: { ...process.env, ...env } });
  children.push(process_);
  return process_;
};
const firstMessage = <T>(from: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    from.once("message", (message) => resolve(message as T));
    from.once("exit", (code) => reject(new Error(`${from.spawnfile} exited with ${code} before answering`)));
  });

const onS3 = process.env.BENCH_BLOB_STORE === "s3";
const s3 = onS3 ? await firstMessage<S3Settings>(child("./s3rver-process.ts")) : null;
// The database as each deployment runs it: on S3 (the scaled deployment) PostgreSQL when it answers, in processes of
// its own; else the embedded database in a folder on a thread of this process, as `npm start` runs it.
const postgres = onS3 && (await postgresAnswers("upload flood")) ? postgresTestDatabase("handfont_flood") : null;
await postgres?.create();
const dataDir = mkdtempSync(join(tmpdir(), "handfont-flood-db-"));
const database = await openDatabase(
  postgres ? { driver: "postgres", url: postgres.url } : { driver: "pglite", dataDir },
  { thread: true },
);
const { workers, pool, ports: enginePorts } = mainSizedEngine();
const t = await createWorkspaceTestApp(
  {
    ...(s3 ? { blobs: createS3BlobStore(s3) } : {}),
    ...enginePorts,
  },
  { database },
);
const account = await registerConfirmedUser(t.app, "flood");
// Premium: a free account may have only 40 scans waiting (JOB_LIMITS), and the three uploads bring 60; the flood is
// about the server's memory, not that limit, which refused the third upload whenever reading fell behind.
await t.setPremium(account.id, true);
const browser = await signedInBrowser(t.app, account);
const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
await browser.get("/api/auth/csrf");
const cookies = ["XSRF-TOKEN", "refreshToken"]
  .flatMap((name) => (browser.cookie(name) ? [`${name}=${browser.cookie(name)}`] : []))
  .join("; ");

const rss = () => process.memoryUsage.rss() / MB;
const before = rss();
let peak = before;
let atPeak = process.memoryUsage();
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  if (now.rss / MB > peak) [peak, atPeak] = [now.rss / MB, now];
}, 20);

const started = performance.now();
const client = child("./upload-client.ts", {
  BENCH_ORIGIN: address,
  BENCH_TOKEN: browser.accessToken ?? "",
  BENCH_COOKIES: cookies,
  BENCH_XSRF: browser.cookie("XSRF-TOKEN") ?? "",
  BENCH_REQUESTS: String(REQUESTS),
  BENCH_FILES: String(FILES),
  BENCH_FILE_MB: String(FILE_MB),
});
const uploads = await firstMessage<{ status: number; ms: number; scans: number }[]>(client);
const uploadSeconds = (performance.now() - started) / 1000;
const peakUploading = peak;
await t.workspace.jobs.idle();
const readSeconds = (performance.now() - started) / 1000 - uploadSeconds;
clearInterval(sampler);

let left = 0;
for await (const _ of t.workspace.ctx.blobs.list("scans")) left++;
await t.close();
await pool.close();
await database.close();
await postgres?.drop();
rmSync(dataDir, { recursive: true, force: true });
for (const process_ of children) process_.kill();

const taken = uploads.every((upload) => upload.status === 202 && upload.scans === FILES);
const pass = taken && peak < BUDGET_MB && left === 0;
const sentMb = REQUESTS * FILES * FILE_MB;
console.log(`upload flood: ${REQUESTS} uploads × ${FILES} files × ${FILE_MB} MB at once, ${s3 ? "s3rver" : "local folder"}, ${postgres ? "PostgreSQL" : "embedded database on its thread"}, ${workers} engine worker${workers === 1 ? "" : "s"}
| measure | value | budget |
| --- | --- | --- |
| resident memory before | ${before.toFixed(0)} MB | |
| peak while uploading | ${peakUploading.toFixed(0)} MB | |
| peak while uploading and reading | ${peak.toFixed(0)} MB | < ${BUDGET_MB} MB |
| at the peak: JS heap, buffers | ${(atPeak.heapUsed / MB).toFixed(0)} MB, ${(atPeak.arrayBuffers / MB).toFixed(0)} MB | |
| upload answers | ${uploads.map((upload) => `${upload.status} in ${(upload.ms / 1000).toFixed(1)} s`).join(", ")} | 202 each |
| sent | ${sentMb} MB in ${uploadSeconds.toFixed(1)} s (${(sentMb / uploadSeconds).toFixed(0)} MB/s) | |
| reading the ${REQUESTS * FILES} files | ${readSeconds.toFixed(1)} s | |
| pictures left after reading | ${left} | 0 |
${pass ? "PASS" : "FAIL"}`);
console.log(
  JSON.stringify({
    bench: "upload-flood",
    store: s3 ? "s3rver" : "local",
    database: postgres ? "postgres" : "pglite",
    engineWorkers: workers,
    beforeMb: Math.round(before),
    peakUploadingMb: Math.round(peakUploading),
    peakMb: Math.round(peak),
    sentMb,
    uploadSeconds: Number(uploadSeconds.toFixed(1)),
    left,
    pass,
  }),
);
process.exit(pass ? 0 : 1);
