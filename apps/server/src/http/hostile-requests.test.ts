import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUserData } from "../test-support/accounts.ts";
import { multipart } from "../test-support/multipart.ts";
import { createTestBrowser } from "../test-support/test-browser.ts";
import { createFont } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
let user: string;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
  user = await t.newUser();
});
afterAll(() => t.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe("characters no text may hold", () => {
  it("refuses NUL in every name field with a typed 400 naming the field, in the user's language", async () => {
    const fontId = await createFont(t, user);
    const calls: [string, Record<string, unknown>, string][] = [
      ["/api/createFont", { name: "Hand\u0000writing" }, "body/name"],
      ["/api/createTemplate", { name: "Page\u0000", sets: ["digits"], cellSize: "l" }, "body/name"],
      ["/api/copyFont", { fontId, name: "Copy\u0000" }, "body/name"],
      [
        "/api/addSingleLetters",
        { fontId, letters: [{ chars: "\u0000", variant: 1, path: "M0 0L1 0L1 1Z" }] },
        "body/letters/0/chars",
      ],
    ];
    for (const [url, payload, path] of calls) {
      const res = await t.as(user, { method: "POST", url, payload, headers: { "accept-language": "uk" } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        code: "INVALID_CHARACTERS",
        path,
        message: expect.stringMatching(/недопустимі символи/),
      });
    }
    const browser = createTestBrowser(t.app);
    const signUp = await browser.post("/api/auth/signup", {
      ...newUserData("nul"),
      username: "bad\u0000name",
      recaptca: await browser.solveCaptcha(),
    });
    expect(signUp.json()).toMatchObject({ code: "INVALID_CHARACTERS", path: "body/username" });
    const signIn = await browser.post("/api/auth/signin", { username: "a\u0000", password: "x", recaptca: "" });
    expect(signIn.json()).toMatchObject({ code: "INVALID_CHARACTERS", path: "body/username" });
  });

  it("refuses other control characters, lone surrogates and NUL in paths and queries, but keeps emoji and tabs", async () => {
    const name = async (raw: string) =>
      t.as(user, {
        method: "POST",
        url: "/api/createFont",
        payload: `{"name":${raw}}`,
        headers: { "content-type": "application/json" },
      });
    for (const raw of ['"a\\u0007b"', '"a\\u001bb"', '"a\\ud800b"', '"a\\udc00"', '"\\uffff"']) {
      expect((await name(raw)).json(), raw).toMatchObject({ code: "INVALID_CHARACTERS", path: "body/name" });
    }
    expect((await name('"Почерк 😀\\tАнны"')).statusCode).toBe(200);
    const byId = await t.as(user, { method: "GET", url: "/api/getCreatedFont/a%00b" });
    expect(byId.json()).toMatchObject({ code: "INVALID_CHARACTERS", path: "params/id" });
    const query = await t.as(user, { method: "GET", url: "/api/getAllTemplates?x=%00" });
    expect(query.json()).toMatchObject({ code: "INVALID_CHARACTERS", path: "querystring/x" });
  });

  it("refuses a file name or a form field with NUL in an upload", async () => {
    for (const url of ["/api/uploadReadyTemplates", "/api/template/uploadExtractedLetters"]) {
      const body = await multipart([{ fileName: "page\u0000.png", bytes: PNG, type: "image/png" }]);
      const res = await t.as(user, { method: "POST", url, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: "INVALID_CHARACTERS", path: "body/files/filename" });
    }
    const field = await multipart([{ fileName: "A.svg", bytes: PNG }], { fontId: "x\u0000" });
    const res = await t.as(user, { method: "POST", url: "/api/template/uploadExtractedLetters", ...field });
    expect(res.json()).toMatchObject({ code: "INVALID_CHARACTERS", path: "body/fontId" });
  });
});

describe("malformed requests", () => {
  it("answers a multipart body without a boundary or cut short with a typed 400", async () => {
    const noBoundary = await t.as(user, {
      method: "POST",
      url: "/api/uploadReadyTemplates",
      payload: "--x\r\n",
      headers: { "content-type": "multipart/form-data" },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ code: "UPLOAD_MALFORMED", message: expect.any(String) });
    const whole = await multipart([{ fileName: "page.png", bytes: PNG, type: "image/png" }]);
    const truncated = await t.as(user, {
      method: "POST",
      url: "/api/uploadReadyTemplates",
      payload: whole.payload.subarray(0, whole.payload.length - 30),
      headers: { ...whole.headers, "accept-language": "de" },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ code: "UPLOAD_MALFORMED", message: expect.stringMatching(/unvollständig/) });
  });

  it("answers a body over the limit with 413 { code, message }", async () => {
    const res = await t.as(user, {
      method: "POST",
      url: "/api/createFont",
      payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The request is too large." });
  });

  it("answers headers over Node's limit with 431 { code, message } from a listening server", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: "/api/health", headers: { cookie: `big=${"a".repeat(32 * 1024)}` } },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      code: "HEADERS_TOO_LARGE",
      message: "The request headers are too large. Clearing this site’s cookies may help.",
    });
  });
});
