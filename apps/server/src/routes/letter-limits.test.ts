import { randomBytes } from "node:crypto";
import { FONT_LIMITS, LANGUAGES, LETTER_ERROR_MESSAGES } from "@handfont/contract";
import { DEFAULT_PEN, emptyGlyphDocument, GLYPH_LIMITS, type GlyphDocument } from "@handfont/engine/fonts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFont } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

const dot: GlyphDocument = {
  ...emptyGlyphDocument(),
  strokes: [{ id: "s", pen: { ...DEFAULT_PEN }, points: [{ x: 100, y: 100, pressure: 0.5, t: 0 }] }],
};

/** Posts one change in every language and checks the code, the status and each language's own message. */
async function expectRefusedInEveryLanguage(
  user: string,
  fontId: string,
  document: GlyphDocument,
  code: keyof typeof LETTER_ERROR_MESSAGES.en,
  status: number,
) {
  for (const language of LANGUAGES) {
    const res = await t.as(user, {
      method: "POST",
      url: `/api/fonts/${fontId}/letters/changes`,
      payload: { changes: [{ chars: "ÿ", variant: 1, baseRevision: null, document }] },
      headers: { "accept-language": language },
    });
    expect(res.statusCode, `${language} ${res.body}`).toBe(status);
    expect(res.json()).toMatchObject({ code, message: LETTER_ERROR_MESSAGES[language][code] });
  }
}

/** The rows of a raw query (PGlite and node-postgres both answer { rows }). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Stores `count` letters straight in the database (what many saves would leave), each with `document`. */
async function seedLetters(user: string, fontId: string, count: number, document: ReturnType<typeof sql>) {
  await t.database.db.execute(sql`
    insert into glyphs (owner_id, font_id, chars, variant, document, path, source)
    select ${user}::uuid, ${fontId}::uuid, chr(19968 + (i / 15)), (i % 15) + 1, ${document}, 'M0 0L10 0L10 10Z', 'drawn'
    from generate_series(0, ${count - 1}) as i`);
}

describe("limits of a letter and of a font", () => {
  it("refuses a letter past the engine's limits with LETTER_TOO_COMPLEX, in every language", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const point = dot.strokes[0]!.points[0]!;
    const strokes = Array.from({ length: GLYPH_LIMITS.totalStrokePoints / GLYPH_LIMITS.strokePoints + 1 }, (_, i) => ({
      id: `s${i}`,
      pen: { ...DEFAULT_PEN },
      points: Array(GLYPH_LIMITS.strokePoints).fill(point),
    }));
    await expectRefusedInEveryLanguage(user, fontId, { ...dot, strokes }, "LETTER_TOO_COMPLEX", 413);
  });

  it("refuses a letter past the contract's coordinate limit before it reaches the engine", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const far = {
      ...dot,
      strokes: [{ ...dot.strokes[0]!, points: [{ x: GLYPH_LIMITS.coordinate * 2, y: 0, pressure: 0.5, t: 0 }] }],
    };
    const res = await t.as(user, {
      method: "POST",
      url: `/api/fonts/${fontId}/letters/changes`,
      payload: { changes: [{ chars: "a", variant: 1, baseRevision: null, document: far }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION");
  });

  it(`refuses the letter after the ${FONT_LIMITS.letters}th of a font with FONT_TOO_MANY_LETTERS, in every language`, async () => {
    const user = await t.newUser();
    await t.setPremium(user, true);
    const fontId = await createFont(t, user);
    await seedLetters(user, fontId, FONT_LIMITS.letters, sql`${JSON.stringify(dot)}::jsonb`);
    await expectRefusedInEveryLanguage(user, fontId, dot, "FONT_TOO_MANY_LETTERS", 413);
    const [{ count } = { count: 0 }] = rowsOf<{ count: number }>(
      await t.database.db.execute(sql`select count(*)::int as count from glyphs where font_id = ${fontId}::uuid`),
    );
    expect(count).toBe(FONT_LIMITS.letters);
  }, 120_000);

  it("refuses a letter once the font's documents pass its stored size with FONT_TOO_LARGE, in every language", async () => {
    const user = await t.newUser();
    await t.setPremium(user, true);
    const fontId = await createFont(t, user);
    // Random bytes do not compress: a megabyte of them in each of enough letters passes the font's size. (Stored
    // straight in the database, as the saves of a busy account would have left them over time.)
    const noise = randomBytes(1024 * 1024).toString("base64");
    const heavy = sql`${JSON.stringify({ ...dot, noise })}::jsonb`;
    await seedLetters(user, fontId, Math.ceil(FONT_LIMITS.documentBytes / (1024 * 1024)) + 1, heavy);
    const [{ bytes } = { bytes: 0 }] = rowsOf<{ bytes: number }>(
      await t.database.db.execute(
        sql`select sum(pg_column_size(document))::float8 as bytes from glyphs where font_id = ${fontId}::uuid`,
      ),
    );
    expect(bytes).toBeGreaterThan(FONT_LIMITS.documentBytes);
    await expectRefusedInEveryLanguage(user, fontId, dot, "FONT_TOO_LARGE", 413);
  }, 120_000);
});
