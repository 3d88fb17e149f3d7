import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { type FontFormat, FontSettings, type GlyphDocument } from "@handfont/contract";
import { fontFileName } from "@handfont/engine";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { jobs } from "../db/schema/jobs.ts";
import { fontBuilds, fonts, glyphs, type StoredBuildFile } from "../db/schema/workspace.ts";
import type { BuildLetter } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import { ownedFont } from "./fonts.ts";
import type { JobContext, JobHandler } from "./job-runner.ts";
import type { JobRow } from "./jobs.ts";
import type { Executor, WorkspaceContext } from "./workspace-context.ts";

const CONTENT_TYPES: Record<FontFormat, string> = { otf: "font/otf", ttf: "font/ttf", woff2: "font/woff2" };

// Long enough to start a download, short enough that a shared address soon stops working.
const PRESIGNED_SECONDS = 300;

/** A font file to send: streamed through the server, or an address on the storage to redirect to. */
export type FontDownload = { fileName: string; contentType: string } & (
  | { redirect: string }
  | { stream: Readable; bytes: number }
);

/**
 * A font's letters as a build needs them: the documents without their drawings (contours and strokes can be large
 * and the stored outline stands for them, see the engine's FontLetter.drawnPath), so a build never parses them.
 */
async function buildLetters(db: Executor, fontId: string): Promise<BuildLetter[]> {
  const rows = await db
    .select({
      chars: glyphs.chars,
      variant: glyphs.variant,
      drawnPath: glyphs.path,
      document: sql<Record<string, unknown>>`${glyphs.document} - 'contours' - 'strokes'`,
    })
    .from(glyphs)
    .where(eq(glyphs.fontId, fontId))
    .orderBy(glyphs.chars, glyphs.variant);
  return rows.map((row) => ({
    ...row,
    document: { ...row.document, contours: [], strokes: [] } as unknown as GlyphDocument,
  }));
}

/**
 * Builds: a job compiles a font's letters with its settings in a worker process, and the latest OTF, TTF, WOFF2 and
 * specimen are kept.
 */
