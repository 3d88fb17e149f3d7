import { type ChildProcess, spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

// Real server processes (main.ts) on loopback and a browser-like client over fetch, for the load bench and the test
// of the scaled deployment (N API + M worker processes).

const serverMain = fileURLToPath(new URL("../main.ts", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * What every process of one deployment shares: its secrets and public address (the issuer of access tokens). Cheap
 * captcha work, since signing up is not what these runs measure.
 */
export function deploymentEnv(): Record<string, string> {
  return {
    PUBLIC_URL: "http://127.0.0.1",
    ALTCHA_COST: "1",
    ALTCHA_MAX_NUMBER: "100",
    COOKIE_SECRET: "c".repeat(32),
    XSRF_SECRET: "x".repeat(32),
    CAPTCHA_HMAC_SECRET: "h".repeat(32),
    JWT_PRIVATE_KEY: generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
  };
}

export interface ServerProcess {
  /** The HTTP origin; null for a ROLE=worker process, which has no HTTP side. */
  origin: string | null;
  child: ChildProcess;
}

/**
 * Starts main.ts with `env` (over a bare PATH, loopback, warnings only). An HTTP process is ready once /api/health
 * answers; a worker is returned at once. `nodeArgs` go before the script (a CPU profile, say).
 */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (env.ROLE === "worker") return { origin: null, child };
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the server (${env.ROLE ?? "all"}) did not start`);
}

/** Stops a server process as an orchestrator does (SIGTERM) and waits for it to exit. */
export function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

export type BrowserClient = ReturnType<typeof browserClient>;

/**
 * A browser's cookie jar, XSRF header and access token over fetch. With several origins (API processes behind a
 * balancer) each call goes to the next one in turn, unless the call names its origin.
 */
export function browserClient(origins: readonly string[]) {
  const jar = new Map<string, string>();
  let accessToken: string | null = null;
  let turn = 0;

  async function send(
    method: string,
    path: string,
    body?: unknown,
    origin = origins[turn++ % origins.length]!,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const xsrf = jar.get("XSRF-TOKEN");
    if (xsrf && method !== "GET") headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers["content-type"] = "application/json";
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      redirect: "manual",
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  }

  /** A JSON call; throws with the status and body on a 4xx or 5xx answer. */
  async function call(method: string, path: string, body?: unknown, origin?: string) {
    const response = await send(method, path, body, origin);
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  return {
    send,
    call,
    get accessToken() {
      return accessToken;
    },
    setAccessToken: (token: string) => {
      accessToken = token;
    },
  };
}

/**
 * Signs a new user up (ALTCHA solved for real), confirms the address from the development outbox and signs in;
 * the client then carries the access token. The outbox is per process, so every origin's is read.
 */
export async function signUpAndIn(client: BrowserClient, origins: readonly string[]): Promise<{ username: string }> {
  await client.call("GET", "/api/auth/csrf");
  const solve = async () => {
    const challenge = (await client.call("GET", "/api/captcha/challenge")) as unknown as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };
  const username = `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username}@example.com`;
  const password = "violet-harbour-load-1";
  await client.call("POST", "/api/auth/signup", { username, email, password, recaptca: await solve() });
  let link: string | undefined;
  for (const origin of origins) {
    const outbox = (await client.call("GET", "/api/debug/outbox", undefined, origin)) as {
      messages: { to: string; links: string[] }[];
    };
    link ??= outbox.messages.find((mail) => mail.to === email)?.links[0];
  }
  if (!link) throw new Error("no confirmation mail in any process's outbox");
  const url = new URL(link);
  await client.call("GET", `${url.pathname}${url.search}`);
  const session = await client.call("POST", "/api/auth/signin", { username, password, recaptca: await solve() });
  client.setAccessToken(String(session.accessToken));
  return { username };
}
