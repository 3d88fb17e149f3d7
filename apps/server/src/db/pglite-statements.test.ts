import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatements } from "./pglite-statements.ts";

let client: PGlite;
let statements: ReturnType<typeof preparedStatements>;
beforeAll(async () => {
  client = await PGlite.create("memory://");
  statements = preparedStatements(client);
  await client.exec(`create table things (id int primary key, name text not null, tags text[], data jsonb,
    at timestamptz, owner uuid)`);
});
afterAll(async () => {
  await client.close();
});

const insert = "insert into things (id, name, tags, data, at, owner) values ($1, $2, $3, $4, $5, $6) returning *";
const select = "select * from things where id >= $1 and name <> $2 order by id";

describe("prepared statements for PGlite", () => {
  it("answers a repeated statement's rows, fields and counts as PGlite's query does, whatever the types", async () => {
    const at = new Date(Date.UTC(2026, 10, 24, 12, 0, 0));
    for (let id = 1; id <= 3; id += 1) {
      const params = [id, `n${id}`, ["a", "b,c"], { k: [id] }, at, "00000000-0000-4000-8000-000000000001"];
      const inserted = await statements.query(insert, params, {});
      const stored = await client.query("select * from things where id = $1", [id]);
      expect(inserted.rows).toEqual(stored.rows);
      expect(inserted.fields).toEqual(stored.fields);
      expect(inserted.affectedRows).toBe(1);
    }
    await statements.query(insert, [4, "n4", null, null, null, null], {});
    for (const rowMode of ["object", "array"] as const) {
      for (let time = 0; time < 3; time += 1) {
        expect(await statements.query(select, [2, "n3"], { rowMode })).toEqual(
          await client.query(select, [2, "n3"], { rowMode }),
        );
      }
    }
    // The caller's parsers win over PGlite's, on every call (drizzle takes dates as text).
    const asText = { 1184: (value: string) => `text ${value}` };
    for (let time = 0; time < 3; time += 1) {
      const { rows } = await statements.query("select at from things where id = $1", [1], { parsers: asText });
      expect(rows).toEqual([{ at: "text 2026-11-24 12:00:00+00" }]);
    }
    expect((await statements.query("select at from things where id = $1", [1], {})).rows).toEqual([{ at }]);
    const deleted = "delete from things where id = $1";
    await statements.query(deleted, [99], {});
    expect((await statements.query(deleted, [4], {})).affectedRows).toBe(1);
  });

  it("raises PostgreSQL's error with its code and constraint, and answers the next call", async () => {
    const duplicate = "insert into things (id, name) values ($1, $2)";
    await statements.query(duplicate, [10, "x"], {});
    await statements.query(duplicate, [11, "y"], {});
    await expect(statements.query(duplicate, [10, "z"], {})).rejects.toMatchObject({
      code: "23505",
      constraint: "things_pkey",
    });
    await expect(statements.query(duplicate, [12, null], {})).rejects.toMatchObject({ code: "23502" });
    expect((await statements.query("select name from things where id = $1", [11], {})).rows).toEqual([{ name: "y" }]);
    expect((await statements.query("select name from things where id = $1", [10], {})).rows).toEqual([{ name: "x" }]);
  });

  it("keeps answering a `select *` after the table gains a column", async () => {
    const all = "select * from things where id = $1";
    await statements.query(all, [10], {});
    await statements.query(all, [10], {});
    await client.exec("alter table things add column extra int default 7");
    expect((await statements.query(all, [10], {})).rows[0]).toMatchObject({ name: "x", extra: 7 });
  });

  it("keeps at most 200 statements in the database however many texts come", async () => {
    for (let n = 0; n < 230; n += 1) {
      for (let time = 0; time < 2; time += 1) {
        const { rows } = await statements.query(`select $1::int + ${n} as v`, [1], {});
        expect(rows).toEqual([{ v: 1 + n }]);
      }
    }
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements");
    expect(rows[0]!.n).toBeLessThanOrEqual(200);
    expect(rows[0]!.n).toBeGreaterThan(100);
  });

  it("waits for an open transaction instead of running inside it", async () => {
    const count = "select count(*)::int as n from things where name = $1";
    await statements.query(count, ["phantom"], {});
    let outside: Promise<unknown> | undefined;
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values (500, 'phantom')");
      outside = statements.query(count, ["phantom"], {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error("rolled back");
    });
    await expect(transaction).rejects.toThrow("rolled back");
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
  });
});
