import { UPLOAD_LIMITS } from "@handfont/contract";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { glyphs, letterSets, type StoredMessage, type StoredScanPage, scans } from "../db/schema/workspace.ts";
import { contourPath, documentFromPath, NO_FIELDS } from "../letters/letter-documents.ts";
import type { ReadCell, ReadPage } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import { upsertSetGlyphs } from "./glyph-rows.ts";
import { discardUploads, type IncomingFile, storeScanUploads } from "./scan-uploads.ts";
import type { TemplateService } from "./templates.ts";
import { isUuid, type WorkspaceContext } from "./workspace-context.ts";

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
  "SERVER_BUSY",
]);

/** How long a scan may stay "reading" before a restarted server calls it interrupted. */
const STALE_READING_MS = 10 * 60 * 1000;

type Options = { concurrency: number; maxWaiting: number };

/**
 * Scans: an upload stores each file and queues it; reading runs in the background (in worker threads through the
 * scan reader) with progress in the scan row; each page read replaces that page's letters in the letter set of
 * its template. The database holds every state, so polling any server process sees the same progress.
 */
export function createScanService(ctx: WorkspaceContext, templates: TemplateService, options: Options) {
  const waiting: string[] = [];
  const running = new Set<Promise<void>>();

  const update = (id: string, values: Partial<typeof scans.$inferInsert>) =>
    ctx.db
      .update(scans)
      .set({ ...values, updatedAt: ctx.now() })
      .where(eq(scans.id, id));

  const pump = () => {
    while (running.size < options.concurrency && waiting.length > 0) {
      const id = waiting.shift()!;
      const job: Promise<void> = read(id).finally(() => {
        running.delete(job);
        pump();
      });
      running.add(job);
    }
  };

  const read = async (id: string): Promise<void> => {
    // Claiming is one atomic update, so two server processes never read the same scan.
    const [scan] = await ctx.db
      .update(scans)
      .set({ status: "reading", progress: 5, updatedAt: ctx.now() })
      .where(and(eq(scans.id, id), eq(scans.status, "queued")))
      .returning();
    if (!scan) return;
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
      );
      await progressWrites;
      // The user may have deleted the upload (or the whole account) while it was read: then nothing is stored.
      if (!(await exists(id))) return;
      const stored: StoredScanPage[] = [];
      for (const page of pages) stored.push(await applyPage(scan.ownerId, page));
      const failed = stored.every((page) => page.error !== null);
      const errorCode = failed ? fileErrorCode(scan.mediaType, stored) : null;
      await update(id, { status: failed ? "failed" : "done", progress: 100, pages: stored, errorCode });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const known = typeof code === "string" && (FILE_ERROR_CODES.has(code) || code === "SCAN_INTERRUPTED");
      await update(id, { status: "failed", progress: 100, errorCode: known ? code : "READ_FAILED" });
    } finally {
      // The letters are what the user keeps; the picture itself is not kept once it has been read.
      await ctx.blobs.deleteFolder(`scans/${id}`);
    }
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

  const replacePageLetters = (ownerId: string, templateId: string, templatePage: number, written: ReadCell[]) =>
    ctx.db.transaction(async (tx) => {
      await tx.insert(letterSets).values({ ownerId, templateId }).onConflictDoNothing();
      const [set] = await tx
        .select({ id: letterSets.id })
        .from(letterSets)
        .where(and(eq(letterSets.ownerId, ownerId), eq(letterSets.templateId, templateId)));
      await tx.delete(glyphs).where(and(eq(glyphs.letterSetId, set!.id), eq(glyphs.templatePage, templatePage)));
      await upsertSetGlyphs(
        tx,
        ownerId,
        set!.id,
        written.map((cell) => {
          const document = documentFromPath(cell.path, NO_FIELDS, { kind: "scan", templateId, page: templatePage });
          return {
            chars: cell.chars,
            variant: cell.variant,
            document,
            path: contourPath(document),
            warnings: cell.warnings,
          };
        }),
      );
      await tx.update(letterSets).set({ updatedAt: ctx.now() }).where(eq(letterSets.id, set!.id));
    });

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
     * Streams the uploaded files into storage, checking each on the way (scan-uploads.ts), queues them for reading
     * and answers at once. Nothing is kept of a batch that is refused or breaks off.
     */
    async upload(userId: string, files: AsyncIterable<IncomingFile>): Promise<ScanRow[]> {
      if (waiting.length >= options.maxWaiting) throw new DomainError("SERVER_BUSY");
      const stored = await storeScanUploads(ctx.blobs, files, {
        fileBytes: UPLOAD_LIMITS.scanFileBytes,
        files: UPLOAD_LIMITS.scanFiles,
      });
      let rows: ScanRow[];
      try {
        if (waiting.length + stored.length > options.maxWaiting) throw new DomainError("SERVER_BUSY");
        const inserted = await ctx.db
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
        // In the order the files came, which is the order the answer lists them.
        rows = stored.map((file) => inserted.find((row) => row.id === file.id)!);
      } catch (error) {
        await discardUploads(ctx.blobs, stored);
        throw error;
      }
      waiting.push(...rows.map((row) => row.id));
      pump();
      return rows;
    },

    /**
     * Deletes one upload: its record and, when it has not been read yet, the picture. The letters already read from
     * it stay in the letter set (they are the user's work; the Letters page deletes those).
     */
    async remove(userId: string, scanId: string): Promise<void> {
      const scan = await owned(userId, scanId);
      const queued = waiting.indexOf(scan.id);
      if (queued >= 0) waiting.splice(queued, 1);
      await ctx.db.delete(scans).where(and(eq(scans.id, scan.id), eq(scans.ownerId, userId)));
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

    /** Resolves when every scan this process has started or queued is finished (tests, graceful shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0 || waiting.length > 0) await Promise.all([...running]);
    },

    /** After a restart: queued scans are read again, scans left "reading" by a dead process fail as interrupted. */
    async resume(): Promise<void> {
      await ctx.db
        .update(scans)
        .set({ status: "failed", progress: 100, errorCode: "SCAN_INTERRUPTED", updatedAt: ctx.now() })
        .where(and(eq(scans.status, "reading"), lt(scans.updatedAt, new Date(ctx.now().getTime() - STALE_READING_MS))));
      const queued = await ctx.db
        .select({ id: scans.id })
        .from(scans)
        .where(eq(scans.status, "queued"))
        .orderBy(sql`${scans.createdAt} asc`);
      waiting.push(...queued.map((row) => row.id));
      pump();
    },
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
