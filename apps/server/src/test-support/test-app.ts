import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { AccountPorts } from "../accounts.ts";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config/config.ts";
import { loadSecrets } from "../config/secrets.ts";
import type { Database } from "../db/database.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  webRoot: string;
  close(): Promise<void>;
}

/**
 * Cheap password hashing and captcha work for tests only (config.ts refuses such argon2 settings in production);
 * everything else runs as configured.
 */
export const FAST_AUTH_ENV = {
  ARGON2_MEMORY_KIB: "256",
  ARGON2_ITERATIONS: "1",
  ALTCHA_COST: "1",
  ALTCHA_MAX_NUMBER: "100",
};

/** A real app on an in-memory PGlite, a temporary DATA_DIR and a small built web app, for `app.inject` tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  database?: Database,
  options: {
    accountPorts?: AccountPorts;
    webFiles?: Record<string, string>;
    /** The app's logger (none by default); a test that reads the log passes a stream. */
    logger?: FastifyServerOptions["logger"];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "handfont-test-"));
  const webRoot = join(dataDir, "web");
  mkdirSync(join(webRoot, "assets"), { recursive: true });
  writeFileSync(join(webRoot, "index.html"), "<!doctype html><html><body><div id=root></div></body></html>");
  writeFileSync(join(webRoot, "assets", "app-1234.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
  for (const [file, text] of Object.entries(options.webFiles ?? {})) {
    mkdirSync(dirname(join(webRoot, file)), { recursive: true });
    writeFileSync(join(webRoot, file), text);
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, DATABASE_URL: "memory://", NODE_ENV: "test", ...FAST_AUTH_ENV, ...env },
    "/",
  );
  const db = database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    secrets: loadSecrets(dataDir, config.givenSecrets),
    database: db,
    version: "0.0.0-test",
    webRoot,
    logger: options.logger ?? false,
    ...(options.accountPorts ? { accountPorts: options.accountPorts } : {}),
  });
  return {
    app,
    config,
    database: db,
    dataDir,
    webRoot,
    async close() {
      await app.close();
      if (!database) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
