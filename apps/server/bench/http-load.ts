// The HTTP load check (issue 13): autocannon, 200 connections for 30 s on the authenticated fonts list and on
// /api/health, against real server processes (main.ts) on loopback: the embedded PGlite default, and PostgreSQL with
// one and with two API processes when a PostgreSQL server answers. Budgets: zero errors; fonts list p99 ≤ 500 ms on
// PGlite and ≤ 300 ms on PostgreSQL. Prints a table and one JSON line per run; exit code 1 when a budget is missed.
// Run: npm run bench:load -w @handfont/server (BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_DB=pglite to narrow it).
import { type ChildProcess, spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import autocannon from "autocannon";
import { postgresAnswers, postgresTestDatabase } from "../src/test-support/postgres.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const BUDGET_P99_MS = { pglite: 500, postgres: 300 } as const;
const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  origin: string;
  child: ChildProcess;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start");
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

/** A browser's cookie jar and XSRF header over fetch, enough for sign-up, confirmation and sign-in. */
function browser(origin: string) {
  const jar = new Map<string, string>();
  let accessToken: string | null = null;
  async function call(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const xsrf = jar.get("XSRF-TOKEN");
    if (xsrf && method !== "GET") headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      redirect: "manual",
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }
  return {
    call,
    setAccessToken: (token: string) => {
      accessToken = token;
    },
  };
}

/** Signs a user up (ALTCHA solved for real), confirms the address from the outbox and signs in; returns the token. */
async function signedInUser(origin: string): Promise<{ token: string; client: ReturnType<typeof browser> }> {
  const client = browser(origin);
  await client.call("GET", "/api/auth/csrf");
  const solve = async () => {
    const challenge = (await client.call("GET", "/api/captcha/challenge")) as unknown as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };
  const tag = `load${Date.now().toString(36)}`;
  const password = "violet-harbour-load-1";
  await client.call("POST", "/api/auth/signup", {
    username: tag,
    email: `${tag}@example.com`,
    password,
    recaptca: await solve(),
  });
  const outbox = (await client.call("GET", "/api/debug/outbox")) as { messages: { to: string; links: string[] }[] };
  const link = outbox.messages.find((mail) => mail.to === `${tag}@example.com`)?.links[0];
  if (!link) throw new Error("no confirmation mail in the outbox");
  const url = new URL(link);
  await client.call("GET", `${url.pathname}${url.search}`);
  const session = await client.call("POST", "/api/auth/signin", { username: tag, password, recaptca: await solve() });
  client.setAccessToken(String(session.accessToken));
  return { token: String(session.accessToken), client };
}

/** A typical free account: two fonts of 100 letters each. */
async function seed(client: ReturnType<typeof browser>): Promise<void> {
  for (const name of ["Everyday hand", "Neat hand"]) {
    const font = await client.call("POST", "/api/createFont", { name });
    const letters = Array.from({ length: 100 }, (_, i) => ({
      chars: String.fromCodePoint(0x4e00 + i),
      variant: 1,
      path: `M0 0L${300 + i} 0L${300 + i} 500L0 500Z`,
    }));
    await client.call("POST", "/api/addSingleLetters", { fontId: font.id, letters });
  }
}

type Figures = {
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
  rps: number;
};

/** Runs autocannon against each origin at once (the connections shared out) and joins the figures. */
async function load(origins: string[], path: string, headers: Record<string, string>): Promise<Figures> {
  const results = await Promise.all(
    origins.map((origin) =>
      autocannon({
        url: `${origin}${path}`,
        connections: Math.round(CONNECTIONS / origins.length),
        duration: SECONDS,
        timeout: 10,
        headers,
      }),
    ),
  );
  return {
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    // autocannon counts timeouts among errors too.
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    // The slower process's p99: an upper bound of the joined p99.
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
  };
}

interface Setup {
  name: string;
  driver: "pglite" | "postgres";
  processes: number;
}

const setups: Setup[] = [{ name: "PGlite (embedded default), 1 process", driver: "pglite", processes: 1 }];
const usePostgres = process.env.BENCH_DB !== "pglite" && (await postgresAnswers("load benchmark"));
if (usePostgres) {
  setups.push({ name: "PostgreSQL, 1 API process", driver: "postgres", processes: 1 });
  setups.push({ name: "PostgreSQL, 2 API processes", driver: "postgres", processes: 2 });
}

const rows: string[] = [];
let pass = true;
for (const setup of setups) {
  const dataDir = mkdtempSync(join(tmpdir(), "handfont-load-"));
  const postgres = setup.driver === "postgres" ? postgresTestDatabase("handfont_load") : null;
  await postgres?.create();
  // Processes of one deployment share their secrets and public address (the issuer of access tokens); cheap captcha
  // work, since sign-up is not what is measured.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://127.0.0.1",
    ALTCHA_COST: "1",
    ALTCHA_MAX_NUMBER: "100",
    COOKIE_SECRET: "c".repeat(32),
    XSRF_SECRET: "x".repeat(32),
    CAPTCHA_HMAC_SECRET: "h".repeat(32),
    JWT_PRIVATE_KEY: generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    // BENCH_PGLITE=memory keeps the embedded database in memory, to tell its own cost from its files'.
    ...(postgres
      ? { DATABASE_URL: postgres.url }
      : process.env.BENCH_PGLITE === "memory"
        ? { DATABASE_URL: "memory://" }
        : {}),
  };
  const servers: Server[] = [];
  try {
    for (let i = 0; i < setup.processes; i += 1) {
      // Two processes on one folder would fight over it; each gets its own (the data is in PostgreSQL).
      const own: Record<string, string> = setup.processes > 1 ? { DATA_DIR: join(dataDir, String(i)) } : {};
      servers.push(await startServer({ ...env, ...own }));
    }
    const origins = servers.map((server) => server.origin);
    const { token, client } = await signedInUser(origins[0]!);
    await seed(client);
    const fonts = await load(origins, "/api/getAllAddedFonts", { authorization: `Bearer ${token}` });
    const health = await load(origins, "/api/health", {});
    const budget = BUDGET_P99_MS[setup.driver];
    const ok = fonts.errors === 0 && fonts.non2xx === 0 && health.errors === 0 && health.non2xx === 0;
    const met = ok && fonts.p99 <= budget;
    pass &&= met;
    for (const [what, figures] of [
      ["fonts list (signed in)", fonts],
      ["health", health],
    ] as const) {
      rows.push(
        `| ${setup.name} | ${what} | ${figures.rps.toFixed(0)} | ${figures.p50} / ${figures.p99} / ${figures.max} ms | ${figures.errors} (${figures.timeouts} timeouts) / ${figures.non2xx} | ${what === "health" ? "" : `p99 ≤ ${budget} ms ${met ? "met" : "MISSED"}`} |`,
      );
      console.log(JSON.stringify({ setup: setup.name, what, connections: CONNECTIONS, seconds: SECONDS, ...figures }));
    }
  } finally {
    for (const server of servers) await stopServer(server);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`${CONNECTIONS} connections, ${SECONDS} s each, loopback
| setup | call | requests/s | p50 / p99 / max | errors / non-2xx | budget |
| --- | --- | --- | --- | --- | --- |
${rows.join("\n")}`);
process.exit(pass ? 0 : 1);
