import multipart from "@fastify/multipart";
import { UPLOAD_LIMITS } from "@handfont/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/database.ts";
import type { BlobStore } from "../ports/blob-store.ts";
import type { FontBuilder, LetterDrawings, ScanReader, TemplateMaker } from "../ports/engine-ports.ts";
import { createFontBuildService } from "../services/font-builds.ts";
import { createFontService } from "../services/fonts.ts";
import { createLetterChangeService } from "../services/letter-changes.ts";
import { createLetterService } from "../services/letters.ts";
import { createPlans, type PremiumCheck } from "../services/plans.ts";
import { createScanService } from "../services/scans.ts";
import { createTemplateService } from "../services/templates.ts";
import type { WorkspaceContext } from "../services/workspace-context.ts";
import { createWorkspaceEraser } from "../services/workspace-erasure.ts";
import { fontRoutes } from "./fonts.ts";
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
  /** Scans read at once by this process (the reader's worker pool size). */
  scanConcurrency: number;
  /** Font downloads redirect to short-lived addresses on the storage (S3) instead of passing through. */
  presignedDownloads?: boolean;
  now?: () => Date;
};

/** Builds the workspace services over the database and ports; the scan service is returned for start-up and tests. */
export function createWorkspace(db: Db, ports: WorkspacePorts) {
  const ctx: WorkspaceContext = {
    db,
    blobs: ports.blobs,
    plans: createPlans(ports.isPremium, ports.now),
    templateMaker: ports.templateMaker,
    scanReader: ports.scanReader,
    fontBuilder: ports.fontBuilder,
    letterDrawings: ports.letterDrawings,
    now: ports.now ?? (() => new Date()),
  };
  const templates = createTemplateService(ctx);
  return {
    ctx,
    templates,
    scans: createScanService(ctx, templates, {
      concurrency: ports.scanConcurrency,
      maxWaiting: 200,
    }),
    fonts: createFontService(ctx),
    builds: createFontBuildService(ctx, { presignedDownloads: ports.presignedDownloads ?? false }),
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
  await app.register(planRoutes, { plans: workspace.ctx.plans, db: workspace.ctx.db, now: workspace.ctx.now });
};
