import { randomUUID } from "node:crypto";
import { UPLOAD_LIMITS } from "@handfont/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import { glyphs, letterSets, type StoredMessage, type StoredScanPage, scans } from "../db/schema/workspace.ts";
import { contourPath, documentFromPath, NO_FIELDS } from "../letters/letter-documents.ts";
import type { ReadCell, ReadPage } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import { upsertSetGlyphs } from "./glyph-rows.ts";
import type { JobContext, JobHandler } from "./job-runner.ts";
import { type JobRow, stillHeld } from "./jobs.ts";
import { dropUnusedPictures, letterScanFolder, picturesNamed } from "./letter-pictures.ts";
import { discardUploads, type IncomingFile, storeScanUploads } from "./scan-uploads.ts";
import type { TemplateService } from "./templates.ts";
import { type Executor, isUuid, type WorkspaceContext } from "./workspace-context.ts";

export type ScanRow = typeof scans.$inferSelect;

// Codes a whole file may fail with that users can act on; anything else is reported as READ_FAILED.
const FILE_ERROR_CODES = new Set([
  "IMAGE_UNREADABLE",
  "IMAGE_TOO_LARGE",
  "PDF_UNREADABLE",
  "PDF_TOO_MANY_PAGES",
  "PDF_UNSUPPORTED",
  "TEMPLATE_NOT_FOUND_ON_PAGE",
  "TEMPLATE_UNKNOWN",
  "PAGE_DAMAGED",
  "PDF_PAGE_TOO_LARGE",
]);

/**
 * Scans: an upload stores each file and queues a job to read it (services/jobs.ts); any worker process reads it (in
 * worker threads through the scan reader) with progress in the scan row; each page read replaces that page's letters
 * in the letter set of its template. The database holds every state, so polling any server process sees the same
 * progress, and a scan whose worker died is read again by another.
 */
