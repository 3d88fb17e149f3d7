import { Worker } from "node:worker_threads";

/** A failure reported by a worker task, with the stable code the task gave it (e.g. an engine error code). */
export class WorkerTaskError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "WorkerTaskError";
    this.code = code;
    this.details = details;
  }
}

export type TaskHooks = {
  transfer?: ArrayBuffer[];
  /** Progress the task reports, 0–1. */
  onProgress?: (fraction: number) => void;
  /** Answers a question the task asks the main thread (e.g. "which layout has this template id?"). */
  onRequest?: (question: unknown) => unknown | Promise<unknown>;
};

export interface WorkerPool {
  /** Runs a named task in a worker; rejects with WorkerTaskError (code SERVER_BUSY when the queue is full). */
  run<Result>(task: string, payload: unknown, hooks?: TaskHooks): Promise<Result>;
  /** Tasks waiting for a free worker. */
  readonly queued: number;
  close(): Promise<void>;
}

export type WorkerPoolOptions = {
  script: URL;
  size: number;
  /** Tasks that may wait; one more is refused with SERVER_BUSY instead of piling up memory. */
  maxQueue: number;
  /** A task running longer is stopped (its worker is replaced) and fails with TASK_TIMEOUT. */
  taskTimeoutMs: number;
  resourceLimits?: { maxOldGenerationSizeMb?: number };
  /** Handed to every worker as it starts (`workerData`). */
  workerData?: unknown;
};

type Job = {
  id: number;
  task: string;
  payload: unknown;
  hooks: TaskHooks;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null; retire?: (error: Error) => void };

type FromWorker =
  | { type: "result"; id: number; value: unknown }
  | { type: "error"; id: number; code: string; message: string; details?: Record<string, unknown> }
  | { type: "progress"; id: number; fraction: number }
  | { type: "request"; id: number; requestId: number; question: unknown };

/**
 * A fixed set of worker threads with a bounded queue, so CPU work (reading scans, compiling fonts) never blocks the
 * event loop that answers every other request (DESIGN.md §4). Workers are started lazily and replaced after a crash.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const slots: (Slot | null)[] = Array.from({ length: Math.max(1, options.size) }, () => null);
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const fail = (slot: Slot, error: Error) => {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    job?.reject(error);
  };

  const spawn = (index: number): Slot => {
    const worker = new Worker(options.script, {
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      workerData: options.workerData,
    });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on("message", (message: FromWorker) => {
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      if (message.type === "progress") job.hooks.onProgress?.(message.fraction);
      else if (message.type === "request") void answer(worker, job, message.requestId, message.question);
      else {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job = null;
        slot.timer = null;
        if (message.type === "result") job.resolve(message.value);
        else job.reject(new WorkerTaskError(message.code, message.message, message.details));
        pump();
      }
    });
    // A worker that failed or is being stopped takes no more tasks: its place is free for a new one at once.
    const retire = (error: Error) => {
      if (slots[index] === slot) slots[index] = null;
      fail(slot, error);
      if (!closed) pump();
    };
    slot.retire = retire;
    worker.on("error", (error: Error) => retire(new WorkerTaskError("WORKER_CRASHED", error.message)));
    worker.on("exit", () => retire(new WorkerTaskError("WORKER_CRASHED", "The worker stopped.")));
    worker.unref();
    slots[index] = slot;
    return slot;
  };

  const answer = async (worker: Worker, job: Job, requestId: number, question: unknown) => {
    try {
      const value = await job.hooks.onRequest?.(question);
      worker.postMessage({ type: "response", id: job.id, requestId, value });
    } catch (error) {
      worker.postMessage({ type: "response", id: job.id, requestId, error: String(error) });
    }
  };

  const pump = () => {
    while (queue.length > 0 && !closed) {
      let index = slots.findIndex((slot) => slot !== null && slot.job === null);
      if (index < 0) index = slots.indexOf(null);
      if (index < 0) return;
      const slot = slots[index] ?? spawn(index);
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        slot.retire?.(new WorkerTaskError("TASK_TIMEOUT", `The task ${job.task} took too long.`));
        void slot.worker.terminate();
      }, options.taskTimeoutMs);
      slot.worker.postMessage(
        { type: "task", id: job.id, task: job.task, payload: job.payload },
        job.hooks.transfer ?? [],
      );
    }
    for (const slot of slots) if (slot && !slot.job) slot.worker.unref();
  };

  return {
    run<Result>(task: string, payload: unknown, hooks: TaskHooks = {}) {
      if (closed) return Promise.reject(new WorkerTaskError("SERVER_BUSY", "The worker pool is closed."));
      const busy = slots.every((slot) => slot?.job);
      if (busy && queue.length >= options.maxQueue) {
        return Promise.reject(new WorkerTaskError("SERVER_BUSY", "Too many tasks are waiting."));
      }
      return new Promise<Result>((resolve, reject) => {
        queue.push({ id: nextId++, task, payload, hooks, resolve: resolve as (value: unknown) => void, reject });
        pump();
      });
    },
    get queued() {
      return queue.length;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new WorkerTaskError("SERVER_BUSY", "The worker pool is closed."));
      await Promise.all(slots.map((slot) => slot?.worker.terminate()));
    },
  };
}
