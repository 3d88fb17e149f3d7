import { Worker } from "node:worker_threads";
import type { FromThread, QueryOptions, ThreadData, ToThread } from "./pglite-thread.ts";

type Result = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type ParserOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };

export const PGLITE_THREAD_NAME = "pglite";

/** The calls of a PGlite client that drizzle makes (query and transaction), answered by the database's thread. */
export interface ThreadedClient {
  query(sql: string, params?: unknown[], options?: ParserOptions): Promise<Result>;
  transaction<T>(run: (tx: Pick<ThreadedClient, "query">) => Promise<T>): Promise<T>;
}

export interface ThreadedPglite {
  client: ThreadedClient;
  /**
   * Resolves when the database works: at once while a transaction's statements keep ending (the thread reads this
   * between two of them), else once a trivial query answers, after whatever holds the database.
   */
  ping(): Promise<void>;
  /** The data directory as a tarball (PGlite's dumpDataDir). */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite on a thread of its own (pglite-thread.ts): the embedded database's queries run there, so a long one never
 * holds the thread that answers HTTP, and the two use two cores. Same SQL, same results as PGlite in-process.
 */
export async function startThreadedPglite(dataDir: string, loadDataDir?: Blob): Promise<ThreadedPglite> {
  const worker = new Worker(new URL("./pglite-thread.ts", import.meta.url), {
    // The thread's name in profiles and in /proc/<pid>/task/*/comm, where the loaded-server bench reads its CPU time.
    name: PGLITE_THREAD_NAME,
    workerData: { dataDir, ...(loadDataDir ? { loadDataDir } : {}) } satisfies ThreadData,
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextTransaction = 1;
  let failure: Error | null = null;

  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on("message", (message: FromThread) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    // The error as PGlite raised it: its code, constraint and detail are what callers look at.
    else waiting.reject(Object.assign(new Error(message.error.message), message.error));
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));

  const call = <T>(message: WithoutId<ToThread>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id } as ToThread);
    });
  };
  // Drizzle asks for some types (dates, intervals) as text and parses them itself; its parsers are identities.
  const optionsOf = (options?: ParserOptions): QueryOptions => ({
    rowMode: options?.rowMode ?? "object",
    textTypes: Object.keys(options?.parsers ?? {}).map(Number),
  });
  const query =
    (tx: number | null) =>
    (sql: string, params: unknown[] = [], options?: ParserOptions): Promise<Result> =>
      call<Result>({ op: "query", tx, sql, params, options: optionsOf(options) });

  await ready;
  return {
    client: {
      query: query(null),
      async transaction(run) {
        const tx = nextTransaction++;
        await call({ op: "begin", tx });
        let result: Awaited<ReturnType<typeof run>>;
        try {
          result = await run({ query: query(tx) });
        } catch (error) {
          await call({ op: "end", tx, commit: false }).catch(() => {});
          throw error;
        }
        await call({ op: "end", tx, commit: true });
        return result;
      },
    },
    ping: () => call<void>({ op: "ping" }),
    dump: () => call<Blob>({ op: "dump" }),
    async close() {
      if (!failure) await call({ op: "close" }).catch(() => {});
      await worker.terminate();
    },
  };
}
