import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLetters, createFont } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

const fontsOf = async (user: string) =>
  (await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts as { id: string; name: string }[];

const post = (user: string, url: string, payload: unknown, key?: string, language = "en") =>
  t.as(user, {
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    headers: { "accept-language": language, ...(key ? { "idempotency-key": key } : {}) },
  });

describe("create calls with an Idempotency-Key", () => {
  it("makes one font of a double click, and answers the second click with the first answer", async () => {
    const user = await t.newUser();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      post(user, "/api/createFont", { name: "Double click" }, key),
      post(user, "/api/createFont", { name: "Double click" }, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().id).toBe(first.json().id);
    expect([first.headers["idempotent-replayed"], second.headers["idempotent-replayed"]].sort()).toEqual([
      "true",
      undefined,
    ]);
    expect(await fontsOf(user)).toHaveLength(1);
    // Without a key each call is its own.
    await post(user, "/api/createFont", { name: "Two" });
    expect(await fontsOf(user)).toHaveLength(2);
  });

  it("makes one copy, one template and one build of repeated calls", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user, { name: "Source" });
    await addLetters(t, user, fontId, ["a", "b"]);
    const copyKey = randomUUID();
    const copies = [
      await post(user, "/api/copyFont", { fontId }, copyKey),
      await post(user, "/api/copyFont", { fontId }, copyKey),
    ];
    expect(copies[1]!.json().id).toBe(copies[0]!.json().id);
    expect(await fontsOf(user)).toHaveLength(2);

    const templateKey = randomUUID();
    const template = { name: "Once", sets: ["digits"], cellSize: "l" };
    const templates = [
      await post(user, "/api/createTemplate", template, templateKey),
      await post(user, "/api/createTemplate", template, templateKey),
    ];
    expect(templates[0]!.statusCode, templates[0]!.body).toBe(200);
    expect(templates[1]!.json().template.id).toBe(templates[0]!.json().template.id);
    const own = (await t.as(user, { method: "GET", url: "/api/getAllTemplates" }))
      .json()
      .templates.filter((entry: { readyMade: boolean }) => !entry.readyMade);
    expect(own).toHaveLength(1);

    const buildKey = randomUUID();
    const builds = await Promise.all([
      post(user, "/api/buildFont", { fontId }, buildKey),
      post(user, "/api/buildFont", { fontId }, buildKey),
    ]);
    expect(builds[0]!.statusCode, builds[0]!.body).toBeLessThan(300);
    expect(builds[1]!.body).toBe(builds[0]!.body);
  });

  it("refuses the same key with other data, in the user's language", async () => {
    const user = await t.newUser();
    const key = randomUUID();
    expect((await post(user, "/api/createFont", { name: "First" }, key)).statusCode).toBe(200);
    const other = await post(user, "/api/createFont", { name: "Second" }, key, "ru");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: "Это действие уже было отправлено с другими данными. Начните его заново.",
    });
    const otherRoute = await post(user, "/api/createTemplate", { name: "First", sets: ["digits"], cellSize: "l" }, key);
    expect(otherRoute.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("keeps keys apart per user, and forgets a failed call so its retry can succeed", async () => {
    const [alice, bob] = [await t.newUser(), await t.newUser()];
    const key = randomUUID();
    const forAlice = await post(alice, "/api/createFont", { name: "Mine" }, key);
    const forBob = await post(bob, "/api/createFont", { name: "Mine" }, key);
    expect(forBob.json().id).not.toBe(forAlice.json().id);
    expect(await fontsOf(bob)).toHaveLength(1);

    // Bob is at the free plan's two fonts: the call fails, and the same key works once there is room.
    await post(bob, "/api/createFont", { name: "Second" });
    const retryKey = randomUUID();
    const refused = await post(bob, "/api/createFont", { name: "Third" }, retryKey);
    expect(refused.json().code).toBe("PLAN_LIMIT_FONTS");
    expect((await t.as(bob, { method: "GET", url: `/api/removeFont/${forBob.json().id}` })).statusCode).toBe(200);
    const retried = await post(bob, "/api/createFont", { name: "Third" }, retryKey);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("refuses a malformed key and documents the header in the OpenAPI description", async () => {
    const user = await t.newUser();
    const bad = await post(user, "/api/createFont", { name: "Bad key" }, "short");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION", issues: [{ path: "headers/idempotency-key" }] });
    const openapi = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of ["/api/createFont", "/api/copyFont", "/api/createTemplate", "/api/buildFont"]) {
      const parameters = openapi.paths[path].post.parameters as { in: string; name: string; description?: string }[];
      expect(parameters, path).toContainEqual(
        expect.objectContaining({
          in: "header",
          name: "idempotency-key",
          description: expect.stringMatching(/first answer/),
        }),
      );
    }
  });
});
