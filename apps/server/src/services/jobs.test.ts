import { randomUUID } from "node:crypto";
import { JOB_LIMITS } from "@handfont/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { jobs } from "../db/schema/jobs.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { createJobQueue, type JobQueue, LeaseLost, stillHeld } from "./jobs.ts";

let database: Database;
let queue: JobQueue;
const KINDS = ["read-scan", "build-font", "render-pdf"] as const;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = createJobQueue(database.db, { leaseMs: 60_000, retryBaseMs: 200 });
});
afterAll(() => database.close());
beforeEach(() => database.db.delete(jobs));

const enqueue = (ownerId: string, subject: string = randomUUID(), priority = 0) =>
  queue.enqueue(database.db, { kind: "read-scan", ownerId, subject, priority });

/** Runs the queue with one worker until it is empty; answers the owners in the order their jobs were taken. */
async function drain(workerId = "w1"): Promise<string[]> {
  const order: string[] = [];
  for (let job = await queue.claim(workerId, KINDS); job; job = await queue.claim(workerId, KINDS)) {
    order.push(job.ownerId);
    await queue.finish(workerId, job.id, { state: "done" });
  }
  return order;
}

describe("job queue", () => {
  it("tells a handler's writes whether its worker still holds the job: not once it was handed back", async () => {
    await enqueue(randomUUID());
    const job = (await queue.claim("w1", KINDS))!;
    const held = async () =>
      ((await database.db.execute(sql`select ${stillHeld(job)} as held`)) as unknown as { rows: { held: boolean }[] })
        .rows[0]!.held;
    expect(await held()).toBe(true);
    expect(await queue.release("w1", [job.id])).toBe(1);
    expect(await held()).toBe(false);
    // Claimed again by another worker: still not the first one's.
    const again = (await queue.claim("w2", KINDS))!;
    expect(again.id).toBe(job.id);
    expect(await held()).toBe(false);
  });

  it("lets another account's one page wait behind at most one job of an account's twenty", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 20; i++) await enqueue(a);
    await enqueue(b);
    const order = await drain();
    expect(order).toHaveLength(21);
    // Both accounts were never served, so A's older job goes first; then B's turn comes.
    expect(order.indexOf(b)).toBe(1);
  });

  it("takes turns between accounts with deep queues, one job each", async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (let i = 0; i < 3; i++) await enqueue(a);
    for (let i = 0; i < 3; i++) await enqueue(b);
    await enqueue(c);
    expect(await drain()).toEqual([a, b, c, a, b, a, b]);
  });

  it("puts an account just served behind one that was not", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await enqueue(a);
    expect(await drain()).toEqual([a]);
    await enqueue(a);
    await enqueue(b);
    expect(await drain()).toEqual([b, a]);
  });

  it("takes the waiting account's job next while another account's job is running", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 5; i++) await enqueue(a);
    const running = await queue.claim("w1", KINDS);
    expect(running?.ownerId).toBe(a);
    await enqueue(b);
    expect((await queue.claim("w2", KINDS))?.ownerId).toBe(b);
  });

  it("runs premium work first", async () => {
    const [free, premium] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 3; i++) await enqueue(free);
    await enqueue(premium, randomUUID(), 1);
    expect((await drain())[0]).toBe(premium);
  });

  it("answers the waiting job instead of queueing a second one for the same subject", async () => {
    const owner = randomUUID();
    const first = await enqueue(owner, "font-1");
    const second = await enqueue(owner, "font-1");
    expect(second.id).toBe(first.id);
    await queue.claim("w1", KINDS);
    expect((await enqueue(owner, "font-1")).id).toBe(first.id);
    await queue.finish("w1", first.id, { state: "done" });
    // Once it ended, a new build of the subject is a new job.
    expect((await enqueue(owner, "font-1")).id).not.toBe(first.id);
  });

  it("refuses more waiting work than the plan allows, with a typed error", async () => {
    const owner = randomUUID();
    for (let i = 0; i < JOB_LIMITS.queuedFree; i++) await enqueue(owner);
    await expect(database.db.transaction((tx) => queue.reserve(tx, owner, 1, false))).rejects.toMatchObject({
      code: "QUEUE_FULL",
      extra: { limit: JOB_LIMITS.queuedFree },
    });
    await expect(database.db.transaction((tx) => queue.reserve(tx, owner, 1, true))).resolves.toBeUndefined();
  });

  it("retries a failed attempt after a doubling wait and marks it dead after the last one", async () => {
    const job = await enqueue(randomUUID());
    const waits: number[] = [];
    let failedAt = 0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      // Not before its wait is over.
      let claimed = await queue.claim("w1", KINDS);
      while (!claimed) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        claimed = await queue.claim("w1", KINDS);
      }
      if (attempt > 1) waits.push(Date.now() - failedAt);
      expect(claimed.attempts).toBe(attempt);
      failedAt = Date.now();
      expect(await queue.retry("w1", job.id, "boom")).toBe(attempt < 3 ? "queued" : "dead");
    }
    // 200 ms, then 400 ms (the rule: retryBaseMs doubled per attempt).
    expect(waits[0]).toBeGreaterThanOrEqual(200);
    expect(waits[1]).toBeGreaterThanOrEqual(400);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ state: "dead", errorCode: "JOB_FAILED", errorDetail: "boom", lockedBy: null });
  });

  it("gives a job whose lease ran out to another worker, and the first one can no longer finish it", async () => {
    const job = await enqueue(randomUUID());
    await queue.claim("w1", KINDS);
    expect(await queue.reapExpired()).toEqual([]);
    // The worker died: its lease is over.
    await database.db.update(jobs).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job.id));
    expect(await queue.reapExpired()).toEqual([]);
    const taken = await queue.claim("w2", KINDS);
    expect(taken).toMatchObject({ id: job.id, attempts: 2, lockedBy: "w2" });
    await expect(queue.finish("w1", job.id, { state: "done" })).rejects.toBeInstanceOf(LeaseLost);
    expect(await queue.heartbeat("w1", [job.id])).toEqual([job.id]);
    expect(await queue.heartbeat("w2", [job.id])).toEqual([]);
    await queue.finish("w2", job.id, { state: "done" });
  });

  it("hands running jobs back on shutdown without counting the attempt", async () => {
    const job = await enqueue(randomUUID());
    await queue.claim("w1", KINDS);
    expect(await queue.release("w1", [job.id])).toBe(1);
    expect(await queue.claim("w2", KINDS)).toMatchObject({ id: job.id, attempts: 1 });
  });
});
