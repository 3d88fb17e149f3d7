import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";

let dump: Blob | undefined;

/** A fresh, migrated in-memory database, loaded from the dump the global setup made (global-setup.ts). */
export async function openTestDatabase(): Promise<Database> {
  dump ??= new Blob([readFileSync(inject("pgliteDumpFile"))]);
  return openDatabase({ driver: "pglite-memory" }, { loadDataDir: dump });
}
