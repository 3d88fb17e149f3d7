import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../db/schema/index.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

const status = async (user: string) => (await t.as(user, { method: "GET", url: "/api/subscribe/isPremium" })).json();

describe("plans", () => {
  it("tells a free user their plan and limits", async () => {
    expect(await status(await t.newUser())).toEqual({
      isPremium: false,
      plan: "free",
      premiumUntil: null,
      limits: { fonts: 2, charactersPerFont: 120, variantsPerCharacter: 2, ligatures: false },
    });
  });

  it("lets an admin grant premium time, adds it to time left, and audits every grant", async () => {
    const admin = await t.newUser({ admin: true });
    const user = await t.newUser();
    const first = await t.as(admin, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { userId: user, days: 30 },
    });
    expect(first.statusCode, first.body).toBe(200);
    const until = new Date(first.json().premiumUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const second = await t.as(admin, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { userId: user, days: 10 },
    });
    expect(new Date(second.json().premiumUntil).getTime() - until).toBe(10 * 86_400_000);
    expect(await status(user)).toMatchObject({
      isPremium: true,
      plan: "premium",
      premiumUntil: second.json().premiumUntil,
    });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, user))
      .orderBy(desc(auditEvents.createdAt));
    expect(audit.map((event) => [event.action, event.actorUserId, event.details.days])).toEqual([
      ["subscription.grant", admin, 10],
      ["subscription.grant", admin, 30],
    ]);
  });

  it("refuses grants from non-admins and to unknown users", async () => {
    const user = await t.newUser();
    const self = await t.as(user, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { userId: user, days: 365 },
    });
    expect(self.statusCode).toBe(403);
    const admin = await t.newUser({ admin: true });
    const nobody = await t.as(admin, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { email: "nobody@example.com", days: 1 },
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe("USER_NOT_FOUND");
    expect(await status(user)).toMatchObject({ isPremium: false });
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/subscribe/isPremium" })).statusCode).toBe(401);
  });
});
