import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { JobKind } from "@handfont/contract";
import { type JobQueue, type JobRow, LeaseLost } from "./jobs.ts";
import type { Tx } from "./workspace-context.ts";

/** What a handler may do with the job it runs. */
export type JobContext = {
  /** Reports progress, 0–1; written to the job at most a few times a second. */
  progress(fraction: number): void;
  /** Aborted when the worker shuts down or lost the job: stop, the job runs again elsewhere. */
  signal: AbortSignal;
  /** Ends the job as done, writing its result in the same transaction (nothing is written if the job was lost). */
  done(write?: (tx: Tx) => Promise<void>): Promise<void>;
  /** Ends the job as failed with a code the user sees (the work cannot succeed by trying again). */
  failed(code: string, write?: (tx: Tx) => Promise<void>): Promise<void>;
};

export type JobHandler = {
  run(job: JobRow, context: JobContext): Promise<void>;
  /** The job failed every attempt: its subject is marked failed so the user is not left waiting. */
  dead(job: JobRow): Promise<void>;
  /** The job waits again (its worker stopped or died): its subject shows that, in the queue's transaction. */
  requeued?(tx: Tx, job: JobRow): Promise<void>;
};

export type JobRunnerOptions = {
  queue: JobQueue;
  handlers: Partial<Record<JobKind, JobHandler>>;
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How often an idle worker looks for work and for jobs whose worker died. */
  pollMs: number;
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
};

type Running = { job: JobRow; abort: AbortController; done: Promise<void> };

/**
 * Runs jobs from the queue in this process: claims up to `concurrency` at a time, renews their leases while they
 * run, retries failures with backoff, takes over jobs whose worker died, and on stop hands its jobs back.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { queue } = options;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(options.handlers) as JobKind[];
  const running = new Map<string, Running>();
  let started = false;
  let stopping = false;
  let filling: Promise<void> | null = null;
  let again = false;
  let poller: NodeJS.Timeout | null = null;
  let beater: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  const warn = (details: object, message: string) => options.log?.warn(details, message);
  const requeued = async (tx: Tx, job: JobRow) => {
    await options.handlers[job.kind as JobKind]?.requeued?.(tx, job);
  };

  const execute = async (job: JobRow, abort: AbortController) => {
    const handler = options.handlers[job.kind as JobKind]!;
    let lastProgress = 0;
    let progressWrite: Promise<void> = Promise.resolve();
    let ended = false;
    const end = async (write: () => Promise<void>) => {
      await progressWrite;
      ended = true;
      await write();
    };
    const context: JobContext = {
      signal: abort.signal,
      progress(fraction) {
        if (Date.now() - lastProgress < 250 || ended) return;
        lastProgress = Date.now();
        progressWrite = progressWrite
          .then(() => queue.progress(workerId, job.id, fraction * 100))
          .catch((error) => warn({ err: error, job: job.id }, "a job's progress could not be written"));
      },
      done: (write) => end(() => queue.finish(workerId, job.id, { state: "done" }, write)),
      failed: (code, write) => end(() => queue.finish(workerId, job.id, { state: "failed", code }, write)),
    };
    try {
      await handler.run(job, context);
      if (!ended) await context.done();
    } catch (error) {
      // Handed back on shutdown, or taken over after a lost lease: the job is someone else's now.
      if (stopping || abort.signal.aborted || error instanceof LeaseLost) return;
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const state = await queue.retry(workerId, job.id, detail, requeued).catch((retryError) => {
        warn({ err: retryError, job: job.id }, "a failed job could not be queued again; its lease will run out");
        return null;
      });
      if (state === "dead") {
        options.log?.error({ job: job.id, kind: job.kind, detail }, "a job failed its last attempt");
        await handler.dead(job).catch((deadError) => warn({ err: deadError, job: job.id }, "marking a dead job"));
      } else warn({ job: job.id, kind: job.kind, detail }, "a job failed; it will be tried again");
    }
  };

  const fillOnce = async () => {
    if (Date.now() - lastPrune > 60 * 60_000) {
      lastPrune = Date.now();
      await queue.prune(24 * 60 * 60_000);
    }
    for (const job of await queue.reapExpired(requeued)) {
      options.log?.error({ job: job.id, kind: job.kind }, "a job's worker died on its last attempt");
      await options.handlers[job.kind as JobKind]?.dead(job);
    }
    while (!stopping && running.size < options.concurrency) {
      const job = await queue.claim(workerId, kinds);
      if (!job) return;
      const abort = new AbortController();
      const entry: Running = { job, abort, done: Promise.resolve() };
      entry.done = execute(job, abort).finally(() => {
        running.delete(job.id);
        if (!stopping) void fill();
      });
      running.set(job.id, entry);
    }
  };

  /** Looks for work now; calls made while a look is under way make it look once more. */
  const fill = (): Promise<void> => {
    if (!started || stopping) return Promise.resolve();
    if (filling) {
      again = true;
      return filling;
    }
    filling = (async () => {
      do {
        again = false;
        try {
          await fillOnce();
        } catch (error) {
          warn({ err: error }, "looking for jobs failed; trying again shortly");
        }
      } while (again && !stopping);
    })().finally(() => {
      filling = null;
    });
    return filling;
  };

  const beat = async () => {
    const ids = [...running.keys()];
    try {
      const lost = await queue.heartbeat(workerId, ids);
      for (const id of lost) {
        warn({ job: id }, "a job's lease was lost; another worker has it now");
        running.get(id)?.abort.abort();
      }
    } catch (error) {
      warn({ err: error }, "renewing job leases failed");
    }
  };

  return {
    workerId,

    start() {
      if (started) return;
      started = true;
      poller = setInterval(() => void fill(), options.pollMs);
      beater = setInterval(() => void beat(), Math.max(50, Math.floor(queue.options.leaseMs / 3)));
      void fill();
    },

    /** New work was queued by this process: look at once instead of at the next poll. */
    wake() {
      void fill();
    },

    /** Resolves once no job of this runner's kinds waits or runs anywhere (tests). */
    async idle(): Promise<void> {
      for (;;) {
        await fill();
        await Promise.all([...running.values()].map((entry) => entry.done));
        if (running.size === 0 && (await queue.activeCount(kinds)) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    /**
     * Stops taking jobs and hands the running ones back to the queue, so another worker (or this one after a
     * restart) runs them again from the start; their handlers are aborted.
     */
    async stop(): Promise<void> {
      stopping = true;
      if (poller) clearInterval(poller);
      if (beater) clearInterval(beater);
      // A claim under way finishes first, so the job it took is handed back too.
      await filling;
      const entries = [...running.values()];
      await queue.release(
        workerId,
        entries.map((entry) => entry.job.id),
        requeued,
      );
      for (const entry of entries) entry.abort.abort();
    },

    /** Jobs running in this process now. */
    get running() {
      return running.size;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
