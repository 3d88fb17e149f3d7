// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiClientOptions, createApiClient } from "./client.ts";
import { ApiError, TransportError } from "./errors.ts";
import { type ApiTestServer, startApiTestServer } from "./test-support/api-test-server.ts";

let server: ApiTestServer;

beforeAll(async () => {
  server = await startApiTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(options: ApiClientOptions = {}) {
  return createApiClient({ baseUrl: server.baseUrl, ...options });
}

function hits(key: string): number {
  return server.state.hits.get(key) ?? 0;
}

/** How many times the client has told its listeners the session is over. */
function logouts(api: ReturnType<typeof createApiClient>): () => number {
  let count = 0;
  api.onLoggedOut(() => {
    count += 1;
  });
  return () => count;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the request to fail");
}

describe("API client: requests", () => {
  it("parses JSON, returns text for non-JSON answers and always sends credentials", async () => {
    const credentials: (RequestCredentials | undefined)[] = [];
    const api = client({
      fetch: (input, init) => {
        credentials.push(init?.credentials);
        return fetch(input, init);
      },
    });
    expect(await api.get("/echo")).toEqual({ method: "GET", authorization: null, xsrf: null });
    expect(await api.get("/text")).toBe("plain words");
    expect(credentials).toEqual(["include", "include"]);
  });

  it("copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header", async () => {
    const api = client({ readCookie: (name) => (name === "XSRF-TOKEN" ? "xsrf-value" : undefined) });
    expect(await api.post("/echo")).toMatchObject({ method: "POST", xsrf: "xsrf-value" });
  });

  it("sends the in-memory access token as a Bearer token", async () => {
    const api = client();
    api.setAccessToken("abc");
    expect(await api.get("/echo")).toMatchObject({ authorization: "Bearer abc" });
    expect(api.getAccessToken()).toBe("abc");
  });

  it("sends a plain object as JSON", async () => {
    const api = client();
    await api.put("/echo", { name: "Ada" }, { retry: 0 });
    expect(server.state.lastHeaders["content-type"]).toBe("application/json");
  });
});

describe("API client: errors", () => {
  it("uses the server's code and message when it sends them", async () => {
    const error = await failure(client().get("/nowhere"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", message: "No such route" });
  });

  it("says 'Request failed with status code {n}' when the answer has no message", async () => {
    const error = await failure(client().get("/status", { query: { status: 418 } }));
    expect(error).toMatchObject({ status: 418, code: "HTTP_418", message: "Request failed with status code 418" });
  });

  it("reports a dropped connection as 'Network Error' after one retry of a GET", async () => {
    const error = await failure(client().get("/drop"));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ code: "NETWORK_ERROR", message: "Network Error" });
    expect(hits("GET /api/drop")).toBe(2);
  });

  it("fails with 'timeout of {n}ms exceeded' and does not retry a timeout", async () => {
    const error = await failure(client().get("/slow", { query: { ms: 400 }, timeout: 50 }));
    expect(error).toMatchObject({ code: "TIMEOUT", message: "timeout of 50ms exceeded" });
    expect(hits("GET /api/slow?ms=400")).toBe(1);
  });

  it("waits as long as it takes by default (spec §9: timeout 0)", async () => {
    expect(await client().get("/slow", { query: { ms: 250 } })).toEqual({ ok: true });
  });

  it("fails with 'request aborted' when the caller aborts, without retrying", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await failure(client().get("/slow", { query: { ms: 400 }, signal: controller.signal }));
    expect(error).toMatchObject({ code: "REQUEST_ABORTED", message: "request aborted" });
    expect(hits("GET /api/slow?ms=400")).toBe(1);
  });

  it("refuses a base URL that is not http or https", async () => {
    const error = await failure(createApiClient({ baseUrl: "ftp://example.org/api" }).get("/x"));
    expect(error).toMatchObject({ code: "UNSUPPORTED_PROTOCOL", message: "Unsupported protocol ftp:" });
  });
});

describe("API client: retries (spec §9)", () => {
  const statuses = [408, 409, 425, 429, 500, 502, 503, 504];

  it.each(statuses)("retries a GET once after %i", async (status) => {
    expect(await client().get("/fail-once", { query: { status } })).toEqual({ ok: true, attempt: 2 });
    expect(hits(`GET /api/fail-once?status=${status}`)).toBe(2);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("never retries a %s", async (method) => {
    const error = await failure(client().request(method, "/fail-once", { query: { status: 503 } }));
    expect(error).toMatchObject({ status: 503 });
    expect(hits(`${method} /api/fail-once?status=503`)).toBe(1);
  });

  it("does not retry statuses outside the list", async () => {
    await failure(client().get("/fail-once", { query: { status: 400 } }));
    expect(hits("GET /api/fail-once?status=400")).toBe(1);
  });

  it("lets a request ask for no retry", async () => {
    await failure(client().get("/fail-once", { query: { status: 503 }, retry: 0 }));
    expect(hits("GET /api/fail-once?status=503")).toBe(1);
  });
});

describe("API client: token refresh (spec §4)", () => {
  it("refreshes once for five parallel 401s and retries each request once", async () => {
    const api = client();
    api.setAccessToken("stale");
    const results = await Promise.all(Array.from({ length: 5 }, () => api.get("/protected")));
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(server.state.refreshCalls).toBe(1);
    expect(hits("GET /api/protected")).toBe(10);
    expect(api.getAccessToken()).toBe("token-2");
  });

  it("retries a POST after a refresh too, but only once: a second 401 is returned", async () => {
    const error = await failure(client().post("/status", undefined, { query: { status: 401 } }));
    expect(error).toMatchObject({ status: 401, message: "Request failed with status code 401" });
    expect(server.state.refreshCalls).toBe(1);
    expect(hits("POST /api/status?status=401")).toBe(2);
  });

  it("on a failed refresh sends one logout, tells listeners and returns each original error", async () => {
    const api = client();
    api.setAccessToken("stale");
    server.state.refreshSucceeds = false;
    const loggedOut = logouts(api);
    const errors = await Promise.all(Array.from({ length: 3 }, () => failure(api.get("/protected"))));
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED", message: "Sign in again" });
    }
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.logoutCalls).toBe(1);
    expect(loggedOut()).toBe(1);
    expect(api.getAccessToken()).toBeNull();
  });

  it.each([429, 503])(
    "keeps the session when the refresh is answered %i: no logout, the original error, the next 401 tries again",
    async (status) => {
      const api = client();
      api.setAccessToken("stale");
      server.state.refreshUnavailable = status;
      const loggedOut = logouts(api);
      expect(await failure(api.get("/protected", { retry: 0 }))).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
      expect(server.state.logoutCalls).toBe(0);
      expect(loggedOut()).toBe(0);

      server.state.refreshUnavailable = null;
      expect(await api.get("/protected")).toEqual({ ok: true });
      expect(server.state.refreshCalls).toBe(2);
    },
  );

  it("keeps the session when the refresh cannot reach the server", async () => {
    const api = client({
      fetch: (input, init) =>
        String(input).endsWith("/auth/refreshtoken") ? Promise.reject(new TypeError("offline")) : fetch(input, init),
    });
    api.setAccessToken("stale");
    const loggedOut = logouts(api);
    expect(await failure(api.get("/protected", { retry: 0 }))).toMatchObject({ status: 401 });
    expect(server.state.logoutCalls).toBe(0);
    expect(loggedOut()).toBe(0);
  });

  it("never refreshes for auth calls", async () => {
    const error = await failure(client().post("/auth/signin", { username: "ada", password: "x" }));
    expect(error).toMatchObject({ status: 401, code: "BAD_CREDENTIALS" });
    expect(server.state.refreshCalls).toBe(0);
  });

  it("retries without a second refresh when the 401 arrives after another request refreshed", async () => {
    const api = client();
    api.setAccessToken("stale");
    // Both go out with the stale token; the second 401 comes back only after the first one's refresh is done.
    const results = await Promise.all([api.get("/protected"), api.get("/protected", { query: { delay: 150 } })]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(server.state.refreshCalls).toBe(1);
  });
});
