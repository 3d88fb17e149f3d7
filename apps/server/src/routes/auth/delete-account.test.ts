import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInBrowser } from "../../test-support/accounts.ts";
import { syntheticScan } from "../../test-support/synthetic-scan.ts";
import { createTestBrowser } from "../../test-support/test-browser.ts";
import {
  addLetters,
  buildFont,
  createFont,
  createTemplate,
  uploadScans,
} from "../../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

const query = async <Row>(statement: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;

/**
 * Every row, in any table, whose owner or user column names the user (found from the database's own catalogue, so
 * a table added later is checked too), and the user row itself.
 */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const columns = await query<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type = 'uuid'
      and (column_name in ('owner_id', 'user_id') or (table_name = 'users' and column_name = 'id'))`);
  const left: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const [counted] = await query<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
    if (counted!.n > 0) left[`${table}.${column}`] = counted!.n;
  }
  return left;
}

/** A user with something in every part of the workspace: a template and its PDF, a read upload, a built font. */
async function userWithEverything() {
  const user = await t.newUser();
  const { template, layout } = await createTemplate(t, user);
  await t.as(user, { method: "GET", url: template.pdfUrl });
  await uploadScans(t, user, [{ fileName: "page1.jpg", bytes: await syntheticScan(layout, 1, { seed: 5 }) }]);
  const fontId = await createFont(t, user, { from: { kind: "template", templateId: template.id } });
  await addLetters(t, user, fontId, ["ж"]);
  expect(await buildFont(t, user, fontId)).toMatchObject({ state: "done" });
  return { user, template, fontId };
}

describe("deleting an account", () => {
  it("asks for the username and the password, each refusal with its own typed error", async () => {
    const user = await t.newUser();
    const { username, password } = t.credentials(user);
    const wrongName = await t.as(user, {
      method: "POST",
      url: "/api/profile/delete",
      payload: { username: "someone-else", password },
      headers: { "accept-language": "ru" },
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json()).toMatchObject({ code: "CONFIRMATION_MISMATCH", message: expect.stringMatching(/имя/) });
    const wrongPassword = await t.as(user, {
      method: "POST",
      url: "/api/profile/delete",
      payload: { username: username.toUpperCase(), password: "not-the-password" },
    });
    expect(wrongPassword.json().code).toBe("WRONG_PASSWORD");
    const noPassword = await t.as(user, { method: "POST", url: "/api/profile/delete", payload: { username } });
    expect(noPassword.json().code).toBe("WRONG_PASSWORD");
    expect((await t.as(user, { method: "GET", url: "/api/profile" })).statusCode).toBe(200);
  });

  it("deletes the account with every row and file it owns, and nothing of anyone else", async () => {
    const doomed = await userWithEverything();
    const kept = await userWithEverything();
    const { username, password } = t.credentials(doomed.user);
    const blobs = t.workspace.ctx.blobs;
    expect(await blobs.get(`templates/${doomed.template.id}/en-v2.pdf`)).toBeDefined();

    const deleted = await t.as(doomed.user, {
      method: "POST",
      url: "/api/profile/delete",
      payload: { username, password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // The browser's session cookie is cleared with it.
    expect(String(deleted.headers["set-cookie"])).toMatch(/refreshToken=;/);

    expect(await rowsOf(doomed.user)).toEqual({});
    expect(await blobs.get(`templates/${doomed.template.id}/en-v2.pdf`)).toBeUndefined();
    const fontFiles = await t.as(kept.user, { method: "GET", url: `/api/getCreatedFont/${kept.fontId}?format=otf` });
    expect(fontFiles.statusCode).toBe(200);
    expect((await t.as(kept.user, { method: "GET", url: "/api/getAllTemplates" })).json().templates[0].id).toBe(
      kept.template.id,
    );
    expect(Object.keys(await rowsOf(kept.user)).length).toBeGreaterThan(3);

    const browser = createTestBrowser(t.app);
    const signIn = await browser.post("/api/auth/signin", {
      username,
      password,
      recaptca: await browser.solveCaptcha(),
    });
    expect(signIn.json().code).toBe("BAD_CREDENTIALS");
  });

  it("stops the access tokens of a deleted account at once, on every device", async () => {
    const user = await t.newUser();
    const credentials = t.credentials(user);
    const phone = await signedInBrowser(t.app, credentials);
    expect((await phone.get("/api/getAllAddedFonts")).statusCode).toBe(200);
    const deleted = await t.as(user, {
      method: "POST",
      url: "/api/profile/delete",
      payload: { username: credentials.username, password: credentials.password },
    });
    expect(deleted.statusCode).toBe(204);
    // Well within the access token's 15 minutes.
    const after = await phone.get("/api/getAllAddedFonts");
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("UNAUTHORIZED");
    expect((await t.as(user, { method: "GET", url: "/api/profile" })).statusCode).toBe(401);
  });
});
