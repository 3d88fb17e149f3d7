import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { newUserData, outboxLinks, pathOf, registerConfirmedUser } from "../../test-support/accounts.ts";
import { type LocalOpenIdProvider, startOpenIdProvider } from "../../test-support/oidc-provider.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser, type TestBrowser } from "../../test-support/test-browser.ts";

const CALLBACK = "http://localhost:3000/api/auth/google/callback";
let provider: LocalOpenIdProvider;
let t: TestApp;
const identities: Record<string, { email?: string; email_verified?: boolean; name?: string }> = {};

beforeAll(async () => {
  provider = await startOpenIdProvider(CALLBACK, identities);
  t = await createTestApp({
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    OIDC_ISSUER: provider.issuer,
    // Plain HTTP to the local provider: allowed only outside production, for tests like this one.
    OIDC_ALLOW_HTTP: "true",
    ADMIN_EMAILS: "chief@example.com",
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** The whole popup: start at our server, sign in at the provider, come back to our callback. */
async function googlePopup(browser: TestBrowser, subject: string, query = "lang=en") {
  const start = await browser.get(`/api/auth/google/start?${query}`);
  expect(start.statusCode).toBe(302);
  const callbackUrl = await provider.authorize(String(start.headers.location), subject);
  return browser.get(pathOf(callbackUrl.href));
}

/** The result the callback page posts to its opener. */
function resultOf(page: { body: string }): string {
  const match = page.body.match(/"auth":"([^"]+)"/);
  if (!match) throw new Error(`no result in ${page.body}`);
  return match[1]!;
}

describe("Google sign-in (OpenID Connect code flow with PKCE against a local provider)", () => {
  it("shows the button only when configured", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/public-config" })).json().googleSignIn).toBe(true);
  });

  it("starts with PKCE S256, state and nonce kept in a signed httpOnly cookie", async () => {
    const browser = createTestBrowser(t.app);
    const start = await browser.get("/api/auth/google/start?lang=de");
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    const cookie = (start.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[]).find(
      (c) => c.name === "oidcTransaction",
    );
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google" });
    expect(start.body).not.toContain(url.searchParams.get("state")!);
  });

  it("creates a confirmed account without a password for a verified new identity, then signs in through refresh", async () => {
    identities["g-new"] = { email: "New.Person@gmail.com", email_verified: true, name: "New Person" };
    const browser = createTestBrowser(t.app);
    const page = await googlePopup(browser, "g-new");
    expect(page.statusCode).toBe(200);
    expect(resultOf(page)).toBe("ok");
    expect(page.body).not.toMatch(/accessToken|refreshToken/);
    expect(String(page.headers["content-security-policy"])).toMatch(/script-src 'nonce-[\w+/=]+'/);
    const session = await browser.post("/api/auth/refreshtoken");
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({
      username: "NewPerson",
      email: "New.Person@gmail.com",
      hasPassword: false,
    });

    const again = createTestBrowser(t.app);
    expect(resultOf(await googlePopup(again, "g-new"))).toBe("ok");
    expect((await again.post("/api/auth/refreshtoken")).json().user.id).toBe(session.json().user.id);
  });

  it("lets a Google-only account add a password once, and then sign in with it", async () => {
    identities["g-addpw"] = { email: "add.password@gmail.com", email_verified: true, name: "Add Password" };
    const browser = createTestBrowser(t.app);
    await googlePopup(browser, "g-addpw");
    const session = (await browser.post("/api/auth/refreshtoken")).json();
    browser.accessToken = session.accessToken;
    expect((await browser.post("/api/profile/addPassword", { password: "password" })).json().code).toBe(
      "PASSWORD_TOO_COMMON",
    );
    expect((await browser.post("/api/profile/addPassword", { password: "violet-harbour-77" })).statusCode).toBe(204);
    expect((await browser.post("/api/profile/addPassword", { password: "violet-harbour-78" })).json().code).toBe(
      "PASSWORD_ALREADY_SET",
    );
    const other = createTestBrowser(t.app);
    const signIn = await other.post("/api/auth/signin", {
      username: session.user.username,
      password: "violet-harbour-77",
      recaptca: await other.solveCaptcha(),
    });
    expect(signIn.json().user).toMatchObject({ id: session.user.id, hasPassword: true });
  });

  it("links to an existing account by a verified e-mail whatever its case", async () => {
    const user = await registerConfirmedUser(t.app, "linkme");
    identities["g-link"] = { email: user.email.toUpperCase(), email_verified: true };
    const browser = createTestBrowser(t.app);
    expect(resultOf(await googlePopup(browser, "g-link"))).toBe("ok");
    expect((await browser.post("/api/auth/refreshtoken")).json().user.id).toBe(user.id);
    browser.accessToken = (await browser.post("/api/auth/refreshtoken")).json().accessToken;
    expect((await browser.get("/api/profile")).json()).toMatchObject({ googleLinked: true, hasPassword: true });
  });

  it("refuses to link by an e-mail the provider has not verified", async () => {
    const user = await registerConfirmedUser(t.app, "victim");
    identities["g-unverified"] = { email: user.email, email_verified: false };
    const browser = createTestBrowser(t.app);
    const page = await googlePopup(browser, "g-unverified");
    expect(resultOf(page)).toBe("EMAIL_NOT_VERIFIED_AT_PROVIDER");
    expect(browser.cookie("refreshToken")).toBeUndefined();
  });

  it("drops the password of an unconfirmed account it takes over (no pre-hijacking)", async () => {
    const browser = createTestBrowser(t.app);
    const squatter = newUserData("squat");
    await browser.post("/api/auth/signup", { ...squatter, recaptca: await browser.solveCaptcha() });
    identities["g-owner"] = { email: squatter.email, email_verified: true };
    expect(resultOf(await googlePopup(createTestBrowser(t.app), "g-owner"))).toBe("ok");
    const [row] = await t.database.db.select().from(users).where(eq(users.email, squatter.email));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailConfirmedAt).not.toBeNull();
  });

  it("answers confirmEmail for a new identity with an unverified address and mails the link", async () => {
    identities["g-pending"] = { email: "pending@example.org", email_verified: false };
    const browser = createTestBrowser(t.app);
    expect(resultOf(await googlePopup(browser, "g-pending"))).toBe("confirmEmail");
    expect(browser.cookie("refreshToken")).toBeUndefined();
    const [link] = await outboxLinks(t.app, "pending@example.org");
    expect((await browser.get(pathOf(link!))).headers.location).toBe("/en/login?confirmed=1");
    expect(resultOf(await googlePopup(browser, "g-pending"))).toBe("ok");
  });

  it("grants ADMIN to an address of ADMIN_EMAILS verified by the provider", async () => {
    identities["g-chief"] = { email: "chief@example.com", email_verified: true };
    const browser = createTestBrowser(t.app);
    await googlePopup(browser, "g-chief");
    expect((await browser.post("/api/auth/refreshtoken")).json().user.roles).toEqual(["USER", "ADMIN"]);
  });

  it("refuses a callback without its transaction cookie (login CSRF) and a replayed one", async () => {
    identities["g-csrf"] = { email: "csrf@example.com", email_verified: true };
    const attacker = createTestBrowser(t.app);
    const start = await attacker.get("/api/auth/google/start");
    const callback = await provider.authorize(String(start.headers.location), "g-csrf");
    const victim = createTestBrowser(t.app);
    expect(resultOf(await victim.get(pathOf(callback.href)))).toBe("SOCIAL_LOGIN_FAILED");
    expect(victim.cookie("refreshToken")).toBeUndefined();
    expect(resultOf(await attacker.get(pathOf(callback.href)))).toBe("ok");
    expect(resultOf(await attacker.get(pathOf(callback.href)))).toBe("SOCIAL_LOGIN_FAILED");
  });

  it("redirects to /{lang}/login?auth=… instead of answering a popup page when asked to", async () => {
    identities["g-redirect"] = { email: "redirect@example.com", email_verified: true };
    const browser = createTestBrowser(t.app);
    const page = await googlePopup(browser, "g-redirect", "lang=ru&mode=redirect");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/ru/login?auth=ok");
  });
});
