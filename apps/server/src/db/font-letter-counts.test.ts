import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLetters } from "../services/plans.ts";
import { postgresAnswers, postgresTestDatabase } from "../test-support/postgres.ts";
import { openTestDatabase } from "../test-support/test-database.ts";
import { type Database, openDatabase } from "./database.ts";

// The font list's letter counts are columns of the font that triggers on glyphs keep (migration 0008). What they must
// say comes from the rule the plans apply to a font's letters (plans.ts measureLetters), recounted here from the rows.

const owner = randomUUID();
const rows = async (database: Database, query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

async function newFont(database: Database): Promise<string> {
  const { rows: created } = await rows(
    database,
    sql`insert into fonts (owner_id, name, settings) values (${owner}, 'Hand', '{}') returning id`,
  );
  return created[0]!.id as string;
}

const glyphValues = (fontId: string, letters: [string, number][]) =>
  sql.join(
    letters.map(([chars, variant]) => sql`(${owner}, ${fontId}, ${chars}, ${variant}, '{}'::jsonb, 'M0 0Z', 'drawn')`),
    sql`, `,
  );
const addLetters = (database: Database, fontId: string, letters: [string, number][]) =>
  database.db.execute(
    sql`insert into glyphs (owner_id, font_id, chars, variant, document, path, source) values ${glyphValues(fontId, letters)}`,
  );

/** The stored counts beside what the rule gives for the font's letters as they are now. */
async function countsAndRule(database: Database, fontId: string) {
  const { rows: font } = await rows(
    database,
    sql`select glyph_count, character_count, max_variants, ligature_count from fonts where id = ${fontId}`,
  );
  const { rows: letters } = await rows(database, sql`select chars, variant from glyphs where font_id = ${fontId}`);
  const rule = measureLetters(letters as { chars: string; variant: number }[]);
  const stored = font[0]!;
  return {
    stored: {
      glyphs: stored.glyph_count,
      characters: stored.character_count,
      maxVariants: stored.max_variants,
      ligatures: stored.ligature_count,
    },
    rule: { glyphs: letters.length, ...rule },
  };
}

function countingBehaviour(open: () => Promise<Database>, close: () => Promise<void> = async () => {}) {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
    await close();
  });

  it("counts letters, characters, variants and ligatures as the plans do, after every kind of write", async () => {
    const font = await newFont(database);
    const other = await newFont(database);
    // e + combining acute and a Cyrillic letter with a variation selector are one character each; "ffi" is a ligature.
    await addLetters(database, font, [
      ["a", 1],
      ["a", 2],
      ["a", 3],
      ["b", 1],
      ["e\u0301", 1],
      ["\u0438\uFE00", 1],
      ["ffi", 1],
      ["ffi", 2],
      ["\u0442\u0442", 1],
    ]);
    let { stored, rule } = await countsAndRule(database, font);
    expect(rule).toEqual({ glyphs: 9, characters: 6, maxVariants: 3, ligatures: 2 });
    expect(stored).toEqual(rule);

    await database.db.execute(sql`delete from glyphs where font_id = ${font} and chars = 'a' and variant > 1`);
    await database.db.execute(
      sql`update glyphs set chars = 'c' where font_id = ${font} and chars = 'ffi' and variant = 2`,
    );
    ({ stored, rule } = await countsAndRule(database, font));
    expect(stored).toEqual(rule);
    expect(rule.maxVariants).toBe(1);

    // A letter moved to another font changes both; an edit of a drawing alone changes neither.
    await database.db.execute(sql`update glyphs set font_id = ${other} where font_id = ${font} and chars = 'b'`);
    await database.db.execute(sql`update glyphs set path = 'M1 1Z', revision = revision + 1 where font_id = ${font}`);
    for (const id of [font, other]) {
      ({ stored, rule } = await countsAndRule(database, id));
      expect(stored).toEqual(rule);
    }
    expect((await countsAndRule(database, other)).rule.glyphs).toBe(1);

    await database.db.execute(sql`delete from glyphs where font_id = ${font}`);
    expect((await countsAndRule(database, font)).stored).toEqual({
      glyphs: 0,
      characters: 0,
      maxVariants: 0,
      ligatures: 0,
    });
  });

  it("leaves fonts alone when letters of a letter set change, and lets a font with letters be deleted", async () => {
    const font = await newFont(database);
    await addLetters(database, font, [
      ["a", 1],
      ["b", 1],
    ]);
    const { rows: set } = await rows(
      database,
      sql`insert into letter_sets (owner_id, template_id) values (${owner}, ${randomUUID()}) returning id`,
    );
    await database.db.execute(
      sql`insert into glyphs (owner_id, letter_set_id, chars, variant, document, path, source)
        values (${owner}, ${set[0]!.id as string}, 'a', 1, '{}'::jsonb, 'M0 0Z', 'scan')`,
    );
    const { stored, rule } = await countsAndRule(database, font);
    expect(stored).toEqual(rule);
    await database.db.execute(sql`delete from fonts where id = ${font}`);
    expect((await rows(database, sql`select count(*)::int as n from glyphs where font_id = ${font}`)).rows[0]!.n).toBe(
      0,
    );
  });
}

describe("font letter counts on PGlite", () => {
  countingBehaviour(openTestDatabase);
});

const hasPostgres = await postgresAnswers("font letter count tests");

describe.skipIf(!hasPostgres)("font letter counts on PostgreSQL", () => {
  const testDatabase = postgresTestDatabase("handfont_counts");
  countingBehaviour(
    async () => {
      await testDatabase.create();
      return openDatabase({ driver: "postgres", url: testDatabase.url });
    },
    () => testDatabase.drop(),
  );

  it("stays right when two transactions write letters of one font side by side", async () => {
    const database = await openDatabase({ driver: "postgres", url: testDatabase.url });
    const [first, second] = [new pg.Client(testDatabase.url), new pg.Client(testDatabase.url)];
    try {
      await first.connect();
      await second.connect();
      const font = await newFont(database);
      await addLetters(database, font, [
        ["a", 1],
        ["b", 1],
      ]);
      const insert = (letters: [string, number][]) =>
        `insert into glyphs (owner_id, font_id, chars, variant, document, path, source) values ${letters
          .map(([chars, variant]) => `('${owner}', '${font}', '${chars}', ${variant}, '{}', 'M0 0Z', 'drawn')`)
          .join(", ")}`;
      await first.query("begin");
      await second.query("begin");
      await first.query(insert([["c", 1]]));
      // The second writer's count has to wait for the first to commit, and then include its letters.
      const secondWrite = second.query(insert([["d", 1]]));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query(insert([["c", 2]]));
      await first.query("commit");
      await secondWrite;
      await second.query("commit");
      const { stored, rule } = await countsAndRule(database, font);
      expect(rule).toEqual({ glyphs: 5, characters: 4, maxVariants: 2, ligatures: 0 });
      expect(stored).toEqual(rule);
    } finally {
      await first.end();
      await second.end();
      await database.close();
    }
  });
});
