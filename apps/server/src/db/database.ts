import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config/config.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { upgradeLetterDocuments } from "./letter-documents.ts";
import * as schema from "./schema/index.ts";
import { startThreadedPglite } from "./threaded-pglite.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

// Any constant works: it only has to be the same in every process of this application.
const MIGRATION_LOCK_KEY = 0x68_66_6f_6e; // "hfon"

/** Opens the configured database and brings its schema up to date, safely when several processes start at once. */
export async function openDatabase(
  database: Config["database"],
  options: {
    loadDataDir?: Blob;
    /** Told when an idle PostgreSQL connection dies (a server restart); the pool replaces it on the next query. */
    onConnectionError?: (error: Error) => void;
    /**
     * Runs embedded PGlite on a thread of its own (threaded-pglite.ts), as the server does: its queries then never
     * hold the thread that answers HTTP. In-process otherwise (tests, scripts).
     */
    thread?: boolean;
  } = {},
): Promise<Database> {
  if (database.driver === "postgres") return openPostgres(database.url, options.onConnectionError ?? (() => {}));
  const release = database.driver === "pglite" ? lockDataDir(database.dataDir) : () => {};
  if (options.thread) {
    try {
      const threaded = await startThreadedPglite(
        database.driver === "pglite" ? database.dataDir : "memory://",
        options.loadDataDir,
      );
      // Drizzle's PGlite driver makes only the two calls the threaded client answers (query and transaction).
      const db = drizzlePglite({ client: threaded.client as unknown as PGlite, schema });
      try {
        await migratePglite(db, { migrationsFolder });
        await upgradeLetterDocuments(db as unknown as Db);
      } catch (error) {
        await threaded.close();
        throw error;
      }
      return {
        db: db as unknown as Db,
        driver: "pglite",
        // Not a query in the queue: on PGlite's single connection it would wait for the end of any open transaction,
        // which a health check on PostgreSQL (another connection) does not.
        ping: () =>
          threaded.ping().then(
            () => true,
            () => false,
          ),
        async close() {
          await threaded.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    const client = await PGlite.create(
      database.driver === "pglite" ? database.dataDir : "memory://",
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
    );
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    await upgradeLetterDocuments(db as unknown as Db);
    return {
      db: db as unknown as Db,
      driver: "pglite",
      ping: () => ping(db as unknown as Db),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, onConnectionError: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Without a listener, an idle client's error would crash the process.
  pool.on("error", onConnectionError);
  const db = drizzleNodePg({ client: pool, schema });
  const connection = await pool.connect();
  try {
    // Drizzle's migrator takes no lock of its own: hold a session advisory lock while migrating.
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const migrating = drizzleNodePg({ client: connection, schema });
    await migrateNodePg(migrating, { migrationsFolder });
    await upgradeLetterDocuments(migrating as unknown as Db);
  } finally {
    await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
  return {
    db: db as unknown as Db,
    driver: "postgres",
    ping: () => ping(db as unknown as Db),
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
