import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";

let dump: Blob | undefined;

/**
 * A fresh, migrated in-memory database, loaded from the dump the global setup made (global-setup.ts). In-process,
 * or on its own thread as the server runs it with TEST_PGLITE_THREAD=1 (to run a suite over the threaded client).
 */
export async function openTestDatabase(): Promise<Database> {
  dump ??= new Blob([readFileSync(inject("pgliteDumpFile"))]);
  return openDatabase(
    { driver: "pglite-memory" },
    { loadDataDir: dump, thread: process.env.TEST_PGLITE_THREAD === "1" },
  );
}
