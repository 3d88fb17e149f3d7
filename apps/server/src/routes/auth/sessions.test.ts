import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../ports/clock.ts";
import { REFRESH_GRACE_MS } from "../../services/auth/sessions.ts";
import { outboxLinks, pathOf, registerConfirmedUser, signedInBrowser } from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser } from "../../test-support/test-browser.ts";

// Starts now: the ALTCHA library checks challenge expiry against the real time.
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "boss@example.com" }, undefined, { accountPorts: { clock } });
});
afterAll(async () => {
  await t.close();
});

describe("refresh token rotation", () => {
  it("rotates the cookie on every refresh and answers a fresh access token and the user", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    const first = browser.cookie("refreshToken");
    const res = await browser.post("/api/auth/refreshtoken");
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, username: user.username });
    expect(browser.cookie("refreshToken")).not.toBe(first);
    browser.accessToken = res.json().accessToken;
    expect((await browser.get("/api/profile")).statusCode).toBe(200);
  });

  it("revokes the whole family when a replaced token comes back, logging out thief and victim", async () => {
    const user = await registerConfirmedUser(t.app);
    const victim = await signedInBrowser(t.app, user);
    const stolen = victim.cookie("refreshToken")!;
    expect((await victim.post("/api/auth/refreshtoken")).statusCode).toBe(200);

    const thief = createTestBrowser(t.app);
    thief.setCookie("refreshToken", stolen, "/api/auth");
    const reuse = await thief.post("/api/auth/refreshtoken");
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe("REFRESH_REUSE");
    expect(thief.cookie("refreshToken")).toBeUndefined();

    const after = await victim.post("/api/auth/refreshtoken");
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("SESSION_REVOKED");
  });

  it("keeps two tabs signed in when they refresh with the same cookie at once", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    const results = await Promise.all([browser.post("/api/auth/refreshtoken"), browser.post("/api/auth/refreshtoken")]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    for (const res of results) {
      browser.accessToken = res.json().accessToken;
      expect((await browser.get("/api/profile")).statusCode).toBe(200);
    }
    // Whichever cookie the browser kept goes on working.
    expect((await browser.post("/api/auth/refreshtoken")).statusCode).toBe(200);
  });

  it("lets a tab that refreshes a moment after another one in, but detects the reuse after the grace window", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    const shared = browser.cookie("refreshToken")!;
    expect((await browser.post("/api/auth/refreshtoken")).statusCode).toBe(200);
    clock.advance(REFRESH_GRACE_MS - 1000);
    const lateTab = createTestBrowser(t.app, { ip: browser.ip });
    lateTab.setCookie("refreshToken", shared, "/api/auth");
    expect((await lateTab.post("/api/auth/refreshtoken")).statusCode).toBe(200);

    const later = await signedInBrowser(t.app, user);
    const replaced = later.cookie("refreshToken")!;
    expect((await later.post("/api/auth/refreshtoken")).statusCode).toBe(200);
    clock.advance(REFRESH_GRACE_MS + 1000);
    const staleTab = createTestBrowser(t.app, { ip: later.ip });
    staleTab.setCookie("refreshToken", replaced, "/api/auth");
    expect((await staleTab.post("/api/auth/refreshtoken")).json().code).toBe("REFRESH_REUSE");
    expect((await later.post("/api/auth/refreshtoken")).json().code).toBe("SESSION_REVOKED");
  });

  it("answers NO_SESSION without a cookie and stores only hashes of the tokens", async () => {
    const anonymous = await createTestBrowser(t.app).post("/api/auth/refreshtoken");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("NO_SESSION");
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    const secret = browser.cookie("refreshToken")!.split(".")[1]!;
    const dump = await t.database.db.execute(sql`select * from refresh_tokens`);
    expect(JSON.stringify(dump)).not.toContain(secret);
  });

  it("ends a session left idle for 14 days", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    clock.advance(14 * 24 * 3600_000 + 1000);
    const res = await browser.post("/api/auth/refreshtoken");
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("SESSION_EXPIRED");
  });

  it("refuses an access token after its 15 minutes, so the client refreshes", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    clock.advance(14 * 60_000);
    expect((await browser.get("/api/profile")).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const expired = await browser.get("/api/profile");
    expect(expired.statusCode).toBe(401);
    browser.accessToken = (await browser.post("/api/auth/refreshtoken")).json().accessToken;
    expect((await browser.get("/api/profile")).statusCode).toBe(200);
  });

  it("revokes the session on logout", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    const token = browser.cookie("refreshToken")!;
    expect((await browser.post("/api/auth/logout")).statusCode).toBe(204);
    expect(browser.cookie("refreshToken")).toBeUndefined();
    browser.setCookie("refreshToken", token, "/api/auth");
    // The XSRF token issued at logout is anonymous; the page fetches one for the cookie it now sends.
    browser.deleteCookie("XSRF-TOKEN");
    expect((await browser.post("/api/auth/refreshtoken")).json().code).toBe("SESSION_REVOKED");
  });
});

