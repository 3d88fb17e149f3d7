import { inArray } from "drizzle-orm";
import { scans } from "../db/schema/workspace.ts";
import { dropUnusedPictures } from "./letter-pictures.ts";
import { isUuid, type WorkspaceContext } from "./workspace-context.ts";

/** An upload is stored before its row is written: younger files without a row may be an upload in progress. */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;
/** How often a running server sweeps. */
export const SWEEP_EVERY_MS = 15 * 60 * 1000;

export type SweepResult = { unfinished: number; pictures: number; letterPictures: number };

/**
 * Uploaded pictures are deleted once read; this catches the ones a failure or an interruption left behind: the
 * picture of a scan that is finished (read or failed) but was not deleted (the process stopped first), a picture
 * with no scan row at all (the upload broke off before it was recorded, or the row was deleted first), and the
 * half-written files of writes that never finished. It also deletes kept letter pictures (scanned boxes) that no letter
 * names any more and that are older than an hour (a page being read stores its pictures before its letters), for
 * changes that do not delete them at once (a letter replaced by an imported one, a process stopped after a commit).
 */
export function createBlobSweeper(ctx: WorkspaceContext) {
  const sweepLetterPictures = async (cutoff: Date) => {
    const old = new Map<string, string[]>();
    for await (const entry of ctx.blobs.list("letter-scans")) {
      const owner = entry.key.split("/")[1]!;
      if (entry.modifiedAt >= cutoff || !isUuid(owner)) continue;
      const keys = old.get(owner) ?? [];
      keys.push(entry.key);
      old.set(owner, keys);
    }
    let dropped = 0;
    for (const [owner, keys] of old) dropped += await dropUnusedPictures(ctx, owner, keys);
    return dropped;
  };

  return {
    async sweep(): Promise<SweepResult> {
      const cutoff = new Date(ctx.now().getTime() - ORPHAN_AFTER_MS);
      const unfinished = await ctx.blobs.sweepUnfinished(cutoff);
      // The newest write of each scan folder (scans/<id>/…).
      const folders = new Map<string, Date>();
      for await (const entry of ctx.blobs.list("scans")) {
        const id = entry.key.split("/")[1]!;
        const newest = folders.get(id);
        if (!newest || entry.modifiedAt > newest) folders.set(id, entry.modifiedAt);
      }
      let pictures = 0;
      const ids = [...folders.keys()];
      for (let start = 0; start < ids.length; start += 500) {
        const batch = ids.slice(start, start + 500);
        const known = batch.filter(isUuid);
        const rows =
          known.length === 0
            ? []
            : await ctx.db.select({ id: scans.id, status: scans.status }).from(scans).where(inArray(scans.id, known));
        const statusOf = new Map(rows.map((row) => [row.id, row.status]));
        for (const id of batch) {
          const status = statusOf.get(id);
          const finished = status === "done" || status === "failed";
          const orphaned = status === undefined && folders.get(id)! < cutoff;
          if (!finished && !orphaned) continue;
          await ctx.blobs.deleteFolder(`scans/${id}`);
          pictures++;
        }
      }
      return { unfinished, pictures, letterPictures: await sweepLetterPictures(cutoff) };
    },
  };
}

export type BlobSweeper = ReturnType<typeof createBlobSweeper>;

/** Sweeps now and then every SWEEP_EVERY_MS until stopped; a failed sweep is reported and the next one tries again. */
export function startBlobSweeps(
  sweeper: BlobSweeper,
  report: { swept: (result: SweepResult) => void; failed: (error: unknown) => void },
  everyMs = SWEEP_EVERY_MS,
) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweeper
      .sweep()
      .then(report.swept, report.failed)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a sweep under way. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
