import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { BlobStore } from "../ports/blob-store.ts";
import type { FontBuilder, LetterDrawings, ScanReader, TemplateMaker } from "../ports/engine-ports.ts";
import type { JobQueue } from "./jobs.ts";
import type { Plans } from "./plans.ts";

/** Everything the workspace services use, handed to them explicitly (ports, not globals). */
export type WorkspaceContext = {
  db: Db;
  blobs: BlobStore;
  plans: Plans;
  templateMaker: TemplateMaker;
  scanReader: ScanReader;
  fontBuilder: FontBuilder;
  letterDrawings: LetterDrawings;
  now: () => Date;
  /** Background work in the database: any worker process runs it. */
  jobs: JobQueue;
  /** Told after this process queued work, so a worker in the same process starts at once. */
  onQueued: () => void;
};

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can be a row id; anything else is simply not found (and never reaches the database). */
export const isUuid = (id: string) => UUID.test(id);

/** Serialises one user's workspace writes that check a count first (plan limits), on PGlite and PostgreSQL. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workspace:${userId}`}))`);
}
