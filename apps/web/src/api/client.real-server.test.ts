// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import {
  browserFetch,
  type RealServer,
  signedInClient as signIn,
  startRealServer,
} from "./test-support/real-server.ts";

/**
 * The API client against the real server (spawned as a process: the web app never imports server code): refresh
 * on 401 through POST /api/auth/refreshtoken with its rotating cookie, and the XSRF double submit.
 */

let server: RealServer;
let origin: string;

beforeAll(async () => {
  server = await startRealServer();
  origin = server.origin;
}, 120_000);

afterAll(() => server?.stop());

const signedInClient = () => signIn(origin);

const count = (calls: string[], call: string) => calls.filter((c) => c === call).length;

describe("API client against the real server", () => {
  it("fetches an XSRF token before the first state-changing call of a fresh browser", async () => {
    const browser = browserFetch();
    const client = createApiClient({ baseUrl: `${origin}/api`, fetch: browser.fetch, readCookie: browser.readCookie });
    await client.post("/forgotPassword/", { email: "nobody@example.com" });
    expect(browser.calls).toEqual(["GET /api/auth/csrf", "POST /api/forgotPassword/"]);
  }, 60_000);

  it("answers five parallel 401s with one refresh, then retries each once", async () => {
    const { client, browser } = await signedInClient();
    const cookieBefore = browser.jar.get("refreshToken")?.value;
    client.setAccessToken("not-a-valid-token");
    browser.calls.length = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.get("/profile/")));
    expect(answers.every((answer) => (answer as { username: string }).username.startsWith("web"))).toBe(true);
    expect(count(browser.calls, "POST /api/auth/refreshtoken")).toBe(1);
    expect(count(browser.calls, "GET /api/profile/")).toBe(10);
    expect(browser.jar.get("refreshToken")?.value).not.toBe(cookieBefore);
  }, 60_000);

  it("logs out once, without a loop, when the session was ended by token reuse", async () => {
    const { client, browser } = await signedInClient();
    const stolen = browser.jar.get("refreshToken")!;
    await client.refresh();
    // Someone on another device replays the old token (the same browser would get the refresh grace window):
    // the server ends the whole session family.
    browser.device.userAgent = "Mozilla/5.0 (a thief's browser)";
    browser.jar.set("refreshToken", stolen);
    let loggedOut = 0;
    client.onLoggedOut(() => {
      loggedOut += 1;
    });
    client.setAccessToken("not-a-valid-token");
    browser.calls.length = 0;
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => client.get("/profile/")));
    expect(results.map((r) => (r.status === "rejected" && r.reason instanceof ApiError ? r.reason.status : 0))).toEqual(
      [401, 401, 401],
    );
    expect(count(browser.calls, "POST /api/auth/refreshtoken")).toBe(1);
    expect(loggedOut).toBe(1);
    expect(browser.jar.has("refreshToken")).toBe(false);
  }, 60_000);

  it("retries once with the fresh XSRF cookie a refusal brings", async () => {
    const browser = browserFetch();
    const client = createApiClient({ baseUrl: `${origin}/api`, fetch: browser.fetch, readCookie: browser.readCookie });
    browser.jar.set("XSRF-TOKEN", { value: "stale.token", path: "/" });
    await client.post("/forgotPassword/", { email: "nobody@example.com" });
    expect(browser.calls).toEqual(["POST /api/forgotPassword/", "POST /api/forgotPassword/"]);
  }, 60_000);
});
