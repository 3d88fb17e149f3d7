// The fair job claim with a deep queue (issue 13): 20,000 waiting jobs of one account and one job each of 20,000 others;
// times claim() on embedded PGlite and, when it answers, PostgreSQL. Run: node bench/job-claim.ts [pglite|postgres].
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/database.ts";
import { createJobQueue } from "../src/services/jobs.ts";
import { postgresTestDatabase } from "../src/test-support/postgres.ts";

const which = process.argv[2] ?? "pglite";
const pg = which === "postgres" ? postgresTestDatabase("handfont_claim") : null;
await pg?.create();
const database = await openDatabase(pg ? { driver: "postgres", url: pg.url } : { driver: "pglite-memory" });
const queue = createJobQueue(database.db, { leaseMs: 60_000, retryBaseMs: 200 });
const heavy = randomUUID();
await database.db.execute(
  sql`insert into jobs (kind, owner_id, subject, round) select 'read-scan', ${heavy}::uuid, 'h' || i, i from generate_series(1, 20000) i`,
);
await database.db.execute(
  sql`insert into jobs (kind, owner_id, subject) select 'read-scan', gen_random_uuid(), 'l' || i from generate_series(1, 20000) i`,
);
await database.db.execute(sql`analyze jobs`);
const times: number[] = [];
for (let i = 0; i < 30; i++) {
  const s = performance.now();
  const job = await queue.claim("w1", ["read-scan", "build-font", "render-pdf"]);
  times.push(performance.now() - s);
  await queue.finish("w1", job!.id, { state: "done" });
}
times.sort((a, b) => a - b);
console.log(which, "claim at 40k waiting: median", times[15]!.toFixed(1), "ms, max", times[29]!.toFixed(1));
await database.close();
await pg?.drop();
process.exit(0);
