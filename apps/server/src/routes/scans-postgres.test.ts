import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { multipart } from "../test-support/multipart.ts";
import { postgresAnswers, postgresTestDatabase } from "../test-support/postgres.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createTemplate } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

// PostgreSQL tier: PGlite runs one query at a time, PostgreSQL does not; these races only exist there.
const hasPostgres = await postgresAnswers("workspace tests");

describe.skipIf(!hasPostgres)("workspace on PostgreSQL", () => {
  const testDatabase = postgresTestDatabase("handfont_ws");
  let database: Database;
  let t: WorkspaceTestApp;
  beforeAll(async () => {
    await testDatabase.create();
    database = await openDatabase({ driver: "postgres", url: testDatabase.url });
    t = await createWorkspaceTestApp({ scanConcurrency: 4 }, { database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await testDatabase.drop();
  });

  it("loses no letters when the pages of one template are read at the same time", async () => {
    const user = await t.newUser();
    const { layout } = await createTemplate(t, user);
    const pages = [await syntheticScan(layout, 1), await syntheticScan(layout, 2)];
    const uploads = await Promise.all(
      [0, 1, 0, 1].map(async (index) => {
        const body = await multipart([{ fileName: `p${index}.jpg`, bytes: pages[index]! }]);
        return t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...body });
      }),
    );
    expect(uploads.every((res) => res.statusCode === 202)).toBe(true);
    await t.workspace.jobs.idle();
    const sets = (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" })).json().letterSets;
    expect(sets).toHaveLength(1);
    expect(sets[0].glyphs).toHaveLength(layout.cells.length);
  });

  it("holds the font limit when several fonts are created at once", async () => {
    const user = await t.newUser();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => t.as(user, { method: "POST", url: "/api/createFont", payload: { name: `F${n}` } })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 200, 402, 402, 402]);
    expect((await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts).toHaveLength(2);
  });
});
