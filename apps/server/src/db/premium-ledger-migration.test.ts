import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { premiumState } from "../services/payments/ledger.ts";
import type { Db } from "./database.ts";
import * as schema from "./schema/index.ts";

const migrations = fileURLToPath(new URL("../../drizzle", import.meta.url));

describe("the premium ledger migration", () => {
  it("turns each user's premium end of the old subscriptions table into one migrated ledger line", async () => {
    // The migrations as they stood before the ledger, then all of them.
    const before = mkdtempSync(join(tmpdir(), "handfont-migrations-"));
    cpSync(migrations, before, { recursive: true });
    const journalFile = join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8"));
    const ledgerAt = journal.entries.findIndex((entry: { tag: string }) => entry.tag.endsWith("_premium_ledger"));
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, ledgerAt) }));
    const client = await PGlite.create("memory://");
    const db = drizzle({ client, schema });
    try {
      await migrate(db, { migrationsFolder: before });
      const { rows } = await client.query<{ id: string }>(
        "insert into users (username, email) values ('old', 'old@example.com'), ('older', 'older@example.com') returning id",
      );
      const [active, expired] = rows.map((row) => row.id);
      await client.query(
        "insert into subscriptions (user_id, premium_until) values ($1, '2031-05-01T00:00:00Z'), ($2, '2020-01-01T00:00:00Z')",
        [active, expired],
      );
      await migrate(db, { migrationsFolder: migrations });
      const now = new Date("2026-11-24T00:00:00Z");
      const kept = await premiumState(db as unknown as Db, active!, now);
      expect(kept.premiumUntil?.toISOString()).toBe("2031-05-01T00:00:00.000Z");
      expect(kept.isPremium).toBe(true);
      expect(kept.lines.map((line) => line.kind)).toEqual(["migrated"]);
      expect((await premiumState(db as unknown as Db, expired!, now)).isPremium).toBe(false);
      const tables = await db.execute(sql`select to_regclass('subscriptions') as old`);
      expect((tables.rows[0] as { old: unknown }).old).toBeNull();
    } finally {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
