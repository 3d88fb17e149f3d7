import { emptyGlyphDocument, type GlyphDocument } from "@handfont/engine/fonts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { postgresAnswers, postgresTestDatabase } from "../test-support/postgres.ts";
import { createFont, square } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

// PostgreSQL tier: PGlite runs one transaction at a time, PostgreSQL runs them side by side (READ COMMITTED), so a
// limit counted before writing holds there only when the writers of one account wait for each other.
const hasPostgres = await postgresAnswers("plan limit tests");

/** `count` distinct letters starting at a code point, each one variant. */
function lettersFrom(start: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    chars: String.fromCodePoint(start + i),
    variant: 1,
    path: square(),
  }));
}

/** A letter of the letters API: a square drawn as one contour. */
const squareDocument = (): GlyphDocument => ({
  ...emptyGlyphDocument(),
  contours: [
    {
      points: [
        { x: 0, y: 0, on: true, type: "corner" },
        { x: 500, y: 0, on: true, type: "corner" },
        { x: 500, y: 500, on: true, type: "corner" },
        { x: 0, y: 500, on: true, type: "corner" },
      ],
    },
  ],
});

describe.skipIf(!hasPostgres)("plan limits under concurrent calls on PostgreSQL", () => {
  const testDatabase = postgresTestDatabase("handfont_limits_ws");
  let database: Database;
  let t: WorkspaceTestApp;
  beforeAll(async () => {
    await testDatabase.create();
    database = await openDatabase({ driver: "postgres", url: testDatabase.url });
    t = await createWorkspaceTestApp({}, { database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await testDatabase.drop();
  });

  const characterCount = async (user: string, fontId: string) =>
    (await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" }))
      .json()
      .fonts.find((font: { id: string }) => font.id === fontId).characterCount as number;

  it("never lets two calls of 70 letters each make 140 characters of a free plan's 120", async () => {
    const user = await t.newUser();
    for (let round = 0; round < 3; round += 1) {
      const fontId = await createFont(t, user, { name: `Race ${round}` });
      const results = await Promise.all([
        t.as(user, {
          method: "POST",
          url: "/api/addSingleLetters",
          payload: { fontId, letters: lettersFrom(0x410, 70) },
        }),
        t.as(user, {
          method: "POST",
          url: "/api/addSingleLetters",
          payload: { fontId, letters: lettersFrom(0x4e00, 70) },
        }),
      ]);
      expect(results.map((res) => res.statusCode).sort()).toEqual([200, 402]);
      expect(results.find((res) => res.statusCode === 402)!.json().code).toBe("PLAN_LIMIT_CHARACTERS");
      expect(await characterCount(user, fontId)).toBe(70);
      expect((await t.as(user, { method: "GET", url: `/api/removeFont/${fontId}` })).statusCode).toBe(200);
    }
  });

  it("holds the limit between saving the editor and adding letters at the same time", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user, { name: "Editor race" });
    const [fromEditor, fromImport] = await Promise.all([
      t.as(user, {
        method: "POST",
        url: "/api/saveAllDataSvg",
        payload: { fontId, glyphs: lettersFrom(0x4e00, 70), deleted: [] },
      }),
      t.as(user, {
        method: "POST",
        url: "/api/addSingleLetters",
        payload: { fontId, letters: lettersFrom(0x410, 70) },
      }),
    ]);
    expect([fromEditor.statusCode, fromImport.statusCode].sort()).toEqual([200, 402]);
    expect(await characterCount(user, fontId)).toBe(70);
  });

  it("holds the limit between a save of the letters API and adding letters at the same time", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user, { name: "Changes race" });
    const changes = lettersFrom(0x4e00, 70).map((letter) => ({
      chars: letter.chars,
      variant: 1,
      baseRevision: null,
      document: squareDocument(),
    }));
    const [fromChanges, fromImport] = await Promise.all([
      t.as(user, { method: "POST", url: `/api/fonts/${fontId}/letters/changes`, payload: { changes } }),
      t.as(user, {
        method: "POST",
        url: "/api/addSingleLetters",
        payload: { fontId, letters: lettersFrom(0x410, 70) },
      }),
    ]);
    expect([fromChanges.statusCode, fromImport.statusCode].sort(), fromChanges.body).toEqual([200, 402]);
    expect(await characterCount(user, fontId)).toBe(70);
  });
});
