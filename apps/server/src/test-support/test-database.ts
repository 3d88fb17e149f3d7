import type { PGlite } from "@electric-sql/pglite";
import { type Database, openDatabase } from "../db/database.ts";

let template: Promise<Blob> | undefined;

/**
 * A fresh, migrated in-memory database. The first call per test worker pays PGlite's initdb and migrations and keeps
 * a dump; later calls load the dump, which is several times faster (research/webstack.md §4).
 */
export async function openTestDatabase(): Promise<Database> {
  template ??= (async () => {
    const database = await openDatabase({ driver: "pglite-memory" });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await database.close();
    return dump;
  })();
  return openDatabase({ driver: "pglite-memory" }, { loadDataDir: await template });
}
