import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config/config.ts";
import { loadSecrets } from "./config/secrets.ts";
import { openDatabase } from "./db/database.ts";
import { createFileBlobStore } from "./ports/blob-store.ts";
import { createEnginePorts } from "./ports/engine-workers.ts";
import { checkS3Bucket, createS3BlobStore } from "./ports/s3-blob-store.ts";
import { createWorkspace } from "./routes/workspace.ts";
import { isPremium } from "./services/premium.ts";
import { readBuildInfo, versionLabel } from "./version.ts";

// The one place that reads process.env (CONVENTIONS.md); everything else receives a Config.
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let log: { warn: (details: object, message: string) => void } | undefined;
  const database = await openDatabase(config.database, {
    onConnectionError: (error) => log?.warn({ err: error }, "a database connection was lost; it will be replaced"),
  });
  const secrets = loadSecrets(config.dataDir, config.givenSecrets);
  const engine = createEnginePorts({ workers: config.engineWorkers });
  const blobs =
    config.blobs.store === "s3" ? createS3BlobStore(config.blobs.s3) : createFileBlobStore(config.blobs.dir);
  // A wrong bucket or key is named at start rather than at the first upload.
  if (config.blobs.store === "s3") await checkS3Bucket(config.blobs.s3);
  const workspace = createWorkspace(database.db, {
    blobs,
    templateMaker: engine.templateMaker,
    scanReader: engine.scanReader,
    fontBuilder: engine.fontBuilder,
    letterDrawings: engine.letterDrawings,
    isPremium: (userId, now) => isPremium(database.db, userId, now),
    scanConcurrency: config.engineWorkers,
  });
  const app = await buildApp({
    workspace,
    config,
    secrets,
    database,
    version: versionLabel(readBuildInfo()),
    webRoot: fileURLToPath(new URL("../../web/dist", import.meta.url)),
  });
  log = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop taking requests, let the ones in flight finish, then close the database (and its lock).
    const timer = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await engine.pool.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // Scans queued before a restart are read now; ones left half-read by a stopped process are marked interrupted.
  await workspace.scans.resume();
  app.log.info(`Handfont is running at ${config.publicUrl} (database: ${database.driver})`);
}

main().catch((error) => {
  process.stderr.write(`Handfont could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
