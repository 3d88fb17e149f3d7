import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUserData } from "../../test-support/accounts.ts";
import { type SiteverifyPeer, startSiteverifyPeer } from "../../test-support/siteverify-peer.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser } from "../../test-support/test-browser.ts";

let peer: SiteverifyPeer;
let t: TestApp;
beforeAll(async () => {
  peer = await startSiteverifyPeer("turnstile-secret");
  t = await createTestApp({
    CAPTCHA_PROVIDER: "turnstile",
    CAPTCHA_SECRET: "turnstile-secret",
    CAPTCHA_SITE_KEY: "1x00000000000000000000AA",
    CAPTCHA_VERIFY_URL: peer.url,
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

describe("a remote captcha provider chosen by configuration", () => {
  it("tells the web app which widget to show and has no ALTCHA challenge", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/public-config" })).json().captcha).toEqual({
      provider: "turnstile",
      siteKey: "1x00000000000000000000AA",
      challengeUrl: null,
    });
    expect((await t.app.inject({ method: "GET", url: "/api/captcha/challenge" })).statusCode).toBe(404);
    // The widget's script and frame come from the provider: the CSP allows exactly its host.
    const csp = String((await t.app.inject({ method: "GET", url: "/en" })).headers["content-security-policy"]);
    expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/challenges\.cloudflare\.com/);
    expect(csp).not.toContain("google.com");
  });

  it("signs up with a token the provider accepts and refuses one it rejects", async () => {
    const browser = createTestBrowser(t.app);
    expect((await browser.post("/api/auth/signup", { ...newUserData(), recaptca: "bad" })).json().code).toBe("CAPTCHA");
    expect((await browser.post("/api/auth/signup", { ...newUserData(), recaptca: "pass" })).statusCode).toBe(201);
    expect(peer.requests.at(-1)?.form.get("remoteip")).toBe(browser.ip);
  });
});
