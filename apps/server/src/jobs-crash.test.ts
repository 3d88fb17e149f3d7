import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./db/database.ts";
import { jobs } from "./db/schema/jobs.ts";
import { scans } from "./db/schema/workspace.ts";
import { createFileBlobStore } from "./ports/blob-store.ts";
import { multipart } from "./test-support/multipart.ts";
import { postgresAnswers, postgresTestDatabase } from "./test-support/postgres.ts";
import { syntheticScan } from "./test-support/synthetic-scan.ts";
import { addLetters, createFont, createTemplate } from "./test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "./test-support/workspace-test-app.ts";

// Crash tests with real processes: this test is the API (ROLE=api: it queues and never runs jobs), the workers are
// `ROLE=worker` server processes on one PostgreSQL database, killed with SIGKILL or stopped with SIGTERM mid-job.
const hasPostgres = await postgresAnswers("crash tests of job workers");

const serverMain = fileURLToPath(new URL("./main.ts", import.meta.url));
/** Short lease so a dead worker's jobs are taken over within seconds; production uses 30 s. */
const LEASE_MS = 1_500;

describe.skipIf(!hasPostgres)("job workers as separate processes on PostgreSQL", () => {
  const testDatabase = postgresTestDatabase("handfont_jobs");
  const dataDir = mkdtempSync(join(tmpdir(), "handfont-jobs-"));
  let database: Database;
  let t: WorkspaceTestApp;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    await testDatabase.create();
    database = await openDatabase({ driver: "postgres", url: testDatabase.url });
    // The API and the workers share the database and the folder of files, as N API + M worker processes do.
    t = await createWorkspaceTestApp(
      { scanConcurrency: 0, blobs: createFileBlobStore(join(dataDir, "blobs")) },
      { database },
    );
  });
  afterEach(() => {
    for (const worker of workers.splice(0)) if (worker.exitCode === null) worker.kill("SIGKILL");
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await testDatabase.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startWorker = (): ChildProcess => {
    const worker = spawn(process.execPath, [serverMain], {
      env: {
        PATH: process.env.PATH,
        ROLE: "worker",
        DATABASE_URL: testDatabase.url,
        DATA_DIR: dataDir,
        ENGINE_WORKERS: "1",
        JOB_LEASE_MS: String(LEASE_MS),
        JOB_POLL_MS: "100",
        JOB_RETRY_MS: "100",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    worker.stderr?.resume();
    workers.push(worker);
    return worker;
  };
  const exited = (worker: ChildProcess) =>
    worker.exitCode !== null
      ? Promise.resolve(worker.exitCode)
      : new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));

  const jobOf = async (subject: string) => (await database.db.select().from(jobs).where(eq(jobs.subject, subject)))[0];

  /** Polls until `check` answers something, or fails after `ms`. */
  async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 60_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The process holding a job: worker ids are host:pid:random. */
  const holderPid = (lockedBy: string | null) => Number(lockedBy?.split(":")[1]);

  async function uploadPage(user: string) {
    const { layout } = await createTemplate(t, user);
    const body = await multipart([{ fileName: "page.jpg", bytes: await syntheticScan(layout, 1) }]);
    const res = await t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...body });
    expect(res.statusCode, res.body).toBe(202);
    return { scanId: res.json().scans[0].id as string, letters: layout.cells.filter((c) => c.page === 1).length };
  }

  it("reads a scan to the end on the other worker when the one reading it is killed (kill -9)", async () => {
    const user = await t.newUser();
    const [first, second] = [startWorker(), startWorker()];
    const { scanId, letters } = await uploadPage(user);
    const running = await until("the read to start", async () => {
      const job = await jobOf(scanId);
      return job?.state === "running" ? job : null;
    });
    const victim = [first, second].find((worker) => worker.pid === holderPid(running.lockedBy))!;
    victim.kill("SIGKILL");
    await exited(victim);
    const started = Date.now();
    const done = await until("the scan to be read", async () => {
      const [scan] = await database.db.select().from(scans).where(eq(scans.id, scanId));
      return scan?.status === "done" || scan?.status === "failed" ? scan : null;
    });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(done.status).toBe("done");
    expect(done.pages[0]?.lettersFound).toBe(letters);
    const job = await jobOf(scanId);
    // The killed worker's attempt and the survivor's.
    expect(job).toMatchObject({ state: "done", attempts: 2 });
    expect(holderPid(job!.lockedBy)).toBeNaN();
    // The picture goes once the result is stored.
    await until(
      "the picture to be deleted",
      async () => !readdirSync(join(dataDir, "blobs", "scans")).includes(scanId),
    );
  });

  it("builds a font on the other worker when the one building it is killed, and keeps one build", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await addLetters(t, user, fontId, [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"]);
    const [first, second] = [startWorker(), startWorker()];
    // Four clicks at once: one job.
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => t.as(user, { method: "POST", url: "/api/buildFont", payload: { fontId } })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((res) => res.json().job.id)).size).toBe(1);
    const running = await until("the build to start", async () => {
      const job = await jobOf(fontId);
      return job?.state === "running" ? job : null;
    });
    const victim = [first, second].find((worker) => worker.pid === holderPid(running.lockedBy))!;
    victim.kill("SIGKILL");
    const jobId = answers[0]!.json().job.id as string;
    const followed = await until("the build to end", async () => {
      const res = await t.as(user, { method: "GET", url: `/api/jobs/${jobId}` });
      return ["done", "failed"].includes(res.json().state) ? res.json() : null;
    });
    expect(followed).toMatchObject({ state: "done", progress: 100, error: null });
    for (const format of ["otf", "ttf", "woff2"]) {
      const file = await t.as(user, { method: "GET", url: `/api/getCreatedFont/${fontId}?format=${format}` });
      expect(file.statusCode, format).toBe(200);
    }
    expect(readdirSync(join(dataDir, "blobs", "fonts", fontId, "builds"))).toHaveLength(1);
  });

  it("hands the running read back on SIGTERM instead of failing it, and another worker reads it", async () => {
    const user = await t.newUser();
    const first = startWorker();
    const { scanId } = await uploadPage(user);
    await until("the read to start", async () => (await jobOf(scanId))?.state === "running");
    first.kill("SIGTERM");
    expect(await exited(first)).toBe(0);
    const [scan] = await database.db.select().from(scans).where(eq(scans.id, scanId));
    expect(scan).toMatchObject({ status: "queued", progress: 0, errorCode: null });
    // Handed back: waiting again, the interrupted attempt not counted.
    expect(await jobOf(scanId)).toMatchObject({ state: "queued", attempts: 0, lockedBy: null });
    startWorker();
    const done = await until("the scan to be read", async () => {
      const [row] = await database.db.select().from(scans).where(eq(scans.id, scanId));
      return row?.status === "done" || row?.status === "failed" ? row : null;
    });
    expect(done.status).toBe("done");
    expect(await jobOf(scanId)).toMatchObject({ state: "done", attempts: 1 });
  });
});