export function createScanService(ctx: WorkspaceContext, templates: TemplateService) {
  const update = (executor: Executor, id: string, values: Partial<typeof scans.$inferInsert>) =>
    executor
      .update(scans)
      .set({ ...values, updatedAt: ctx.now() })
      .where(eq(scans.id, id));

  /** Reads one scan for its job. The picture stays until the job ends, so a retry or another worker finds it. */
  const read = async (job: JobRow, context: JobContext): Promise<void> => {
    const id = job.subject;
    // A job taken over from a dead worker finds its scan still "reading"; a deleted scan ends the job quietly.
    const [scan] = await ctx.db
      .update(scans)
      .set({ status: "reading", progress: 5, updatedAt: ctx.now() })
      .where(and(eq(scans.id, id), inArray(scans.status, ["queued", "reading"]), stillHeld(job)))
      .returning();
    if (!scan) return;
    let outcome: { pages: StoredScanPage[] } | { errorCode: string };
    try {
      const bytes = await ctx.blobs.get(scan.blobKey);
      if (!bytes) throw Object.assign(new Error("upload missing"), { code: "SCAN_INTERRUPTED" });
      let lastWrite = 0;
      // Progress writes go one after another and finish before the final write, whatever the driver's pool does.
      let progressWrites: Promise<unknown> = Promise.resolve();
      const pages = await ctx.scanReader.read(
        { bytes, mediaType: scan.mediaType as never },
        (templateId, page) =>
          templates
            .findLayout(scan.ownerId, templateId)
            .then((layout) => (layout?.pages.some((p) => p.page === page) ? layout : undefined)),
        (fraction) => {
          context.progress(fraction);
          if (Date.now() - lastWrite < 250) return;
          lastWrite = Date.now();
          const progress = Math.round(5 + 85 * Math.min(1, Math.max(0, fraction)));
          progressWrites = progressWrites.then(() =>
            ctx.db
              .update(scans)
              .set({ progress, updatedAt: ctx.now() })
              .where(and(eq(scans.id, id), eq(scans.status, "reading"))),
          );
        },
        context.signal,
      );
      await progressWrites;
      context.signal.throwIfAborted();
      // The user may have deleted the upload (or the whole account) while it was read: then nothing is stored.
      if (!(await exists(id))) return;
      const stored: StoredScanPage[] = [];
      for (const page of pages) stored.push(await applyPage(scan.ownerId, page));
      outcome = { pages: stored };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // Anything else (a crashed worker thread, a lost connection, a shutdown) is tried again by the job queue.
      if (typeof code !== "string" || !(FILE_ERROR_CODES.has(code) || code === "SCAN_INTERRUPTED")) throw error;
      outcome = { errorCode: code };
    }
    await context.done(async (tx) => {
      if ("errorCode" in outcome) {
        await update(tx, id, { status: "failed", progress: 100, errorCode: outcome.errorCode });
        return;
      }
      const failed = outcome.pages.every((page) => page.error !== null);
      const errorCode = failed ? fileErrorCode(scan.mediaType, outcome.pages) : null;
      await update(tx, id, { status: failed ? "failed" : "done", progress: 100, pages: outcome.pages, errorCode });
    });
    // The letters are what the user keeps; the picture itself is not kept once it has been read.
    await ctx.blobs.deleteFolder(`scans/${id}`);
  };

  /** Every attempt failed (a file that crashes the reader, say): the user sees the scan failed, not stuck. */
  const dead = async (job: JobRow): Promise<void> => {
    await ctx.db
      .update(scans)
      .set({ status: "failed", progress: 100, errorCode: "READ_FAILED", updatedAt: ctx.now() })
      .where(and(eq(scans.id, job.subject), inArray(scans.status, ["queued", "reading"])));
    await ctx.blobs.deleteFolder(`scans/${job.subject}`);
  };

  /** Stores what one page gave: its letters replace that template page's letters in the user's letter set. */
  const applyPage = async (ownerId: string, page: ReadPage): Promise<StoredScanPage> => {
    if (!page.read) {
      return {
        filePage: page.filePage,
        templateId: null,
        page: null,
        lettersFound: 0,
        emptyCells: 0,
        warnings: [],
        cellWarnings: [],
        error: page.error ?? { code: "READ_FAILED", message: "Reading this page failed." },
      };
    }
    const { templateId, page: templatePage, cells, warnings } = page.read;
    const written = cells.filter((cell) => !cell.empty && cell.path);
    // A page with nothing written on it (the blank template, say) is reported but replaces no letters.
    if (written.length > 0) await replacePageLetters(ownerId, templateId, templatePage, written);
    return {
      filePage: page.filePage,
      templateId,
      page: templatePage,
      lettersFound: written.length,
      emptyCells: cells.length - written.length,
      warnings,
      cellWarnings: cells.flatMap((cell) =>
        cell.warnings.map((warning) => ({ ...warning, chars: cell.chars, variant: cell.variant })),
      ),
      error: null,
    };
  };

  /**
   * Keeps the written boxes' pictures for tracing in the outline editor, under the owner's folder (erased with the
   * account; the letters endpoint serves only keys under the asking user's own folder).
   */
  const keepPictures = async (ownerId: string, written: ReadCell[]) => {
    const images: ({ ref: string; box: NonNullable<ReadCell["picture"]>["box"] } | null)[] = [];
    for (const cell of written) {
      if (!cell.picture) {
        images.push(null);
        continue;
      }
      const ref = `${letterScanFolder(ownerId)}/${randomUUID()}.png`;
      await ctx.blobs.put(ref, cell.picture.png);
      images.push({ ref, box: cell.picture.box });
    }
    return images;
  };

  const replacePageLetters = async (ownerId: string, templateId: string, templatePage: number, written: ReadCell[]) => {
    const images = await keepPictures(ownerId, written);
    // Made before the transaction: on the embedded database every other query waits while one is open.
    const letters = written.map((cell, index) => {
      const document = documentFromPath(cell.path, NO_FIELDS, {
        kind: "scan",
        templateId,
        page: templatePage,
        image: images[index],
      });
      return {
        chars: cell.chars,
        variant: cell.variant,
        document,
        path: contourPath(document),
        warnings: cell.warnings,
      };
    });
    const before = await ctx.db.transaction(async (tx) => {
      await tx.insert(letterSets).values({ ownerId, templateId }).onConflictDoNothing();
      const [set] = await tx
        .select({ id: letterSets.id })
        .from(letterSets)
        .where(and(eq(letterSets.ownerId, ownerId), eq(letterSets.templateId, templateId)));
      const pictured = await picturesNamed(tx, eq(glyphs.letterSetId, set!.id));
      await tx.delete(glyphs).where(and(eq(glyphs.letterSetId, set!.id), eq(glyphs.templatePage, templatePage)));
      await upsertSetGlyphs(tx, ownerId, set!.id, letters);
      await tx.update(letterSets).set({ updatedAt: ctx.now() }).where(eq(letterSets.id, set!.id));
      return pictured;
    });
    await dropUnusedPictures(ctx, ownerId, before);
  };

  const exists = async (id: string) =>
    (await ctx.db.select({ id: scans.id }).from(scans).where(eq(scans.id, id))).length > 0;

  const owned = async (userId: string, scanId: string): Promise<ScanRow> => {
    const [row] = isUuid(scanId)
      ? await ctx.db
          .select()
          .from(scans)
          .where(and(eq(scans.id, scanId), eq(scans.ownerId, userId)))
      : [];
    if (!row) throw new DomainError("SCAN_NOT_FOUND");
    return row;
  };

  return {
    owned,

    /**
     * Streams the uploaded files into storage, checking each on the way (scan-uploads.ts), queues a job to read each
     * and answers at once. Nothing is kept of a batch that is refused or breaks off.
     */
    async upload(userId: string, files: AsyncIterable<IncomingFile>): Promise<ScanRow[]> {
      const premium = (await ctx.plans.planOf(userId)).name === "premium";
      // Refused before anything is stored when the account already has its whole allowance waiting.
      await ctx.db.transaction((tx) => ctx.jobs.reserve(tx, userId, 1, premium));
      const stored = await storeScanUploads(ctx.blobs, files, {
        fileBytes: UPLOAD_LIMITS.scanFileBytes,
        files: UPLOAD_LIMITS.scanFiles,
      });
      try {
        const inserted = await ctx.db.transaction(async (tx) => {
          // Checked again with the real count, under the account's lock, so concurrent uploads cannot both pass.
          await ctx.jobs.reserve(tx, userId, stored.length, premium);
          const rows = await tx
            .insert(scans)
            .values(
              stored.map((file) => ({
                id: file.id,
                ownerId: userId,
                fileName: file.fileName.slice(0, 200),
                mediaType: file.mediaType,
                blobKey: file.blobKey,
              })),
            )
            .returning();
          for (const row of rows) {
            await ctx.jobs.enqueue(tx, {
              kind: "read-scan",
              ownerId: userId,
              subject: row.id,
              priority: premium ? 1 : 0,
            });
          }
          return rows;
        });
        ctx.onQueued();
        // In the order the files came, which is the order the answer lists them.
        return stored.map((file) => inserted.find((row) => row.id === file.id)!);
      } catch (error) {
        await discardUploads(ctx.blobs, stored);
        throw error;
      }
    },

    /**
     * Deletes one upload: its record and, when it has not been read yet, the picture. The letters already read from
     * it stay in the letter set (they are the user's work; the Letters page deletes those).
     */
    async remove(userId: string, scanId: string): Promise<void> {
      const scan = await owned(userId, scanId);
      await ctx.db.transaction(async (tx) => {
        await ctx.jobs.cancelQueued(tx, "read-scan", scan.id);
        await tx.delete(scans).where(and(eq(scans.id, scan.id), eq(scans.ownerId, userId)));
      });
      await ctx.blobs.deleteFolder(`scans/${scan.id}`);
    },

    /** Clears the upload list: deletes every finished upload (read or failed); ones waiting or being read stay. */
    async clearFinished(userId: string): Promise<number> {
      const removed = await ctx.db
        .delete(scans)
        .where(and(eq(scans.ownerId, userId), inArray(scans.status, ["done", "failed"])))
        .returning({ id: scans.id });
      for (const { id } of removed) await ctx.blobs.deleteFolder(`scans/${id}`);
      return removed.length;
    },

    async list(userId: string): Promise<ScanRow[]> {
      return ctx.db.select().from(scans).where(eq(scans.ownerId, userId)).orderBy(desc(scans.createdAt)).limit(100);
    },

    /** The job handler that reads uploads, for the worker role. */
    readJob: {
      run: read,
      dead,
      // Handed back or taken over: the upload waits again rather than showing the stopped reading's progress.
      requeued: async (tx, job) => {
        await tx
          .update(scans)
          .set({ status: "queued", progress: 0, updatedAt: ctx.now() })
          .where(and(eq(scans.id, job.subject), eq(scans.status, "reading")));
      },
    } satisfies JobHandler,
  };
}

function fileErrorCode(mediaType: string, pages: StoredScanPage[]): string {
  const errors = pages.map((page) => page.error).filter((error): error is StoredMessage => error !== null);
  if (mediaType === "application/pdf" && errors.every((error) => error.code === "TEMPLATE_NOT_FOUND_ON_PAGE")) {
    return "PDF_WITHOUT_TEMPLATE";
  }
  return errors[0]?.code ?? "READ_FAILED";
}

export type ScanService = ReturnType<typeof createScanService>;
