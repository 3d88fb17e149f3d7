import multipart from "@fastify/multipart";
import { UPLOAD_LIMITS } from "@handfont/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/database.ts";
import type { BlobStore } from "../ports/blob-store.ts";
import type { FontBuilder, LetterDrawings, ScanReader, TemplateMaker } from "../ports/engine-ports.ts";
import { createFontBuildService } from "../services/font-builds.ts";
import { createFontService } from "../services/fonts.ts";
import { createJobRunner, type JobRunner, type JobRunnerOptions } from "../services/job-runner.ts";
import { createJobQueue } from "../services/jobs.ts";
import { createLetterChangeService } from "../services/letter-changes.ts";
import { createLetterService } from "../services/letters.ts";
import { createPlans, type PremiumCheck } from "../services/plans.ts";
import { createScanService } from "../services/scans.ts";
import { createTemplateService } from "../services/templates.ts";
import type { WorkspaceContext } from "../services/workspace-context.ts";
import { createWorkspaceEraser } from "../services/workspace-erasure.ts";
import { fontRoutes } from "./fonts.ts";
import { jobRoutes } from "./jobs.ts";
import { letterChangeRoutes } from "./letter-changes.ts";
import { letterRoutes } from "./letters.ts";
import { planRoutes } from "./plans.ts";
import { scanRoutes } from "./scans.ts";
import { templateRoutes } from "./templates.ts";

/** The engine and storage the font workspace works with. */
export type WorkspacePorts = {
  blobs: BlobStore;
  templateMaker: TemplateMaker;
  scanReader: ScanReader;
  fontBuilder: FontBuilder;
  letterDrawings: LetterDrawings;
  isPremium: PremiumCheck;
  /** Jobs this process runs at once (the engine's worker pool size); 0 runs none (ROLE=api). */
  scanConcurrency: number;
  /** Font downloads redirect to short-lived addresses on the storage (S3) instead of passing through. */
  presignedDownloads?: boolean;
  /** Lease, retry and polling times of the job queue; the defaults suit production, tests shorten them. */
  jobTimes?: Partial<JobTimes>;
  log?: JobRunnerOptions["log"];
  now?: () => Date;
};

export type JobTimes = { leaseMs: number; retryBaseMs: number; pollMs: number };

/** A worker that stops renewing its lease for this long loses its jobs to another worker. */
export const DEFAULT_JOB_TIMES: JobTimes = { leaseMs: 30_000, retryBaseMs: 5_000, pollMs: 1_000 };

/** Builds the workspace services over the database and ports; the scan service is returned for start-up and tests. */
export function createWorkspace(db: Db, ports: WorkspacePorts) {
  const times = { ...DEFAULT_JOB_TIMES, ...ports.jobTimes };
  const queue = createJobQueue(db, times);
  let runner: JobRunner | null = null;
  const ctx: WorkspaceContext = {
    db,
    blobs: ports.blobs,
    plans: createPlans(ports.isPremium, ports.now),
    templateMaker: ports.templateMaker,
    scanReader: ports.scanReader,
    fontBuilder: ports.fontBuilder,
    letterDrawings: ports.letterDrawings,
    now: ports.now ?? (() => new Date()),
    jobs: queue,
    onQueued: () => runner?.wake(),
  };
  const templates = createTemplateService(ctx);
  const scans = createScanService(ctx, templates);
  const builds = createFontBuildService(ctx, { presignedDownloads: ports.presignedDownloads ?? false });
  if (ports.scanConcurrency > 0) {
    runner = createJobRunner({
      queue,
      handlers: { "read-scan": scans.readJob, "build-font": builds.buildJob, "render-pdf": templates.renderJob },
      concurrency: ports.scanConcurrency,
      pollMs: times.pollMs,
      ...(ports.log ? { log: ports.log } : {}),
    });
  }
  return {
    ctx,
    templates,
    scans,
    /** The queue, and the runner of this process's jobs when it is a worker (started by the caller). */
    jobs: {
      queue,
      runner,
      /** Resolves once no job waits or runs (tests). */
      idle: () => runner?.idle() ?? Promise.resolve(),
    },
    fonts: createFontService(ctx),
    builds,
    letters: createLetterService(ctx),
    letterChanges: createLetterChangeService(ctx),
    /** Everything of a user's workspace, for the deletion of their account. */
    erase: createWorkspaceEraser(ctx),
  };
}

export type Workspace = ReturnType<typeof createWorkspace>;

/** Every workspace call under /api, with multipart uploads limited to what the product accepts. */
export const workspaceRoutes: FastifyPluginAsync<{ workspace: Workspace }> = async (app, { workspace }) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.scanFileBytes, files: UPLOAD_LIMITS.letterFiles },
  });
  await app.register(templateRoutes, { templates: workspace.templates });
  await app.register(scanRoutes, { scans: workspace.scans });
  await app.register(letterRoutes, { letters: workspace.letters });
  await app.register(letterChangeRoutes, {
    changes: workspace.letterChanges,
    templateName: (userId, templateId) => workspace.templates.name(userId, templateId),
  });
  await app.register(fontRoutes, workspace);
  await app.register(jobRoutes, { jobs: workspace.jobs.queue });
  await app.register(planRoutes, { plans: workspace.ctx.plans, db: workspace.ctx.db, now: workspace.ctx.now });
};
