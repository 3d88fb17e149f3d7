import { JOB_LIMITS, type JobKind } from "@handfont/contract";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type JobState, jobs } from "../db/schema/jobs.ts";
import { DomainError } from "./domain-error.ts";
import { type Executor, isUuid, lockUser, type Tx } from "./workspace-context.ts";

export type JobRow = typeof jobs.$inferSelect;

/**
 * True while the worker that claimed `job` still holds it. A handler's first write names it, so a job handed back
 * (shutdown) or taken over between the claim and that write cannot be marked as under way again: the write and the
 * hand-back touch the same row, and whichever commits second sees the other.
 */
export const stillHeld = (job: Pick<JobRow, "id" | "lockedBy">) =>
  sql`exists (select 1 from ${jobs} where ${jobs.id} = ${job.id} and ${jobs.state} = 'running' and ${jobs.lockedBy} = ${job.lockedBy})`;

export type JobQueueOptions = {
  /** How long a claimed job stays a worker's without a heartbeat; after it another worker takes it over. */
  leaseMs: number;
  /** First retry delay after a failure; doubled for each further attempt. */
  retryBaseMs: number;
};

/** The worker's lease was lost (it ran out and another worker took the job, or the job was handed back). */
export class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer held by this worker`);
    this.name = "LeaseLost";
  }
}

const ACTIVE: JobState[] = ["queued", "running"];

/**
 * The job queue over the `jobs` table, on PGlite and PostgreSQL alike. Every time comes from the database's clock,
 * so processes on several machines agree on leases. Writes of a worker are fenced: they only apply while the job is
 * still running under that worker's id, so a worker that lost its lease can never overwrite a newer result.
 */
export function createJobQueue(db: Db, options: JobQueueOptions) {
  const leaseInterval = sql`(${options.leaseMs}::double precision * interval '1 millisecond')`;

  return {
    options,

    /**
     * Queues a job unless one of the same kind is already waiting or running for the subject; answers the active
     * one then (one build per font at a time). Call it inside the transaction that writes the subject.
     *
     * Fair order between accounts: the job's round is the round the queue has reached (the highest round taken), or
     * one past the account's own latest round when that is later. So an account's twenty pages take twenty
     * consecutive rounds, another account's one page takes the current round and waits behind at most one of them,
     * and an account just served goes after one that was not.
     */
    async enqueue(
      tx: Executor,
      job: { kind: JobKind; ownerId: string; subject: string; payload?: Record<string, unknown>; priority?: number },
    ): Promise<JobRow> {
      const [inserted] = await tx
        .insert(jobs)
        .values({
          kind: job.kind,
          ownerId: job.ownerId,
          subject: job.subject,
          payload: job.payload ?? {},
          priority: job.priority ?? 0,
          round: sql`greatest(
            (select coalesce(max(${jobs.round}), 0) from ${jobs} where ${jobs.state} <> 'queued'),
            (select max(${jobs.round}) + 1 from ${jobs} where ${jobs.ownerId} = ${job.ownerId})
          )`,
        })
        .onConflictDoNothing({
          target: [jobs.kind, jobs.subject],
          where: sql`${jobs.state} in ('queued', 'running')`,
        })
        .returning();
      if (inserted) return inserted;
      const [active] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, job.kind), eq(jobs.subject, job.subject), inArray(jobs.state, ACTIVE)));
      if (!active) throw new Error(`no active ${job.kind} job for ${job.subject} after a conflict`);
      return active;
    },

    /**
     * Takes the user's per-account lock for the rest of the transaction and refuses more than `adding` further jobs
     * beyond the plan's limit of waiting and running work (QUEUE_FULL).
     */
    async reserve(tx: Tx, ownerId: string, adding: number, premium: boolean): Promise<void> {
      await lockUser(tx, ownerId);
      const limit = premium ? JOB_LIMITS.queuedPremium : JOB_LIMITS.queuedFree;
      const [row] = await tx
        .select({ active: count() })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), inArray(jobs.state, ACTIVE)));
      if ((row?.active ?? 0) + adding > limit) throw new DomainError("QUEUE_FULL", { limit });
    },

    /**
     * Claims the next job for a worker: higher priority first, then the lowest round (one job of each waiting account
     * per round, see enqueue), then the oldest. jobs_fair_claim_idx holds the waiting jobs in this order, so the claim
     * reads from its front instead of sorting every waiting job.
     */
    async claim(workerId: string, kinds: readonly JobKind[]): Promise<JobRow | null> {
      const result = await db.execute(sql`
        update jobs set
          state = 'running',
          locked_by = ${workerId},
          lease_until = now() + ${leaseInterval},
          attempts = attempts + 1,
          started_at = now()
        where id = (
          select j.id from jobs j
          where j.state = 'queued' and j.run_after <= now()
            and j.kind in (${sql.join(
              kinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})
          order by j.priority desc, j.round, j.created_at, j.id
          limit 1
          for update skip locked
        )
        returning id`);
      const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
      if (!id) return null;
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    /** Renews the leases of the jobs a worker still holds; answers the ids it no longer holds. */
    async heartbeat(workerId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const held = await db
        .update(jobs)
        .set({ leaseUntil: sql`now() + ${leaseInterval}` })
        .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")))
        .returning({ id: jobs.id });
      const kept = new Set(held.map((row) => row.id));
      return ids.filter((id) => !kept.has(id));
    },

    async progress(workerId: string, id: string, progress: number): Promise<void> {
      await db
        .update(jobs)
        .set({ progress: Math.round(Math.min(100, Math.max(0, progress))) })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")));
    },

    /**
     * Ends a job the worker still holds, as done or as failed with a code the user sees, running `write` (the
     * job's result) in the same transaction. Throws LeaseLost, writing nothing, when the worker no longer holds it.
     */
    async finish(
      workerId: string,
      id: string,
      outcome: { state: "done" } | { state: "failed"; code: string; detail?: string },
      write?: (tx: Tx) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")))
          .for("update");
        if (!held) throw new LeaseLost(id);
        if (write) await write(tx);
        await tx
          .update(jobs)
          .set({
            state: outcome.state,
            progress: 100,
            lockedBy: null,
            leaseUntil: null,
            finishedAt: sql`now()`,
            errorCode: outcome.state === "failed" ? outcome.code : null,
            errorDetail: outcome.state === "failed" ? (outcome.detail ?? null) : null,
          })
          .where(eq(jobs.id, id));
      });
    },

    /**
     * An attempt failed for a reason that may pass (a crash, a lost connection): the job waits and runs again, the
     * wait doubling each attempt; after its last attempt it is dead. Answers the new state, or null when the
     * worker no longer held the job.
     */
    async retry(
      workerId: string,
      id: string,
      detail: string,
      requeued: (tx: Tx, job: JobRow) => Promise<void> = async () => {},
    ): Promise<"queued" | "dead" | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(jobs)
          .set({
            state: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'dead' else 'queued' end`,
            runAfter: sql`now() + (${options.retryBaseMs}::double precision * power(2, greatest(${jobs.attempts} - 1, 0)) * interval '1 millisecond')`,
            finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() else null end`,
            errorCode: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'JOB_FAILED' else null end`,
            errorDetail: detail.slice(0, 2000),
            lockedBy: null,
            leaseUntil: null,
          })
          .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")))
          .returning();
        if (row?.state === "queued") await requeued(tx, row);
        return (row?.state as "queued" | "dead" | undefined) ?? null;
      });
    },

    /**
     * Hands running jobs back (a worker shutting down): queued again at once, the attempt not counted. `requeued`
     * resets each job's subject in the same transaction, before any other worker can take the job.
     */
    async release(
      workerId: string,
      ids: readonly string[],
      requeued: (tx: Tx, job: JobRow) => Promise<void> = async () => {},
    ): Promise<number> {
      if (ids.length === 0) return 0;
      return db.transaction(async (tx) => {
        const released = await tx
          .update(jobs)
          .set({
            state: "queued",
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
            lockedBy: null,
            leaseUntil: null,
            runAfter: sql`now()`,
          })
          .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")))
          .returning();
        for (const job of released) await requeued(tx, job);
        return released.length;
      });
    },

    /**
     * Jobs whose worker stopped renewing its lease (killed, frozen, cut off) are queued again for another worker
     * at once, or become dead after their last attempt. Answers the ones that became dead.
     */
    async reapExpired(requeued: (tx: Tx, job: JobRow) => Promise<void> = async () => {}): Promise<JobRow[]> {
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          update jobs set
            state = case when attempts >= max_attempts then 'dead' else 'queued' end,
            finished_at = case when attempts >= max_attempts then now() else null end,
            error_code = case when attempts >= max_attempts then 'JOB_FAILED' else null end,
            error_detail = 'the worker stopped renewing its lease',
            locked_by = null,
            lease_until = null,
            run_after = now()
          where id in (
            select id from jobs where state = 'running' and lease_until < now() for update skip locked
          )
          returning id, state`);
        const rows = (result as unknown as { rows: { id: string; state: string }[] }).rows;
        if (rows.length === 0) return [];
        const reaped = await tx
          .select()
          .from(jobs)
          .where(
            inArray(
              jobs.id,
              rows.map((row) => row.id),
            ),
          );
        for (const job of reaped) if (job.state === "queued") await requeued(tx, job);
        return reaped.filter((job) => job.state === "dead");
      });
    },

    /** A job of the user's, or JOB_NOT_FOUND. */
    async owned(ownerId: string, id: string): Promise<JobRow> {
      const [row] = isUuid(id)
        ? await db
            .select()
            .from(jobs)
            .where(and(eq(jobs.id, id), eq(jobs.ownerId, ownerId)))
        : [];
      if (!row) throw new DomainError("JOB_NOT_FOUND");
      return row;
    },

    async byId(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    /** Drops a waiting job (its subject was deleted); a running one finds its subject gone and ends by itself. */
    async cancelQueued(tx: Executor, kind: JobKind, subject: string): Promise<void> {
      await tx.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.subject, subject), eq(jobs.state, "queued")));
    },

    /** Finished jobs older than `ageMs` are deleted; dead ones are kept for a week for the operator. */
    async prune(ageMs: number): Promise<void> {
      await db.execute(sql`
        delete from jobs where
          (state in ('done', 'failed') and finished_at < now() - (${ageMs}::double precision * interval '1 millisecond'))
          or (state = 'dead' and finished_at < now() - interval '7 days')`);
    },

    /** Waiting or running jobs, optionally of the given kinds (tests and shutdown waiting). */
    async activeCount(kinds?: readonly JobKind[]): Promise<number> {
      const [row] = await db
        .select({ active: count() })
        .from(jobs)
        .where(and(inArray(jobs.state, ACTIVE), kinds ? inArray(jobs.kind, [...kinds]) : undefined));
      return row?.active ?? 0;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
