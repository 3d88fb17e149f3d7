import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config/config.ts";
import { loadSecrets } from "../config/secrets.ts";
import type { Database } from "../db/database.ts";
import { users } from "../db/schema/index.ts";
import { createFileBlobStore } from "../ports/blob-store.ts";
import { createEnginePorts } from "../ports/engine-workers.ts";
import { createWorkspace, type Workspace, type WorkspacePorts } from "../routes/workspace.ts";
import { premiumState } from "../services/payments/ledger.ts";
import { isPremium } from "../services/premium.ts";
import { adjustPremium } from "../services/subscribers.ts";
import { registerConfirmedUser, signedInBrowser, type TestUser } from "./accounts.ts";
import { FAST_AUTH_ENV } from "./test-app.ts";
import type { TestBrowser } from "./test-browser.ts";
import { openTestDatabase } from "./test-database.ts";

export type WorkspaceTestApp = {
  app: FastifyInstance;
  workspace: Workspace;
  database: Database;
  /** Signs up a new user for real (captcha, confirmation mail) and signs them in; returns their id. */
  newUser(options?: { admin?: boolean }): Promise<string>;
  /** The username and password a user of newUser signs in with. */
  credentials(userId: string): TestUser;
  /** Sends a request as a signed-in user, as the web client does: access token, cookies and XSRF header. */
  as(userId: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Gives a user premium time, or takes it away (as when it runs out). */
  setPremium(userId: string, premium: boolean): Promise<void>;
  close(): Promise<void>;
};

/**
 * The whole app with the font workspace on the real engine (worker threads), a fresh database and real accounts.
 * `webRoot`: a built web app to serve (apps/web/dist), for benchmarks that open pages in a browser; none by default.
 */
export async function createWorkspaceTestApp(
  ports: Partial<WorkspacePorts> = {},
  options: { database?: Database; webRoot?: string } = {},
): Promise<WorkspaceTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "handfont-workspace-"));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "memory://", NODE_ENV: "test", ...FAST_AUTH_ENV }, "/");
  const database = options.database ?? (await openTestDatabase());
  const engine = createEnginePorts({ workers: 2 });
  const workspace = createWorkspace(database.db, {
    blobs: createFileBlobStore(join(dataDir, "blobs")),
    templateMaker: engine.templateMaker,
    scanReader: engine.scanReader,
    fontBuilder: engine.fontBuilder,
    letterDrawings: engine.letterDrawings,
    isPremium: (userId, now) => isPremium(database.db, userId, now),
    scanConcurrency: 2,
    // Short times so retries and take-overs happen within a test; the rules are the production ones.
    jobTimes: { leaseMs: 3_000, retryBaseMs: 50, pollMs: 200 },
    ...ports,
  });
  workspace.jobs.runner?.start();
  const app = await buildApp({
    config,
    secrets: loadSecrets(dataDir, config.givenSecrets),
    database,
    version: "0.0.0-test",
    webRoot: options.webRoot ?? join(dataDir, "web"),
    logger: false,
    workspace,
  });
  const browsers = new Map<string, TestBrowser>();
  const accounts = new Map<string, TestUser>();
  return {
    app,
    workspace,
    database,
    async newUser(userOptions = {}) {
      const user = await registerConfirmedUser(app, "ws");
      if (userOptions.admin) {
        await database.db
          .update(users)
          .set({ roles: ["USER", "ADMIN"] })
          .where(eq(users.id, user.id));
      }
      browsers.set(user.id, await signedInBrowser(app, user));
      accounts.set(user.id, user);
      return user.id;
    },
    credentials(userId) {
      const user = accounts.get(userId);
      if (!user) throw new Error(`no user ${userId}`);
      return user;
    },
    as(userId, request) {
      const browser = browsers.get(userId);
      if (!browser) throw new Error(`no signed-in user ${userId}`);
      const xsrf = browser.cookie("XSRF-TOKEN");
      return browser.request(request.method ?? "GET", String(request.url), {
        ...(request.payload === undefined ? {} : { body: request.payload }),
        headers: {
          ...(xsrf ? { "x-xsrf-token": xsrf } : {}),
          ...((request.headers ?? {}) as Record<string, string>),
        },
      });
    },
    async setPremium(userId, premium) {
      const now = new Date();
      if (premium) {
        await adjustPremium(database.db, { actorId: userId, userId, days: 30, reason: "test: premium", now });
        return;
      }
      // Premium running out: an admin removal of the time left (the ledger is append-only).
      const { premiumUntil } = await premiumState(database.db, userId, now);
      const left = premiumUntil ? Math.ceil((premiumUntil.getTime() - now.getTime()) / 86_400_000) + 1 : 0;
      if (left > 0)
        await adjustPremium(database.db, { actorId: userId, userId, days: -left, reason: "test: ends", now });
    },
    async close() {
      await workspace.jobs.idle();
      await workspace.jobs.runner?.stop();
      await engine.pool.close();
      await app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
