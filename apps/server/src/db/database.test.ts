import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAnswers, postgresTestDatabase } from "../test-support/postgres.ts";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock.ts";
import { openDatabase } from "./database.ts";
import { auditEvents } from "./schema/index.ts";

describe("embedded database (PGlite)", () => {
  it("migrates a fresh data directory and keeps data across reopen", async () => {
    const dir = mkdtempSync(join(tmpdir(), "handfont-pglite-"));
    try {
      const first = await openDatabase({ driver: "pglite", dataDir: dir });
      await first.db.insert(auditEvents).values({ action: "test.kept" });
      await first.close();
      const second = await openDatabase({ driver: "pglite", dataDir: dir });
      const rows = await second.db.select().from(auditEvents);
      expect(rows.map((row) => row.action)).toEqual(["test.kept"]);
      expect(await second.ping()).toBe(true);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a second opener of the same data directory while the first holds it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "handfont-pglite-"));
    try {
      const first = await openDatabase({ driver: "pglite", dataDir: dir });
      await expect(openDatabase({ driver: "pglite", dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
      await first.close();
      const again = await openDatabase({ driver: "pglite", dataDir: dir });
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = mkdtempSync(join(tmpdir(), "handfont-lock-"));
    writeFileSync(join(dir, "handfont.lock"), "999999999");
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    lockDataDir(dir)();
    rmSync(dir, { recursive: true, force: true });
  });
});

// PostgreSQL tier: runs when a server answers on 127.0.0.1:5432 (or TEST_POSTGRES_URL), with its own database.
const hasPostgres = await postgresAnswers("database tests");

describe.skipIf(!hasPostgres)("PostgreSQL", () => {
  const testDatabase = postgresTestDatabase("handfont_test");
  const { url } = testDatabase;
  beforeAll(async () => {
    await testDatabase.create();
  });
  afterAll(async () => {
    await testDatabase.drop();
  });

  it("runs the same migrations once when several processes start at once", async () => {
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ driver: "postgres", url })));
    const result = await opened[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    const journal = JSON.parse(readFileSync(new URL("../../drizzle/meta/_journal.json", import.meta.url), "utf8"));
    expect(rows[0]!.n).toBe(journal.entries.length);
    await opened[1]!.db.insert(auditEvents).values({ action: "test.pg" });
    expect((await opened[2]!.db.select().from(auditEvents)).map((r) => r.action)).toEqual(["test.pg"]);
    expect(await opened[0]!.ping()).toBe(true);
    await Promise.all(opened.map((database) => database.close()));
  });
});
