// Test support: the real server spawned as a process (the web app never imports server code), a browser's cookie jar
// around fetch, and a signed-in API client. Used by tests that check the web app against the real API.
import { type ChildProcess, spawn } from "node:child_process";
import { pbkdf2Sync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { type ApiClient, createApiClient } from "../client.ts";

const serverMain = fileURLToPath(new URL("../../../../server/src/main.ts", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** A running server process on a free port with its own in-memory database and data folder. */
export type RealServer = { origin: string; stop(): void };

/** Starts the real server (apps/server/src/main.ts) and waits until its health check answers. */
export async function startRealServer(): Promise<RealServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "handfont-web-client-"));
  const server: ChildProcess = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "memory://",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Cheap hashing and proof of work: this test is about the client, not about their cost.
      ARGON2_MEMORY_KIB: "256",
      ARGON2_ITERATIONS: "1",
      ALTCHA_COST: "1",
      ALTCHA_MAX_NUMBER: "100",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    stop() {
      server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser's cookie jar (with cookie paths) around fetch, counting calls per API path. */
export function browserFetch() {
  const jar = new Map<string, { value: string; path: string }>();
  const calls: string[] = [];
  // Node's fetch says "node" as its user agent; a test that plays a second device sets another one.
  const device = { userAgent: "" };
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
    const headers = new Headers(init?.headers);
    const cookies = [...jar]
      .filter(
        ([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(`${cookie.path.replace(/\/$/, "")}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
    if (device.userAgent) headers.set("user-agent", device.userAgent);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split("=");
      const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, { value: decodeURIComponent(value), path });
    }
    return response;
  };
  return { jar, calls, device, fetch: fetchWithCookies, readCookie: (name: string) => jar.get(name)?.value };
}

/** Solves an ALTCHA challenge the way the widget does: PBKDF2 over nonce + counter until the key prefix matches. */
export async function solveCaptcha(client: ApiClient): Promise<string> {
  const challenge = (await client.get("/captcha/challenge")) as {
    parameters: { nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
  };
  const { nonce, salt, cost, keyLength, keyPrefix } = challenge.parameters;
  for (let counter = 0; counter < 1_000_000; counter += 1) {
    const password = Buffer.alloc(nonce.length / 2 + 4);
    Buffer.from(nonce, "hex").copy(password);
    password.writeUInt32BE(counter, nonce.length / 2);
    const derivedKey = pbkdf2Sync(password, Buffer.from(salt, "hex"), cost, keyLength, "sha256").toString("hex");
    if (derivedKey.startsWith(keyPrefix)) {
      return Buffer.from(JSON.stringify({ challenge, solution: { counter, derivedKey } })).toString("base64");
    }
  }
  throw new Error("captcha not solved");
}

/** Signs up, follows the confirmation link from the development outbox, signs in. */
export async function signedInClient(origin: string) {
  const browser = browserFetch();
  const client = createApiClient({ baseUrl: `${origin}/api`, fetch: browser.fetch, readCookie: browser.readCookie });
  const tag = `web${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const password = "violet-harbour-web-1";
  await client.post("/auth/signup", {
    username: tag,
    email: `${tag}@example.com`,
    password,
    recaptca: await solveCaptcha(client),
  });
  const outbox = (await client.get("/debug/outbox")) as { messages: { to: string; links: string[] }[] };
  const link = outbox.messages.find((message) => message.to === `${tag}@example.com`)?.links[0];
  expect((await browser.fetch(link!)).status).toBe(302);
  const session = (await client.post("/auth/signin", {
    username: tag,
    password,
    recaptca: await solveCaptcha(client),
  })) as { accessToken: string };
  client.setAccessToken(session.accessToken);
  return { client, browser };
}
