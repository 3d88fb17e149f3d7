import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

// PGlite's query() sends Parse, Describe, Bind, Describe, Execute and Sync one call into the WebAssembly server at a
// time, and PostgreSQL parses and plans the text every time: for the fonts list that was three fifths of the
// database's CPU per call. A text seen twice is kept as a named prepared statement (as node-postgres does with a named
// query), and runs afterwards as one call: Bind, Describe, Execute, Sync.

const SEEN_ENTRIES = 1_000;
const PREPARED_ENTRIES = 200;
// PostgreSQL refuses a kept plan whose result columns changed under it (a `select *` after a migration).
const CHANGED_RESULT = "cached plan must not change result type";

type Statement = { name: string; paramTypes: number[] };
type Internals = {
  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parse.parseResults>[1];
};

const joined = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** query(), for statements outside a transaction, over named prepared statements; same results, same errors. */
export function preparedStatements(client: PGlite) {
  const internals = client as unknown as Internals;
  const seen = new Set<string>();
  const prepared = new Map<string, Statement>();
  let next = 1;
  const merged = new WeakMap<object, Internals["parsers"]>();
  const mergedWith = (parsers: object) => {
    let table = merged.get(parsers);
    if (!table) {
      table = { ...internals.parsers, ...parsers };
      merged.set(parsers, table);
    }
    return table;
  };

  const run = (messages: Uint8Array) => client.execProtocol(messages, { syncToFs: false });

  async function prepare(text: string): Promise<Statement> {
    if (prepared.size >= PREPARED_ENTRIES) {
      const [oldestText, oldest] = prepared.entries().next().value!;
      prepared.delete(oldestText);
      await run(joined(protocol.serialize.close({ type: "S", name: oldest.name }), protocol.serialize.sync()));
    }
    const name = `handfont_${next++}`;
    const described = await run(
      joined(
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    prepared.set(text, statement);
    return statement;
  }

  async function execute(text: string, params: unknown[], options: QueryOptions): Promise<Results> {
    const statement = prepared.get(text) ?? (await prepare(text));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = internals.serializers[statement.paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await client.execProtocol(
      joined(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
    );
    // PGlite merges a query's own parsers into its ~300 defaults on every call (a sixth of a millisecond); merged
    // once per parser table instead (the caller passes the same table for the same types).
    const { parsers, ...rest } = options;
    return parse.parseResults(answer.messages, parsers ? mergedWith(parsers) : internals.parsers, rest)[0]!;
  }

  return {
    async query(text: string, params: unknown[], options: QueryOptions): Promise<Results> {
      if (!prepared.has(text) && !seen.has(text)) {
        if (seen.size >= SEEN_ENTRIES) seen.clear();
        seen.add(text);
        return client.query(text, params, options);
      }
      return internals._runExclusiveTransaction(() =>
        internals._runExclusiveQuery(async () => {
          try {
            return await execute(text, params, options);
          } catch (error) {
            if (!(error instanceof Error && error.message === CHANGED_RESULT)) throw error;
            const stale = prepared.get(text)!;
            prepared.delete(text);
            await run(joined(protocol.serialize.close({ type: "S", name: stale.name }), protocol.serialize.sync()));
            return execute(text, params, options);
          }
        }),
      );
    },
  };
}
