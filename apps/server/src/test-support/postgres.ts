import pg from "pg";

/** The PostgreSQL tier's server: 127.0.0.1:5432 as the machine provides it, or TEST_POSTGRES_URL. */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** True when a PostgreSQL server answers; otherwise the caller skips its tier and says so with `what`. */
export async function postgresAnswers(what: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    process.stderr.write(
      `PostgreSQL ${what} SKIPPED: nothing answers at ${postgresAdminUrl.replace(/:[^:@/]*@/, ":***@")}\n`,
    );
    return false;
  }
}

async function asAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A database of this test run's own: `create` it before the tests, `drop` it (with its connections) after. */
export function postgresTestDatabase(prefix: string): {
  url: string;
  create: () => Promise<void>;
  drop: () => Promise<void>;
} {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  return {
    url: postgresAdminUrl.replace(/\/[^/]*$/, `/${name}`),
    create: () => asAdmin(`create database ${name}`),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}