export function createFontBuildService(ctx: WorkspaceContext, options: { presignedDownloads: boolean }) {
  const latest = async (fontId: string) => {
    const [build] = await ctx.db
      .select()
      .from(fontBuilds)
      .where(eq(fontBuilds.fontId, fontId))
      .orderBy(desc(fontBuilds.createdAt))
      .limit(1);
    return build ?? null;
  };

  /** Compiles a font for its job; the new build replaces the older ones only while the job is still this worker's. */
  const run = async (job: JobRow, context: JobContext): Promise<void> => {
    const [font] = await ctx.db
      .select()
      .from(fonts)
      .where(and(eq(fonts.id, job.subject), eq(fonts.ownerId, job.ownerId)));
    // The font was deleted while its build waited: nothing to build.
    if (!font) return;
    const letters = await buildLetters(ctx.db, font.id);
    if (letters.length === 0) return context.failed("FONT_EMPTY");
    context.progress(0.05);
    let built: Awaited<ReturnType<typeof ctx.fontBuilder.build>>;
    try {
      built = await ctx.fontBuilder.build({
        family: font.name,
        style: font.styleName,
        designer: "",
        letters,
        timestamp: Math.floor(font.updatedAt.getTime() / 1000),
        settings: FontSettings.parse(font.settings),
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // A crashed or stopped worker thread is tried again; the compiler refusing these letters is the answer.
      if (code === "WORKER_CRASHED" || code === "TASK_TIMEOUT" || code === "SERVER_BUSY") throw error;
      if (typeof code !== "string") throw error;
      return context.failed("BUILD_FAILED");
    }
    context.signal.throwIfAborted();
    context.progress(0.9);
    const buildId = randomUUID();
    const folder = `fonts/${font.id}/builds/${buildId}`;
    const files: StoredBuildFile[] = [];
    for (const file of built.files) {
      const key = `${folder}/font.${file.format}`;
      await ctx.blobs.put(key, file.bytes);
      const sha256 = createHash("sha256").update(file.bytes).digest("hex");
      files.push({ format: file.format, key, bytes: file.bytes.byteLength, sha256 });
    }
    const specimenKey = built.specimen ? `${folder}/specimen` : null;
    if (built.specimen && specimenKey) await ctx.blobs.put(specimenKey, built.specimen.bytes);
    let older: { id: string }[] = [];
    let kept = false;
    try {
      await context.done(async (tx) => {
        // The font may have been deleted meanwhile; then this build is not kept either.
        const [still] = await tx.select({ id: fonts.id }).from(fonts).where(eq(fonts.id, font.id)).for("update");
        if (!still) return;
        kept = true;
        await tx.insert(fontBuilds).values({
          id: buildId,
          fontId: font.id,
          ownerId: font.ownerId,
          glyphCount: letters.length,
          files,
          specimenKey,
          specimenType: built.specimen?.mediaType ?? null,
          diagnostics: built.diagnostics,
          createdAt: ctx.now(),
        });
        // Only the latest build is kept: older rows go in the same transaction, their files once it is stored.
        older = await tx
          .delete(fontBuilds)
          .where(and(eq(fontBuilds.fontId, font.id), ne(fontBuilds.id, buildId)))
          .returning({ id: fontBuilds.id });
      });
    } catch (error) {
      // Another worker took this build over: its files are the ones kept, this one's never become visible.
      await ctx.blobs.deleteFolder(folder);
      throw error;
    }
    if (!kept) await ctx.blobs.deleteFolder(folder);
    for (const { id } of older) await ctx.blobs.deleteFolder(`fonts/${font.id}/builds/${id}`);
  };

  return {
    /**
     * Queues a build of the user's font and answers the job to follow; while one is waiting or running for this
     * font, that one is answered (one build per font at a time).
     */
    async build(userId: string, fontId: string): Promise<JobRow> {
      const font = await ownedFont(ctx.db, userId, fontId);
      const [letter] = await ctx.db.select({ id: glyphs.id }).from(glyphs).where(eq(glyphs.fontId, font.id)).limit(1);
      if (!letter) throw new DomainError("FONT_EMPTY");
      const premium = (await ctx.plans.planOf(userId)).name === "premium";
      const job = await ctx.db.transaction(async (tx) => {
        const [active] = await tx
          .select()
          .from(jobs)
          .where(
            and(eq(jobs.kind, "build-font"), eq(jobs.subject, font.id), inArray(jobs.state, ["queued", "running"])),
          );
        if (active) return active;
        await ctx.jobs.reserve(tx, userId, 1, premium);
        return ctx.jobs.enqueue(tx, {
          kind: "build-font",
          ownerId: userId,
          subject: font.id,
          priority: premium ? 1 : 0,
        });
      });
      ctx.onQueued();
      return job;
    },

    /** The job handler that compiles fonts, for the worker role. */
    buildJob: { run, dead: async () => {} } satisfies JobHandler,

    /**
     * The latest built file of a font in one format, as a stream, or as a short-lived address on the storage when
     * downloads are presigned (after the ownership check above). Fonts stay downloadable whatever the user's plan.
     */
    async download(userId: string, fontId: string, format: FontFormat): Promise<FontDownload> {
      const font = await ownedFont(ctx.db, userId, fontId);
      const build = await latest(font.id);
      const file = build?.files.find((entry) => entry.format === format);
      if (!file) throw new DomainError("FONT_NOT_BUILT");
      const fileName = fontFileName(font.name, font.styleName, format);
      const contentType = CONTENT_TYPES[format];
      const url = options.presignedDownloads
        ? await ctx.blobs.presignedUrl(file.key, { fileName, contentType, expiresInSeconds: PRESIGNED_SECONDS })
        : null;
      if (url) return { fileName, contentType, redirect: url };
      const opened = await ctx.blobs.open(file.key);
      if (!opened) throw new DomainError("FONT_NOT_BUILT");
      return { fileName, contentType, ...opened };
    },

    async specimen(userId: string, fontId: string) {
      const font = await ownedFont(ctx.db, userId, fontId);
      const build = await latest(font.id);
      const opened = build?.specimenKey ? await ctx.blobs.open(build.specimenKey) : undefined;
      if (!opened || !build?.specimenType) throw new DomainError("FONT_NOT_BUILT");
      return { ...opened, contentType: build.specimenType };
    },
  };
}

export type FontBuildService = ReturnType<typeof createFontBuildService>;
