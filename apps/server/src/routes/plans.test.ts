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
      payload: { userId: user, days: 30, reason: "Contest prize" },
    });
    expect(first.statusCode, first.body).toBe(200);
    const until = new Date(first.json().premiumUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const second = await t.as(admin, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { userId: user, days: 10, reason: "Apology for downtime" },
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
    expect(audit.map((event) => [event.action, event.actorUserId, event.details.days, event.details.reason])).toEqual([
      ["premium.grant", admin, 10, "Apology for downtime"],
      ["premium.grant", admin, 30, "Contest prize"],
    ]);
  });

  it("lets an admin take time away with a reason, which ends premium when nothing is left", async () => {
    const admin = await t.newUser({ admin: true });
    const user = await t.newUser();
    const grant = (days: number, reason: string) =>
      t.as(admin, { method: "POST", url: "/api/addSubscriber/add", payload: { userId: user, days, reason } });
    const granted = (await grant(30, "Trial")).json();
    const shortened = (await grant(-10, "Granted by mistake")).json();
    expect(new Date(granted.premiumUntil).getTime() - new Date(shortened.premiumUntil).getTime()).toBe(10 * 86_400_000);
    expect(shortened.isPremium).toBe(true);
    expect((await grant(-30, "Abuse")).json().isPremium).toBe(false);
    expect(await status(user)).toMatchObject({ isPremium: false, plan: "free" });
    const missingReason = await t.as(admin, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { userId: user, days: 5 },
    });
    expect(missingReason.statusCode).toBe(400);
  });

  it("finds users for an admin and sets roles through POST /user/{id}/{role}, audited", async () => {
    const admin = await t.newUser({ admin: true });
    const user = await t.newUser();
    const found = await t.as(admin, { method: "GET", url: `/api/admin/users?query=${user}` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().users).toEqual([expect.objectContaining({ id: user, roles: ["USER"], isPremium: false })]);
    const promote = await t.as(admin, { method: "POST", url: `/api/user/${user}/ADMIN` });
    expect(promote.json()).toEqual({ id: user, roles: ["USER", "ADMIN"] });
    const demote = await t.as(admin, { method: "POST", url: `/api/user/${user}/USER` });
    expect(demote.json()).toEqual({ id: user, roles: ["USER"] });
    const self = await t.as(admin, { method: "POST", url: `/api/user/${admin}/USER` });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe("CANNOT_DEMOTE_SELF");
    expect((await t.as(user, { method: "POST", url: `/api/user/${user}/ADMIN` })).statusCode).toBe(403);
    expect((await t.as(user, { method: "GET", url: "/api/admin/users?query=ws" })).statusCode).toBe(403);
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.paths["/api/user/{id}/{role}"].post.summary).toContain("reading of the spec's POST /user/{a}/{b}");
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, user));
    expect(audit.filter((event) => event.action === "user.role").map((event) => event.details.roles)).toEqual(
      expect.arrayContaining([["USER", "ADMIN"], ["USER"]]),
    );
  });

  it("refuses grants from non-admins and to unknown users", async () => {
    const user = await t.newUser();
    const self = await t.as(user, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { userId: user, days: 365, reason: "Myself" },
    });
    expect(self.statusCode).toBe(403);
    const admin = await t.newUser({ admin: true });
    const nobody = await t.as(admin, {
      method: "POST",
      url: "/api/addSubscriber/add",
      payload: { email: "nobody@example.com", days: 1, reason: "Nobody" },
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe("USER_NOT_FOUND");
    expect(await status(user)).toMatchObject({ isPremium: false });
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/subscribe/isPremium" })).statusCode).toBe(401);
  });
});
