import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-support/test-app.ts";
import { createTestBrowser } from "./test-support/test-browser.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("system routes", () => {
  it("reports health with the database reachable and the version", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", version: "0.0.0-test", database: { ok: true, driver: "pglite" } });
  });

  it("answers 503 degraded when the database does not answer", async () => {
    const broken = await createTestApp({}, { ...t.database, ping: async () => false });
    const res = await broken.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "degraded", database: { ok: false } });
    await broken.close();
  });

  it("gives the web app its public settings and nothing secret", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.json()).toEqual({
      version: "0.0.0-test",
      environment: "test",
      analyticsId: null,
      operator: { name: "Handfont", contactEmail: "admin@localhost" },
      captcha: { provider: "altcha", siteKey: null, challengeUrl: "/api/captcha/challenge" },
      googleSignIn: false,
      mailOutbox: true,
    });
    expect(res.body).not.toMatch(/SECRET|PRIVATE/);
  });

  it("accepts the trailing-slash form of a route", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health/" })).statusCode).toBe(200);
  });

  it("publishes the OpenAPI document and its UI under /api/docs", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(["/api/health", "/api/public-config"]));
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe("errors", () => {
  it("answers an unknown API path with a typed 404 in the request's language", async () => {
    const en = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: "NOT_FOUND", message: "Not found." });
    const ru = await t.app.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-language": "ru-RU,ru;q=0.9" },
    });
    expect(ru.json().message).toBe("Не найдено.");
    const cookie = await t.app.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-language": "ru", cookie: "lang=de" },
    });
    expect(cookie.json().message).toBe("Nicht gefunden.");
  });

  it("hides the internals of an unexpected failure", async () => {
    const { app, close } = await createTestApp();
    app.get("/api/explode", async () => {
      throw new Error("secret stack detail: password=hunter2");
    });
    const res = await app.inject({ method: "GET", url: "/api/explode" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: "INTERNAL", message: "Something went wrong on our side. Please try again." });
    expect(res.body).not.toContain("hunter2");
    await close();
  });

  it("refuses a malformed JSON body with a typed 400", async () => {
    const { app, close } = await createTestApp();
    app.post("/api/echo", async (request) => request.body);
    const res = await createTestBrowser(app).post("/api/echo", "{nope", {
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION");
    await close();
  });
});

describe("security headers", () => {
  it("sends a CSP whose scripts need no unsafe-inline, and the usual hardening headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/en" });
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });

  it("allows the analytics host only when an analytics id is configured", async () => {
    expect(String((await t.app.inject({ url: "/en" })).headers["content-security-policy"])).not.toContain(
      "googletagmanager",
    );
    const withAnalytics = await createTestApp({ ANALYTICS_ID: "G-TEST123" });
    const res = await withAnalytics.app.inject({ url: "/en" });
    expect(String(res.headers["content-security-policy"])).toContain("https://www.googletagmanager.com");
    expect((await withAnalytics.app.inject({ url: "/api/public-config" })).json().analyticsId).toBe("G-TEST123");
    await withAnalytics.close();
  });
});

describe("the web app", () => {
  it("answers any page path with index.html so the client router decides", async () => {
    for (const url of ["/", "/en", "/de/functions", "/xx/unknown/deep/path", "/en/privacy?x=1"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<div id=root>");
    }
  });

  it("keeps a missing asset a 404 instead of answering index.html", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/missing-9999.js" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("<div id=root>");
  });

  it("serves hashed assets compressed and cached for a year", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/assets/app-1234.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(gunzipSync(res.rawPayload).toString()).toContain("xxxx");
  });

  it("does not answer index.html to a POST of a page path", async () => {
    const res = await t.app.inject({ method: "POST", url: "/en/functions" });
    expect(res.statusCode).toBe(404);
  });
});
