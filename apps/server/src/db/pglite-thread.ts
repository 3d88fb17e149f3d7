// The embedded database's own thread (threaded-pglite.ts is the other side). PGlite runs PostgreSQL compiled to
// WebAssembly synchronously on the thread that calls it; here, a long query holds this thread instead of the one
// answering HTTP. Messages carry SQL, parameters and rows; one transaction at a time holds PGlite's lock.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { preparedStatements } from "./pglite-statements.ts";

export type QueryOptions = { rowMode?: "array" | "object"; textTypes?: number[] };

export type ToThread =
  | { op: "query"; id: number; tx: number | null; sql: string; params: unknown[]; options: QueryOptions }
  | { op: "begin"; id: number; tx: number }
  | { op: "end"; id: number; tx: number; commit: boolean }
  | { op: "ping"; id: number }
  | { op: "dump"; id: number }
  | { op: "close"; id: number };

export type FromThread =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

export type ThreadData = { dataDir: string; loadDataDir?: Blob };

const port = parentPort!;
const { dataDir, loadDataDir } = workerData as ThreadData;
const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
const statements = preparedStatements(client);

/**
 * Types whose text is handed over as it is (drizzle parses dates itself). One table per list of types, so the prepared
 * statements merge it into PGlite's defaults once.
 */
const parserTables = new Map<string, Record<number, (value: string) => string>>();
const parsersOf = (textTypes: number[] = []) => {
  const key = textTypes.join(",");
  let table = parserTables.get(key);
  if (!table) {
    table = Object.fromEntries(textTypes.map((type) => [type, (value: string) => value]));
    parserTables.set(key, table);
  }
  return table;
};

/** The fields of a PostgreSQL error the services look at (code, constraint…), which a structured clone would drop. */
function errorFields(error: unknown): Record<string, unknown> & { message: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/**
 * How recently a statement must have ended for an open transaction to count as working: a health check then answers
 * without waiting for the transaction's end, as it would from another connection on PostgreSQL. A transaction that
 * stands idle longer holds everyone's queries, and the check waits behind it like any query.
 */
const WORKING_MS = 1_000;
let lastStatementEnd = performance.now();

type OpenTransaction = { queue: ToThread[]; wake: (() => void) | null; endId: number | null };

/** Open transactions: the queries sent for each, waiting their turn. */
const transactions = new Map<number, OpenTransaction>();

async function query(on: Pick<PGlite, "query"> | Transaction, message: Extract<ToThread, { op: "query" }>) {
  try {
    const result: Results = await (on === client ? statements : on).query(message.sql, message.params, {
      rowMode: message.options.rowMode ?? "object",
      parsers: parsersOf(message.options.textTypes),
    });
    return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
  } finally {
    lastStatementEnd = performance.now();
  }
}

function reply(id: number, run: () => Promise<unknown>) {
  run().then(
    (value) => port.postMessage({ id, ok: true, value } satisfies FromThread),
    (error: unknown) => port.postMessage({ id, ok: false, error: errorFields(error) } satisfies FromThread),
  );
}

const rollback = new Error("rolled back by the caller");

/** Runs a transaction: its queries in order as they come, until the other side says commit or roll back. */
function begin(message: Extract<ToThread, { op: "begin" }>) {
  const state: OpenTransaction = { queue: [], wake: null, endId: null };
  transactions.set(message.tx, state);
  const ended = (answer: FromThread) => {
    transactions.delete(message.tx);
    if (state.endId !== null) port.postMessage({ ...answer, id: state.endId });
  };
  client
    .transaction(async (tx) => {
      lastStatementEnd = performance.now();
      port.postMessage({ id: message.id, ok: true, value: null } satisfies FromThread);
      for (;;) {
        const next = state.queue.shift();
        if (!next) {
          await new Promise<void>((resolve) => {
            state.wake = resolve;
          });
          state.wake = null;
        } else if (next.op === "query") {
          // One at a time, as PostgreSQL runs a session's statements; a failed one is the caller's to handle.
          try {
            port.postMessage({ id: next.id, ok: true, value: await query(tx, next) } satisfies FromThread);
          } catch (error) {
            port.postMessage({ id: next.id, ok: false, error: errorFields(error) } satisfies FromThread);
          }
        } else if (next.op === "end") {
          state.endId = next.id;
          if (!next.commit) throw rollback;
          return;
        }
      }
    })
    .then(
      () => ended({ id: 0, ok: true, value: null }),
      (error: unknown) =>
        ended(error === rollback ? { id: 0, ok: true, value: null } : { id: 0, ok: false, error: errorFields(error) }),
    );
}

port.on("message", (message: ToThread) => {
  switch (message.op) {
    case "query": {
      if (message.tx === null) {
        reply(message.id, () => query(client, message));
        return;
      }
      const state = transactions.get(message.tx);
      if (!state) {
        port.postMessage({ id: message.id, ok: false, error: { message: "the transaction has ended" } });
        return;
      }
      state.queue.push(message);
      state.wake?.();
      return;
    }
    case "begin":
      begin(message);
      return;
    case "end": {
      const state = transactions.get(message.tx);
      if (!state) {
        port.postMessage({ id: message.id, ok: true, value: null } satisfies FromThread);
        return;
      }
      state.queue.push(message);
      state.wake?.();
      return;
    }
    case "ping":
      // This message is read between statements: a transaction whose last statement just ended is working.
      if (transactions.size > 0 && performance.now() - lastStatementEnd < WORKING_MS) {
        port.postMessage({ id: message.id, ok: true, value: null } satisfies FromThread);
        return;
      }
      reply(message.id, async () => {
        await statements.query("select 1", [], {});
        return null;
      });
      return;
    case "dump":
      reply(message.id, () => client.dumpDataDir("none"));
      return;
    case "close":
      reply(message.id, async () => {
        await client.close();
        setImmediate(() => port.close());
      });
      return;
  }
});

port.postMessage({ id: 0, ok: true, value: "ready" } satisfies FromThread);
