import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { newUserData } from "../test-support/accounts.ts";
import { createTestApp } from "../test-support/test-app.ts";
import { createTestBrowser } from "../test-support/test-browser.ts";

const PRODUCTION = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://fonts.example",
  CONTACT_EMAIL: "ops@fonts.example",
  SMTP_URL: "smtp://127.0.0.1:1",
  ARGON2_MEMORY_KIB: "19456",
  ARGON2_ITERATIONS: "2",
};

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

  it("answers only a request from this machine, never one through a proxy or to a public name", async () => {
    const t = await createTestApp();
    const outbox = (request: { remoteAddress?: string; headers?: Record<string, string> }) =>
      t.app.inject({ method: "GET", url: "/api/debug/outbox", ...request });
    expect((await outbox({ remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    expect((await outbox({ remoteAddress: "::1" })).statusCode).toBe(200);
    expect((await outbox({ remoteAddress: "203.0.113.9" })).statusCode).toBe(404);
    expect((await outbox({ headers: { "x-forwarded-for": "203.0.113.9" } })).statusCode).toBe(404);
    expect((await outbox({ headers: { forwarded: "for=203.0.113.9" } })).statusCode).toBe(404);
    expect((await outbox({ headers: { "x-real-ip": "203.0.113.9" } })).statusCode).toBe(404);
    // A proxy that passes the public name on (nginx's `proxy_set_header Host $host`).
    const proxied = await outbox({ headers: { host: "fonts.example" } });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.json()).toMatchObject({ code: "NOT_FOUND", message: expect.any(String) });
    await t.close();
  });

  it("does not exist while the server listens on more than loopback, behind a proxy or with a public URL", async () => {
    const settings: Record<string, string>[] = [
      { HOST: "0.0.0.0" },
      { HOST: "::" },
      { HOST: "192.168.1.20" },
      { TRUST_PROXY: "true" },
      { PUBLIC_URL: "https://fonts.example" },
    ];
    for (const env of settings) {
      const t = await createTestApp(env);
      expect((await t.app.inject({ method: "GET", url: "/api/debug/outbox" })).statusCode, JSON.stringify(env)).toBe(
        404,
      );
      expect((await t.app.inject({ method: "GET", url: "/api/public-config" })).json().mailOutbox).toBe(false);
      await t.close();
    }
  });

  it("prints the links of every unsent mail to the console, also when there is no outbox", async () => {
    let printed = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        printed += chunk;
        done();
      },
    });
    const t = await createTestApp({ HOST: "0.0.0.0" }, undefined, { logger: { level: "info", stream } });
    const { app } = t;
    const browser = createTestBrowser(app);
    const data = newUserData("console");
    await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
    expect((await app.inject({ method: "GET", url: "/api/debug/outbox" })).statusCode).toBe(404);
    await t.close();
    const line = printed.split("\n").find((entry) => entry.includes(data.email));
    expect(line).toMatch(/mail not sent \(no SMTP_URL\): http:\/\/localhost:3000\/api\/auth\/confirm\?token=\S+/);
  });

  it("does not exist in production, where session cookies are also Secure", async () => {
    const t = await createTestApp(PRODUCTION);
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
