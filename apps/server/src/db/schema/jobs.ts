import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export type JobState = "queued" | "running" | "done" | "failed" | "dead";

/**
 * Background work any process may take (services/jobs.ts): claimed with FOR UPDATE SKIP LOCKED, held by a lease the
 * worker renews, taken over by another worker when the lease runs out. `failed` is a final answer for the user (an
 * unreadable file); `dead` is work that failed every attempt (the dead letters an operator looks at).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    kind: text("kind").notNull(),
    ownerId: uuid("owner_id").notNull(),
    /** What the job works on (a scan, a font, a template PDF); one active job per kind and subject. */
    subject: text("subject").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    state: text("state").$type<JobState>().notNull().default("queued"),
    /** Higher first (premium accounts). */
    priority: integer("priority").notNull().default(0),
    /**
     * The turn of this job in the fair order between accounts (services/jobs.ts): an account's jobs take consecutive
     * rounds from the round the queue has reached, so each account waiting gets one job per round.
     */
    round: bigint("round", { mode: "number" }).notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /** The worker holding it and until when; a worker whose lease ran out may no longer write its result. */
    lockedBy: text("locked_by"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    progress: integer("progress").notNull().default(0),
    errorCode: text("error_code"),
    errorDetail: text("error_detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a worker last took it. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("jobs_claim_idx").on(table.state, table.runAfter),
    index("jobs_owner_idx").on(table.ownerId, table.state),
    // The claim walks the waiting jobs in the order it takes them, so it never sorts them all.
    index("jobs_fair_claim_idx")
      .on(table.priority.desc().nullsFirst(), table.round, table.createdAt, table.id)
      .where(sql`${table.state} = 'queued'`),
    // The round the queue has reached: the highest round taken so far.
    index("jobs_taken_round_idx").on(table.round).where(sql`${table.state} <> 'queued'`),
    index("jobs_owner_round_idx").on(table.ownerId, table.round),
    uniqueIndex("jobs_active_subject_idx")
      .on(table.kind, table.subject)
      .where(sql`${table.state} in ('queued', 'running')`),
  ],
);
