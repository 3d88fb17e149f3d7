import { eq } from "drizzle-orm";
import { jobs } from "../db/schema/jobs.ts";
import { fontBuilds, fonts, glyphs, letterSets, scans, templates } from "../db/schema/workspace.ts";
import { letterScanFolder } from "./letter-pictures.ts";
import type { WorkspaceContext } from "./workspace-context.ts";

/**
 * Erases everything of the font workspace a user owns, for the deletion of their account (privacy page): rows of
 * every workspace table and the files behind them (uploads, built fonts and specimens, template PDFs, letters' scan pictures). A table
 * added to the workspace joins this list; the erasure test fails for any owned row left behind.
 */
export function createWorkspaceEraser(ctx: WorkspaceContext) {
  return async function eraseWorkspace(userId: string): Promise<void> {
    const folders = await ctx.db.transaction(async (tx) => {
      const removedFonts = await tx.delete(fonts).where(eq(fonts.ownerId, userId)).returning({ id: fonts.id });
      const removedScans = await tx.delete(scans).where(eq(scans.ownerId, userId)).returning({ id: scans.id });
      const removedTemplates = await tx
        .delete(templates)
        .where(eq(templates.ownerId, userId))
        .returning({ id: templates.id });
      await tx.delete(letterSets).where(eq(letterSets.ownerId, userId));
      // Letters and builds go with their font or letter set; these catch any that lost their parent row.
      await tx.delete(glyphs).where(eq(glyphs.ownerId, userId));
      await tx.delete(fontBuilds).where(eq(fontBuilds.ownerId, userId));
      // A job running now finds its subject gone and ends without writing anything.
      await tx.delete(jobs).where(eq(jobs.ownerId, userId));
      return [
        ...removedFonts.map(({ id }) => `fonts/${id}`),
        ...removedScans.map(({ id }) => `scans/${id}`),
        ...removedTemplates.map(({ id }) => `templates/${id}`),
        letterScanFolder(userId),
      ];
    });
    // Files go after the rows: a failure here leaves unreachable files, never rows pointing at missing ones.
    for (const folder of folders) await ctx.blobs.deleteFolder(folder);
  };
}

export type WorkspaceEraser = ReturnType<typeof createWorkspaceEraser>;
