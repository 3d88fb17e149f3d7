import { getCompileCacheDir } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { BoxHelper, FinalBox, PageBoxes } from "../scan/read-boxes.ts";
import type { CellReading, PageReading } from "../scan/read-cell.ts";

/** What a helper thread is asked (see box-helper-thread.ts); `key` comes back with the answer. */
export type HelperQuestion = { key: string } & (
  | { type: "first"; id: number; page: PageBoxes; slot: number }
  | { type: "finish"; id: number; reread: [number, PageReading][]; pictures: boolean }
);

/** What a helper thread answers. */
export type HelperAnswer = { key: string } & (
  | { type: "first"; readings: [number, CellReading][] }
  | { type: "finished"; boxes: [number, FinalBox][] }
  | { type: "failed"; message: string }
);

/**
 * Helpers given by default at most: each holds an engine of its own (about 45 MB; a cold read's peak 201 → 244 MB with
 * one), and a page's boxes are a few dozen jobs of a few milliseconds. Only two cores have been measured.
 */
const MOST_HELPERS = 3;

export type BoxHelpers = {
  /** For `readScan`'s `helpers` option. */
  helpers: readonly BoxHelper[];
  /** Stops the threads. */
  close(): Promise<void>;
};

/**
 * Threads that read a page's boxes alongside the thread calling `readScan` (pass `helpers` in its options). Each loads
 * the engine once, as it starts; keep them for many pages. A thread that dies is started again for the next page (its
 * boxes of the page are read by the calling thread). They do not keep the process alive while idle. `count` defaults
 * to one fewer than the cores Node may use, at most three.
 */
export function createBoxHelpers(count = Math.min(MOST_HELPERS, availableParallelism() - 1)): BoxHelpers {
  const helpers = Array.from({ length: Math.max(0, count) }, () => new HelperThread());
  return {
    helpers,
    close: async () => {
      await Promise.all(helpers.map((helper) => helper.close()));
    },
  };
}

/** One helper thread, started at once and again, when next asked, after it died. */
class HelperThread implements BoxHelper {
  private worker: Worker | undefined;
  private readonly waiting = new Map<string, { resolve: (answer: HelperAnswer) => void; reject: (e: Error) => void }>();
  private closed = false;

  constructor() {
    // Started now, so it loads the engine while the calling thread finds the page's markers.
    this.start();
  }

  async readFirst(id: number, page: PageBoxes, slot: number): Promise<Map<number, CellReading>> {
    const answer = await this.ask({ key: `first ${id}`, type: "first", id, page, slot });
    if (answer.type !== "first") throw new Error(answer.type === "failed" ? answer.message : "unexpected answer");
    return new Map(answer.readings);
  }

  async finish(id: number, reread: ReadonlyMap<number, PageReading>, pictures: boolean) {
    const answer = await this.ask({ key: `finish ${id}`, type: "finish", id, reread: [...reread], pictures });
    if (answer.type !== "finished") throw new Error(answer.type === "failed" ? answer.message : "unexpected answer");
    return new Map(answer.boxes);
  }

  async close() {
    this.closed = true;
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private ask(question: HelperQuestion): Promise<HelperAnswer> {
    if (this.closed) return Promise.reject(new Error("the helpers are closed"));
    const worker = this.worker ?? this.start();
    return new Promise((resolve, reject) => {
      this.waiting.set(question.key, { resolve, reject });
      // Waited for, the thread keeps the process alive; idle, it does not.
      worker.ref();
      worker.postMessage(question);
    });
  }

  private start(): Worker {
    // A fresh thread loads the engine through the compile cache when this one does.
    const cache = getCompileCacheDir();
    const worker = new Worker(new URL("./box-helper-thread.ts", import.meta.url), {
      env: cache ? { ...process.env, NODE_COMPILE_CACHE: cache } : process.env,
    });
    worker.unref();
    worker.on("message", (answer: HelperAnswer) => {
      const waiting = this.waiting.get(answer.key);
      this.waiting.delete(answer.key);
      if (this.waiting.size === 0) worker.unref();
      waiting?.resolve(answer);
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the helper thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
