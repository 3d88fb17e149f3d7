import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake API saw, so tests can assert counts rather than trust the client. */
export interface ApiTestServerState {
  hits: Map<string, number>;
  refreshCalls: number;
  logoutCalls: number;
  /** The access token /protected accepts; a successful refresh hands out the next one. */
  validToken: string;
  /** When false, /auth/refreshtoken answers 401 like an expired refresh cookie. */
  refreshSucceeds: boolean;
  /** A status (429, 503…) /auth/refreshtoken answers with while the server cannot refresh now; null: it can. */
  refreshUnavailable: number | null;
  lastHeaders: IncomingMessage["headers"];
}

export interface ApiTestServer {
  baseUrl: string;
  state: ApiTestServerState;
  reset(): void;
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

/**
 * A small real HTTP server with the behaviours the API client must cope with: 401 until refreshed, statuses that
 * fail once, slow answers, dropped connections and auth endpoints.
 */
export async function startApiTestServer(): Promise<ApiTestServer> {
  const fresh = (): ApiTestServerState => ({
    hits: new Map(),
    refreshCalls: 0,
    logoutCalls: 0,
    validToken: "token-1",
    refreshSucceeds: true,
    refreshUnavailable: null,
    lastHeaders: {},
  });
  const state = fresh();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const key = `${request.method} ${url.pathname}${url.search}`;
    state.hits.set(key, (state.hits.get(key) ?? 0) + 1);
    state.lastHeaders = request.headers;
    const hitCount = state.hits.get(key) ?? 0;

    switch (url.pathname) {
      case "/api/echo":
        return json(response, 200, {
          method: request.method,
          authorization: request.headers.authorization ?? null,
          xsrf: request.headers["x-xsrf-token"] ?? null,
        });
      case "/api/protected": {
        // The token is judged on arrival; `delay` only holds the answer back.
        const authorized = request.headers.authorization === `Bearer ${state.validToken}`;
        const answer = () =>
          authorized
            ? json(response, 200, { ok: true })
            : json(response, 401, { code: "UNAUTHORIZED", message: "Sign in again" });
        setTimeout(answer, Number(url.searchParams.get("delay") ?? 0));
        return;
      }
      case "/api/auth/refreshtoken":
        state.refreshCalls += 1;
        // A slow refresh leaves time for every parallel 401 to arrive while it is in flight.
        setTimeout(() => {
          if (state.refreshUnavailable !== null)
            return json(response, state.refreshUnavailable, { code: "UNAVAILABLE", message: "Try again later" });
          if (!state.refreshSucceeds) return json(response, 401, { code: "UNAUTHORIZED", message: "Expired" });
          state.validToken = `token-${state.refreshCalls + 1}`;
          json(response, 200, { accessToken: state.validToken });
        }, 60);
        return;
      case "/api/auth/logout":
        state.logoutCalls += 1;
        response.writeHead(204);
        return response.end();
      case "/api/auth/signin":
        return json(response, 401, { code: "BAD_CREDENTIALS", message: "Wrong login or password" });
      case "/api/fail-once": {
        const status = Number(url.searchParams.get("status"));
        if (hitCount === 1) return json(response, status, { code: "FLAKY", message: `failed with ${status}` });
        return json(response, 200, { ok: true, attempt: hitCount });
      }
      case "/api/status": {
        const status = Number(url.searchParams.get("status"));
        response.writeHead(status);
        return response.end();
      }
      case "/api/slow":
        setTimeout(() => json(response, 200, { ok: true }), Number(url.searchParams.get("ms") ?? 300));
        return;
      case "/api/drop":
        return request.socket.destroy();
      case "/api/text":
        response.writeHead(200, { "content-type": "text/plain" });
        return response.end("plain words");
      default:
        return json(response, 404, { code: "NOT_FOUND", message: "No such route" });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    state,
    reset() {
      Object.assign(state, fresh());
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
