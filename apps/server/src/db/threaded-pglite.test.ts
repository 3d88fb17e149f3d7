import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./database.ts";
import { jobs } from "./schema/jobs.ts";

const owner = "00000000-0000-4000-8000-000000000001";
let database: Database;
const dataDir = mkdtempSync(join(tmpdir(), "handfont-threaded-"));

beforeAll(async () => {
  // On files, as `npm start` runs it.
  database = await openDatabase({ driver: "pglite", dataDir: join(dataDir, "db") }, { thread: true });
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("PGlite on its own thread", () => {
  it("answers the query builder with the types it would answer in-process (dates, JSON, numbers)", async () => {
    const [row] = await database.db
      .insert(jobs)
      .values({ kind: "read-scan", ownerId: owner, subject: "types", payload: { pages: [1, 2] }, priority: 2 })
      .returning();
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row!.payload).toEqual({ pages: [1, 2] });
    expect(row!.priority).toBe(2);
    const rows = (await database.db.execute(
      sql`select count(*)::int as n from jobs where subject = 'types'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows).toEqual([{ n: 1 }]);
  });

  it("answers a health check while a transaction works, and only after it once it stands idle past a second", async () => {
    const settled = (promise: Promise<boolean>, ms: number) =>
      Promise.race([promise, new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms))]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const working = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await held;
    });
    await working;
    // Its last statement just ended: the database works, whatever the transaction does next.
    expect(await settled(database.ping(), 500)).toBe(true);
    // Idle in the transaction past a second: every query waits for it, and so does the check.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const check = database.ping();
    expect(await settled(check, 300)).toBe("waiting");
    release();
    await transaction;
    expect(await check).toBe(true);
  });

  it("commits a transaction's writes together and rolls them all back when it throws", async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(jobs).values({ kind: "read-scan", ownerId: owner, subject: "kept-1" });
      await tx.insert(jobs).values({ kind: "read-scan", ownerId: owner, subject: "kept-2" });
    });
    const failed = database.db.transaction(async (tx) => {
      await tx.insert(jobs).values({ kind: "read-scan", ownerId: owner, subject: "dropped" });
      throw new Error("the caller changed its mind");
    });
    await expect(failed).rejects.toThrow("the caller changed its mind");
    const subjects = (await database.db.select({ subject: jobs.subject }).from(jobs)).map((row) => row.subject);
    expect(subjects).toEqual(expect.arrayContaining(["kept-1", "kept-2"]));
    expect(subjects).not.toContain("dropped");
  });

  it("passes PostgreSQL's error code and constraint through (the services map a unique violation)", async () => {
    await database.db.insert(jobs).values({ kind: "build-font", ownerId: owner, subject: "once" });
    const error = await database.db
      .insert(jobs)
      .values({ kind: "build-font", ownerId: owner, subject: "once" })
      .then(
        () => null,
        (thrown: unknown) => thrown as { cause?: { code?: string; constraint?: string } },
      );
    expect(error?.cause).toMatchObject({ code: "23505", constraint: "jobs_active_subject_idx" });
    // The database goes on answering.
    expect(await database.ping()).toBe(true);
  });

  it("keeps a savepoint's rollback inside the outer transaction", async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(jobs).values({ kind: "render-pdf", ownerId: owner, subject: "outer" });
      await tx
        .transaction(async (inner) => {
          await inner.insert(jobs).values({ kind: "render-pdf", ownerId: owner, subject: "inner" });
          throw new Error("inner only");
        })
        .catch(() => {});
    });
    const kinds = await database.db.select({ subject: jobs.subject }).from(jobs).where(eq(jobs.kind, "render-pdf"));
    expect(kinds.map((row) => row.subject)).toEqual(["outer"]);
  });

  it("runs a long query without holding the caller's thread", async () => {
    let ticks = 0;
    let worstGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 1000000) as a, generate_series(1, 2) as b`);
    const took = performance.now() - started;
    clearInterval(timer);
    // The query took long enough that, run here, it would have stopped the timer for all of it.
    expect(took).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
    expect(worstGap).toBeLessThan(took / 2);
  });
});
