import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

describe("plans", () => {
  it("tells a free user their plan and limits", async () => {
    const res = await t.as(t.newUser(), { method: "GET", url: "/api/subscribe/isPremium" });
    expect(res.json()).toEqual({
      isPremium: false,
      plan: "free",
      premiumUntil: null,
      limits: { fonts: 2, charactersPerFont: 120, variantsPerCharacter: 2, ligatures: false },
    });
  });

  it("tells a premium user until when", async () => {
    const user = t.newUser();
    t.premium.add(user);
    const res = await t.as(user, { method: "GET", url: "/api/subscribe/isPremium" });
    expect(res.json()).toMatchObject({ isPremium: true, plan: "premium", premiumUntil: "2030-01-01T00:00:00.000Z" });
    expect(res.json().limits.fonts).toBe(50);
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/subscribe/isPremium" })).statusCode).toBe(401);
  });
});
