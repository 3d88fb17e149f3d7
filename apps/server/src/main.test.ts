import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("./main.ts", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "handfont-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// A first start creates the embedded database, which takes long on a busy CI machine.
async function waitForHealth(port: number, timeoutMs = 90_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe("the server process", () => {
  it("starts with no configuration, refuses a second process on its data, and shuts down cleanly", async () => {
    const port = await freePort();
    const first = start({ PORT: String(port) });
    const health = await waitForHealth(port);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: { driver: string } }).database.driver).toBe("pglite");

    const second = start({ PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process \d+/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
  }, 120_000);

  it("stops at start with a message naming a bad variable", async () => {
    const run = start({ PORT: "not-a-port" });
    expect(await run.exited).toBe(78);
    expect(run.output()).toContain("PORT:");
  });
});
