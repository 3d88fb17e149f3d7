import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDumpFile: string;
  }
}

/**
 * Pays PGlite's initdb and the migrations once per test run instead of once per test file: the migrated database is
 * dumped to a file that every test file loads (research/webstack.md §4).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "handfont-pglite-dump-"));
  const file = join(dir, "migrated.tar");
  const database = await openDatabase({ driver: "pglite-memory" });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer()));
  await database.close();
  project.provide("pgliteDumpFile", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
