import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { jobs } from "../db/schema/jobs.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { createJobRunner, type JobContext, type JobHandler } from "./job-runner.ts";
import { createJobQueue, type JobQueue, type JobRow, LeaseLost } from "./jobs.ts";

let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = createJobQueue(database.db, { leaseMs: 600, retryBaseMs: 20 });
});
afterAll(() => database.close());
beforeEach(() => database.db.delete(jobs));

/** A handler whose runs are scripted per attempt; it records what the runner told it. */
function scripted(attempts: ((job: JobRow, context: JobContext) => Promise<void>)[]) {
  const seen = { runs: 0, dead: 0, requeued: 0, signals: [] as AbortSignal[] };
  const handler: JobHandler = {
    async run(job, context) {
      seen.signals.push(context.signal);
      const attempt = attempts[Math.min(seen.runs++, attempts.length - 1)]!;
      await attempt(job, context);
    },
    async dead() {
      seen.dead++;
    },
    async requeued() {
      seen.requeued++;
    },
  };
  return { handler, seen };
}

const enqueue = () => queue.enqueue(database.db, { kind: "build-font", ownerId: randomUUID(), subject: randomUUID() });
const rowOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe("job runner", () => {
  it("runs a job again after a failed attempt and finishes it", async () => {
    const { handler, seen } = scripted([
      async () => {
        throw new Error("the worker thread crashed");
      },
      async (_job, context) => context.done(),
    ]);
    const runner = createJobRunner({ queue, handlers: { "build-font": handler }, concurrency: 1, pollMs: 10 });
    runner.start();
    const job = await enqueue();
    await runner.idle();
    await runner.stop();
    expect(await rowOf(job.id)).toMatchObject({ state: "done", attempts: 2, progress: 100 });
    expect(seen).toMatchObject({ runs: 2, requeued: 1, dead: 0 });
  });

  it("gives up after the last attempt: the job is dead and its subject told", async () => {
    const { handler, seen } = scripted([
      async () => {
        throw new Error("always");
      },
    ]);
    const runner = createJobRunner({ queue, handlers: { "build-font": handler }, concurrency: 1, pollMs: 10 });
    runner.start();
    const job = await enqueue();
    await runner.idle();
    await runner.stop();
    expect(await rowOf(job.id)).toMatchObject({ state: "dead", attempts: 3, errorCode: "JOB_FAILED" });
    expect(seen).toMatchObject({ runs: 3, dead: 1 });
  });

  it("hands a running job back on stop: aborted, queued again, and its late result is not written", async () => {
    let late: Promise<void> | undefined;
    const { handler, seen } = scripted([
      (_job, context) =>
        new Promise<void>((resolve) => {
          context.signal.addEventListener("abort", () => {
            late = context.done();
            late.catch(() => {});
            resolve();
          });
        }),
    ]);
    const runner = createJobRunner({ queue, handlers: { "build-font": handler }, concurrency: 1, pollMs: 10 });
    runner.start();
    const job = await enqueue();
    while (runner.running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await runner.stop();
    expect(seen.signals[0]?.aborted).toBe(true);
    expect(seen.requeued).toBe(1);
    await expect(late).rejects.toBeInstanceOf(LeaseLost);
    expect(await rowOf(job.id)).toMatchObject({ state: "queued", attempts: 0, lockedBy: null });
  });

  it("aborts a job whose lease another worker took over", async () => {
    const { handler, seen } = scripted([
      (_job, context) => new Promise<void>((resolve) => context.signal.addEventListener("abort", () => resolve())),
    ]);
    const runner = createJobRunner({ queue, handlers: { "build-font": handler }, concurrency: 1, pollMs: 10 });
    runner.start();
    const job = await enqueue();
    while (runner.running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Another worker holds it now (as after this worker froze past its lease).
    await database.db
      .update(jobs)
      .set({ lockedBy: "other", leaseUntil: sql`now() + interval '1 hour'` })
      .where(eq(jobs.id, job.id));
    while (!seen.signals[0]?.aborted) await new Promise((resolve) => setTimeout(resolve, 20));
    await runner.stop();
    expect(await rowOf(job.id)).toMatchObject({ state: "running", lockedBy: "other" });
  });
});
