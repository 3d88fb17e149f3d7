import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { glyphs } from "../db/schema/workspace.ts";
import type { Executor, WorkspaceContext } from "./workspace-context.ts";

/** The blob folder of a user's kept letter pictures (scanned boxes, for tracing). */
export const letterScanFolder = (ownerId: string) => `letter-scans/${ownerId}`;

/** The key of the picture a letter's document names (scanned letters), or null. */
export const pictureRef = sql<string | null>`${glyphs.document}->'source'->'image'->>'ref'`;

/** The pictures the letters matching `where` name; read before those letters are deleted or replaced. */
export async function picturesNamed(db: Executor, where: SQL | undefined): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ref: pictureRef })
    .from(glyphs)
    .where(and(where, sql`${pictureRef} is not null`));
  return rows.map(({ ref }) => ref!);
}

/**
 * Deletes the pictures among `refs` that no letter of the owner names any more. Called after the change commits: a
 * font copied from a letter set, or a copy of a font, names the same picture, which stays while any of them does.
 */
export async function dropUnusedPictures(
  ctx: Pick<WorkspaceContext, "db" | "blobs">,
  ownerId: string,
  refs: readonly string[],
): Promise<number> {
  let dropped = 0;
  const own = [...new Set(refs)].filter((ref) => ref.startsWith(`${letterScanFolder(ownerId)}/`));
  for (let start = 0; start < own.length; start += 500) {
    const batch = own.slice(start, start + 500);
    const used = await ctx.db
      .selectDistinct({ ref: pictureRef })
      .from(glyphs)
      .where(and(eq(glyphs.ownerId, ownerId), inArray(pictureRef, batch)));
    const kept = new Set(used.map(({ ref }) => ref));
    for (const ref of batch) {
      if (kept.has(ref)) continue;
      await ctx.blobs.delete(ref);
      dropped++;
    }
  }
  return dropped;
}
