import { drawnPath, migrateGlyphDocument } from "@handfont/engine/fonts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import { glyphs } from "./schema/workspace.ts";

/**
 * Upgrades every stored letter document to the engine's current version (migration 0004_letter_documents left the old letter fields as
 * version-0 documents, which only the engine can turn into contours) and re-derives its outline cache. Runs when the
 * database opens, in batches; a row the engine cannot read keeps its old document and is reported, never dropped.
 */
export async function upgradeLetterDocuments(db: Db, batch = 500): Promise<{ upgraded: number; unreadable: string[] }> {
  let upgraded = 0;
  const unreadable: string[] = [];
  const skip = new Set<string>();
  for (;;) {
    const rows = await db
      .select({ id: glyphs.id, document: glyphs.document })
      .from(glyphs)
      .where(isNull(sql`${glyphs.document}->'schemaVersion'`))
      .limit(batch + skip.size);
    const pending = rows.filter((row) => !skip.has(row.id));
    if (pending.length === 0) return { upgraded, unreadable };
    for (const row of pending) {
      try {
        const doc = migrateGlyphDocument(row.document);
        await db
          .update(glyphs)
          .set({ document: doc as unknown as Record<string, unknown>, path: drawnPath(doc) })
          .where(and(eq(glyphs.id, row.id), isNull(sql`${glyphs.document}->'schemaVersion'`)));
        upgraded++;
      } catch {
        skip.add(row.id);
        unreadable.push(row.id);
      }
    }
  }
}