describe("XSRF double submit", () => {
  it("refuses a state-changing call without the header, with a wrong one, or with a forged token", async () => {
    const browser = createTestBrowser(t.app);
    await browser.get("/api/auth/csrf");
    const token = browser.cookie("XSRF-TOKEN")!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const missing = await browser.post("/api/auth/logout", undefined, { xsrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe("XSRF");
    const wrong = await browser.post("/api/auth/logout", undefined, { headers: { "x-xsrf-token": `${token}x` } });
    expect(wrong.statusCode).toBe(403);
    browser.setCookie("XSRF-TOKEN", "abc.def");
    const forged = await browser.post("/api/auth/logout", undefined, { headers: { "x-xsrf-token": "abc.def" } });
    expect(forged.statusCode).toBe(403);
  });

  it("re-issues the cookie with a refusal, so one retry succeeds", async () => {
    const browser = createTestBrowser(t.app);
    browser.setCookie("XSRF-TOKEN", "stale.token");
    expect((await browser.post("/api/auth/logout")).statusCode).toBe(403);
    expect(browser.cookie("XSRF-TOKEN")).not.toBe("stale.token");
    expect((await browser.post("/api/auth/logout")).statusCode).toBe(204);
  });

  it("refuses an anonymous token planted into a live session, and a foreign Origin", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = await signedInBrowser(t.app, user);
    const other = createTestBrowser(t.app);
    await other.get("/api/auth/csrf");
    const anonymous = other.cookie("XSRF-TOKEN")!;
    browser.setCookie("XSRF-TOKEN", anonymous);
    const planted = await browser.post("/api/auth/refreshtoken", undefined, { headers: { "x-xsrf-token": anonymous } });
    expect(planted.statusCode).toBe(403);
    const foreign = await browser.post("/api/auth/refreshtoken", undefined, {
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("BAD_ORIGIN");
    const own = await browser.post("/api/auth/refreshtoken", undefined, {
      headers: { origin: "http://localhost:3000" },
    });
    expect(own.statusCode).toBe(200);
  });

  it("covers every state-changing API path, and no GET", async () => {
    const browser = createTestBrowser(t.app);
    for (const path of ["/api/auth/signin", "/api/resendEmail", "/api/forgotPassword", "/api/profile/editPassword"]) {
      expect((await browser.post(path, {}, { xsrf: false })).statusCode, path).toBe(403);
    }
    expect((await browser.get("/api/hello")).statusCode).toBe(200);
  });
});

describe("access to users", () => {
  it("lets a user read themselves but not another user; an ADMIN reads anyone", async () => {
    const alice = await registerConfirmedUser(t.app, "alice");
    const bob = await registerConfirmedUser(t.app, "bob");
    const asAlice = await signedInBrowser(t.app, alice);
    expect((await asAlice.get(`/api/user/${alice.id}`)).json()).toMatchObject({ id: alice.id, email: alice.email });
    const denied = await asAlice.get(`/api/user/${bob.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain(bob.email);
    expect((await createTestBrowser(t.app).get(`/api/user/${bob.id}`)).statusCode).toBe(401);

    const boss = await registerConfirmedUserWithEmail("boss@example.com");
    const asBoss = await signedInBrowser(t.app, boss);
    const read = await asBoss.get(`/api/user/${bob.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().email).toBe(bob.email);
    expect((await asBoss.get(`/api/user/${boss.id}`)).json().roles).toEqual(["USER", "ADMIN"]);
  });
});

async function registerConfirmedUserWithEmail(email: string) {
  const browser = createTestBrowser(t.app);
  const data = { username: "boss", email, password: "violet-harbour-boss" };
  const res = await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
  const [link] = await outboxLinks(t.app, email);
  await browser.get(pathOf(link!));
  return { id: res.json().id as string, ...data };
}
