import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config/config.ts";
import { loadSecrets } from "./config/secrets.ts";
import { openDatabase } from "./db/database.ts";
import { startPaymentBackground } from "./payments.ts";
import { createFileBlobStore } from "./ports/blob-store.ts";
import { createEnginePorts } from "./ports/engine-workers.ts";
import { checkS3Bucket, createS3BlobStore } from "./ports/s3-blob-store.ts";
import { createWorkspace } from "./routes/workspace.ts";
import { killRasterisers, sweepStaleRasterFolders } from "./scans/pdf-pages.ts";
import { createBlobSweeper, startBlobSweeps } from "./services/blob-sweep.ts";
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
  const startLog = processLog(config.logLevel);
  let log: JobLog = startLog;
  const database = await openDatabase(config.database, {
    onConnectionError: (error) => log.warn({ err: error }, "a database connection was lost; it will be replaced"),
    // The embedded database's queries on a thread of their own: a long one never holds the HTTP thread.
    thread: true,
  });
  const secrets = loadSecrets(config.dataDir, config.givenSecrets);
  // Each engine worker thread loads ~170 TypeScript modules; Node's compile cache keeps them stripped and compiled
  // on disk so a new worker does that in ~40 ms of CPU instead of ~210. Worker threads read the variable when they
  // start (enableCompileCache() on this thread does not reach them); a folder set by the operator wins.
  process.env.NODE_COMPILE_CACHE ||= join(tmpdir(), "node-compile-cache");
  const engine = createEnginePorts({ workers: config.engineWorkers, boxHelpers: config.engineBoxHelpers });
  const blobs =
    config.blobs.store === "s3" ? createS3BlobStore(config.blobs.s3) : createFileBlobStore(config.blobs.dir);
  // A wrong bucket or key is named at start rather than at the first upload.
  if (config.blobs.store === "s3") await checkS3Bucket(config.blobs.s3);
  const runsJobs = config.role !== "api";
  const workspace = createWorkspace(database.db, {
    blobs,
    templateMaker: engine.templateMaker,
    scanReader: engine.scanReader,
    fontBuilder: engine.fontBuilder,
    letterDrawings: engine.letterDrawings,
    isPremium: (userId, now) => isPremium(database.db, userId, now),
    // An API process queues work and never runs it; workers (and the single process of ROLE=all) do.
    scanConcurrency: runsJobs ? config.engineWorkers : 0,
    presignedDownloads: config.blobs.store === "s3" && config.blobs.presignedDownloads,
    jobTimes: config.jobTimes,
    log: {
      warn: (details, message) => log.warn(details, message),
      error: (details, message) => log.error(details, message),
    },
  });
  const app =
    config.role === "worker"
      ? null
      : await buildApp({
          workspace,
          config,
          secrets,
          database,
          version: versionLabel(readBuildInfo()),
          webRoot: fileURLToPath(new URL("../../web/dist", import.meta.url)),
          // Periodic work (the check of pending payments) runs where jobs run: ROLE=all here, workers below.
          backgroundWork: runsJobs,
        });
  if (app) log = app.log;
  // A worker has no HTTP app: it checks pending payments with payment services of its own.
  const paymentWork = app ? null : await startPaymentBackground({ config, database, log: startLog });

  let sweeps: ReturnType<typeof startBlobSweeps> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    // Stop taking requests and jobs; running jobs go back to the queue (another worker or the next start runs them),
    // then the engine's threads and child processes are stopped and the database (and its lock) closed.
    const timer = setTimeout(() => {
      log.error({}, "shutdown took longer than 10 s; exiting");
      killRasterisers();
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app?.close();
      await sweeps?.stop();
      await workspace.jobs.runner?.stop();
      await paymentWork?.stop();
      killRasterisers();
      await engine.pool.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "error during shutdown");
      killRasterisers();
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  if (app) await app.listen({ port: config.port, host: config.host });
  if (workspace.jobs.runner) {
    // Temporary folders of a worker that was killed outright (its pdftoppm runs died with their limits).
    await sweepStaleRasterFolders();
    workspace.jobs.runner.start();
    // Pictures and half-written files that failures or interruptions left behind, now and every 15 minutes.
    sweeps = startBlobSweeps(createBlobSweeper(workspace.ctx), {
      swept: (result) => {
        if (result.pictures + result.unfinished + result.letterPictures > 0)
          log.info(result, "deleted left-over files");
      },
      failed: (error) => log.warn({ err: error }, "sweeping left-over uploads failed; trying again later"),
    });
  }
  const where = app ? `running at ${config.publicUrl}` : "running jobs";
  log.info(
    { role: config.role, worker: workspace.jobs.runner?.workerId },
    `Handfont (${config.role}) is ${where} (database: ${database.driver})`,
  );
}

type JobLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

/** JSON lines on standard error, like the HTTP server's log, for a worker process that has no HTTP server. */
function processLog(level: string): JobLog {
  const line = (name: string, details: object, message: string) => {
    if (LEVELS.indexOf(name) < LEVELS.indexOf(level)) return;
    const fields = Object.fromEntries(
      Object.entries(details).map(([key, value]) => [key, value instanceof Error ? value.message : value]),
    );
    process.stderr.write(
      `${JSON.stringify({ level: name, time: Date.now(), pid: process.pid, ...fields, msg: message })}\n`,
    );
  };
  return {
    info: (details, message) => line("info", details, message),
    warn: (details, message) => line("warn", details, message),
    error: (details, message) => line("error", details, message),
  };
}

main().catch((error) => {
  process.stderr.write(`Handfont could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
