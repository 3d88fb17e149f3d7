import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

interface StoredCookie {
  value: string;
  path: string;
}

export interface BrowserRequest {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the XSRF header copied from the cookie (as the web client does); true by default. */
  xsrf?: boolean;
  /** Send `Authorization: Bearer` with the browser's access token; true by default. */
  bearer?: boolean;
}

export interface TestBrowser {
  ip: string;
  accessToken: string | null;
  request(method: InjectOptions["method"], url: string, options?: BrowserRequest): Promise<LightMyRequestResponse>;
  get(url: string, options?: BrowserRequest): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, options?: BrowserRequest): Promise<LightMyRequestResponse>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, path?: string): void;
  deleteCookie(name: string): void;
  /**
   * A real solution of a fresh ALTCHA challenge from the server, as the widget would post it; `login` names the
   * account the sign-in form is for, as the web client does (the challenge is hardened for an account under attack).
   */
  solveCaptcha(login?: string): Promise<string>;
}

let nextIp = 1;
/** A distinct client address per browser, so the per-IP rate limits of one test do not leak into another. */
export function freshIp(): string {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

/**
 * A browser over `app.inject`: a cookie jar honouring cookie paths, the XSRF header copied from its cookie (fetched
 * from /api/auth/csrf when missing, like the web client), an in-memory access token and a captcha solver.
 */
export function createTestBrowser(app: FastifyInstance, options: { ip?: string; language?: string } = {}): TestBrowser {
  const jar = new Map<string, StoredCookie>();
  const ip = options.ip ?? freshIp();

  function cookieHeader(url: string): string {
    const path = url.split("?")[0] ?? "/";
    return [...jar.entries()]
      .filter(
        ([, cookie]) =>
          path === cookie.path || path.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  function store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === "") jar.delete(cookie.name);
      else jar.set(cookie.name, { value: cookie.value, path: cookie.path ?? "/" });
    }
  }

  const browser: TestBrowser = {
    ip,
    accessToken: null,
    async request(method, url, request = {}) {
      const unsafe = !["GET", "HEAD", "OPTIONS"].includes(String(method));
      if (unsafe && request.xsrf !== false && !jar.has("XSRF-TOKEN")) await browser.get("/api/auth/csrf");
      const headers: Record<string, string> = { ...request.headers };
      const cookies = cookieHeader(url);
      if (cookies) headers.cookie = cookies;
      if (options.language) headers["accept-language"] = options.language;
      if (unsafe && request.xsrf !== false && !("x-xsrf-token" in headers)) {
        const token = jar.get("XSRF-TOKEN")?.value;
        if (token) headers["x-xsrf-token"] = token;
      }
      if (request.bearer !== false && browser.accessToken) headers.authorization = `Bearer ${browser.accessToken}`;
      const response = await app.inject({
        method,
        url,
        headers,
        remoteAddress: ip,
        ...(request.body === undefined ? {} : { payload: request.body as InjectOptions["payload"] }),
      });
      store(response);
      return response;
    },
    get: (url, request) => browser.request("GET", url, request),
    post: (url, body, request) => browser.request("POST", url, { ...request, body }),
    cookie: (name) => jar.get(name)?.value,
    setCookie(name, value, path = "/") {
      jar.set(name, { value, path });
    },
    deleteCookie(name) {
      jar.delete(name);
    },
    async solveCaptcha(login) {
      const query = login === undefined ? "" : `?login=${encodeURIComponent(login)}`;
      const response = await browser.get(`/api/captcha/challenge${query}`);
      if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
      const challenge = response.json() as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      if (!solution) throw new Error("the challenge was not solved in time");
      return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    },
  };
  return browser;
}
