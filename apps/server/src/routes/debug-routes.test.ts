import { describe, expect, it } from "vitest";
import { newUserData } from "../test-support/accounts.ts";
import { createTestApp } from "../test-support/test-app.ts";
import { createTestBrowser } from "../test-support/test-browser.ts";

describe("development outbox", () => {
  it("lists recipient, subject, time and links of the mails a development server kept", async () => {
    const t = await createTestApp();
    const browser = createTestBrowser(t.app);
    const data = newUserData();
    await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
    const res = await t.app.inject({ method: "GET", url: "/api/debug/outbox" });
    expect(res.headers["cache-control"]).toBe("no-store");
    const [mail] = res.json().messages;
    expect(mail).toMatchObject({
      to: data.email,
      subject: "Confirm your email for Handfont",
      links: [expect.stringMatching(/\/api\/auth\/confirm\?token=/)],
    });
    expect(Date.parse(mail.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    await t.close();
  });

  it("does not exist in production, where session cookies are also Secure", async () => {
    const t = await createTestApp({
      NODE_ENV: "production",
      PUBLIC_URL: "https://fonts.example",
      CONTACT_EMAIL: "ops@fonts.example",
      ARGON2_MEMORY_KIB: "19456",
      ARGON2_ITERATIONS: "2",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/debug/outbox" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/public-config" })).json().mailOutbox).toBe(false);
    const csrf = await t.app.inject({ method: "GET", url: "/api/auth/csrf" });
    expect((csrf.cookies as { name: string; secure?: boolean }[])[0]).toMatchObject({
      name: "XSRF-TOKEN",
      secure: true,
    });
    await t.close();
  });
});
