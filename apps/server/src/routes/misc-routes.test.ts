import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SECURED_USERNAME: "ops", SECURED_PASSWORD: "correct horse battery" });
});
afterAll(async () => {
  await t.close();
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe("hello and secured (spec §7)", () => {
  it("answers /hello publicly with text", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/hello" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("Hello from Handfont");
  });

  it("lets /secured/ in only with the configured Basic credentials and asks for them otherwise", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/secured/" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Basic realm="secured", charset="UTF-8"');
    for (const header of [basic("ops", "wrong"), basic("root", "correct horse battery"), "Basic !!!", "Bearer x"]) {
      expect(
        (await t.app.inject({ method: "GET", url: "/api/secured/", headers: { authorization: header } })).statusCode,
      ).toBe(401);
    }
    const ok = await t.app.inject({
      method: "GET",
      url: "/api/secured/",
      headers: { authorization: basic("ops", "correct horse battery") },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("accepts nobody at /secured/ when no credentials are configured", async () => {
    const bare = await createTestApp();
    const res = await bare.app.inject({
      method: "GET",
      url: "/api/secured/",
      headers: { authorization: basic("", "") },
    });
    expect(res.statusCode).toBe(401);
    await bare.close();
  });
});
