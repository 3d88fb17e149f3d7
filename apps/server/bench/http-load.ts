// The HTTP load check (issue 13): autocannon, 200 connections for 30 s on the authenticated fonts list and on
// /api/health, against real server processes (main.ts) on loopback: the embedded PGlite default, and PostgreSQL with
// one and with two API processes when a PostgreSQL server answers. Budgets: zero errors; fonts list p99 ≤ 500 ms on
// PGlite and ≤ 300 ms on PostgreSQL. Prints a table and one JSON line per run; exit code 1 when a budget is missed.
// Run: npm run bench:load -w @handfont/server (BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_DB=pglite to narrow it;
// BENCH_CPU_PROF=<folder> to profile the servers). Besides latency, it reports the CPU time each call cost the server
// processes (and, on PostgreSQL, the database's backends), which says more than latency on a busy machine.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { postgresAnswers, postgresTestDatabase } from "../src/test-support/postgres.ts";
import {
  type BrowserClient,
  browserClient,
  deploymentEnv,
  type ServerProcess,
  signUpAndIn,
  startServerProcess,
  stopServerProcess,
} from "../src/test-support/server-processes.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const BUDGET_P99_MS = { pglite: 500, postgres: 300 } as const;
// BENCH_CPU_PROF=<folder> writes each server process's CPU profile there when it stops (open it in Chrome DevTools).
const nodeArgs = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** A typical free account: two fonts of 100 letters each. */
async function seed(client: BrowserClient): Promise<void> {
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

/** CPU time (user + system, ms) a process has used so far, all its threads, from /proc (Linux; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The pids of the PostgreSQL backends serving the bench's database (the pool opens some during the run). */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
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
  /** CPU ms per answered call: the API processes, and PostgreSQL's backends (0 on PGlite, which is inside the API). */
  apiCpuMs: number;
  databaseCpuMs: number;
};

/** Runs autocannon against each origin at once (the connections shared out) and joins the figures. */
async function load(
  origins: string[],
  path: string,
  headers: Record<string, string>,
  apiPids: number[],
  databaseUrl: string | null,
): Promise<Figures> {
  const cpuOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));
  const apiBefore = cpuOf(apiPids);
  const databaseBefore = cpuOf(databaseUrl ? await backendPids(databaseUrl) : []);
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
  const requests = results.reduce((total, r) => total + r.requests.total, 0);
  // A backend that was not there before ran wholly within the load.
  const used = (before: Map<number, number>, after: Map<number, number>) =>
    [...after].reduce((total, [pid, ms]) => total + ms - (before.get(pid) ?? 0), 0) / Math.max(requests, 1);
  const apiCpuMs = used(apiBefore, cpuOf(apiPids));
  const databaseCpuMs = used(databaseBefore, cpuOf(databaseUrl ? await backendPids(databaseUrl) : []));
  return {
    requests,
    // autocannon counts timeouts among errors too.
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    // The slower process's p99: an upper bound of the joined p99.
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    apiCpuMs,
    databaseCpuMs,
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
  const env: Record<string, string> = {
    ...deploymentEnv(),
    DATA_DIR: dataDir,
    // BENCH_PGLITE=memory keeps the embedded database in memory, to tell its own cost from its files'.
    ...(postgres
      ? { DATABASE_URL: postgres.url }
      : process.env.BENCH_PGLITE === "memory"
        ? { DATABASE_URL: "memory://" }
        : {}),
  };
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < setup.processes; i += 1) {
      // Two processes on one folder would fight over it; each gets its own (the data is in PostgreSQL).
      const own: Record<string, string> = setup.processes > 1 ? { DATA_DIR: join(dataDir, String(i)) } : {};
      servers.push(await startServerProcess({ ...env, ...own }, nodeArgs));
    }
    const origins = servers.map((server) => server.origin!);
    const client = browserClient(origins);
    await signUpAndIn(client, origins);
    await seed(client);
    const pids = servers.map((server) => server.child.pid!);
    const databaseUrl = postgres?.url ?? null;
    const signedIn = { authorization: `Bearer ${client.accessToken}` };
    const fonts = await load(origins, "/api/getAllAddedFonts", signedIn, pids, databaseUrl);
    const health = await load(origins, "/api/health", {}, pids, databaseUrl);
    const budget = BUDGET_P99_MS[setup.driver];
    const ok = fonts.errors === 0 && fonts.non2xx === 0 && health.errors === 0 && health.non2xx === 0;
    const met = ok && fonts.p99 <= budget;
    pass &&= met;
    for (const [what, figures] of [
      ["fonts list (signed in)", fonts],
      ["health", health],
    ] as const) {
      rows.push(
        `| ${setup.name} | ${what} | ${figures.rps.toFixed(0)} | ${figures.p50} / ${figures.p99} / ${figures.max} ms | ${figures.errors} (${figures.timeouts} timeouts) / ${figures.non2xx} | ${figures.apiCpuMs.toFixed(2)} / ${figures.databaseCpuMs.toFixed(2)} ms | ${what === "health" ? "" : `p99 ≤ ${budget} ms ${met ? "met" : "MISSED"}`} |`,
      );
      console.log(JSON.stringify({ setup: setup.name, what, connections: CONNECTIONS, seconds: SECONDS, ...figures }));
    }
  } finally {
    for (const server of servers) await stopServerProcess(server);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`${CONNECTIONS} connections, ${SECONDS} s each, loopback
| setup | call | requests/s | p50 / p99 / max | errors / non-2xx | CPU per call, API / PostgreSQL | budget |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}`);
process.exit(pass ? 0 : 1);
