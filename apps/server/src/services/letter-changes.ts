import type { GlyphDocument, LetterChange } from "@handfont/contract";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { fonts, glyphs, letterSets, templates } from "../db/schema/workspace.ts";
import { currentDocument, storedSource, templatePageOf } from "../letters/letter-documents.ts";
import { DomainError } from "./domain-error.ts";
import { countsOf, ownedFont } from "./fonts.ts";
import { assertFontSize, fontGlyphs, type GlyphRow, setGlyphs } from "./glyph-rows.ts";
import { dropUnusedPictures, letterScanFolder } from "./letter-pictures.ts";
import { assertMeasuredContent } from "./plans.ts";
import { isUuid, lockUser, type WorkspaceContext } from "./workspace-context.ts";

/** The kept picture a stored letter's document names, if it was scanned. */
const scanPictureOf = (row: { document: Record<string, unknown> }) => {
  const source = currentDocument(row.document).source;
  return source?.kind === "scan" ? source.image?.ref : undefined;
};

const key = (letter: { chars: string; variant: number }) => `${letter.variant}\u0000${letter.chars}`;

/** A stored letter as the letters API gives it (warnings as stored; routes translate them). */
export type LetterStateRow = {
  chars: string;
  variant: number;
  revision: number;
  document: GlyphDocument;
  path: string;
  warnings: GlyphRow["warnings"];
  updatedAt: string;
};

const withDocument = (row: GlyphRow): LetterStateRow => ({
  chars: row.chars,
  variant: row.variant,
  revision: row.revision,
  document: currentDocument(row.document),
  path: row.path,
  warnings: row.warnings,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The letters API over documents (notes/letters-api.md): one font's letters with their revisions, and sets of changes
 * applied all or nothing, each checked against the revision it was made on so two tabs never overwrite each other.
 */
export function createLetterChangeService(ctx: WorkspaceContext) {
  return {
    /**
     * The user's letter sets with their letter counts (a list never carries outlines) and the names of the user's
     * templates they were read from, in one query; `templateName` is null for a ready-made or a deleted template.
     */
    async letterSets(userId: string) {
      return ctx.db
        .select({
          id: letterSets.id,
          templateId: letterSets.templateId,
          templateName: templates.name,
          updatedAt: letterSets.updatedAt,
          // Counted on glyphs_set_char_uq, whose first column is the set.
          letterCount: sql<number>`(select count(*) from ${glyphs} where ${glyphs.letterSetId} = ${letterSets.id})::int`,
        })
        .from(letterSets)
        .leftJoin(templates, and(eq(templates.id, letterSets.templateId), eq(templates.ownerId, letterSets.ownerId)))
        .where(eq(letterSets.ownerId, userId))
        .orderBy(desc(letterSets.updatedAt));
    },

    /** Every letter of one of the user's letter sets, with its document and revision. */
    async letterSetLetters(userId: string, letterSetId: string): Promise<LetterStateRow[]> {
      const [set] = isUuid(letterSetId)
        ? await ctx.db
            .select({ id: letterSets.id })
            .from(letterSets)
            .where(and(eq(letterSets.id, letterSetId), eq(letterSets.ownerId, userId)))
        : [];
      if (!set) throw new DomainError("LETTER_SET_NOT_FOUND");
      return (await setGlyphs(ctx.db, [set.id])).map(withDocument);
    },

    /**
     * The picture of the box a scanned letter of the user's font was read from, for tracing under its outline. Only
     * pictures in the user's own folder are served: a document (which the user may write) could name any key.
     */
    async scanPicture(userId: string, fontId: string, slot: { chars: string; variant: number }): Promise<Uint8Array> {
      const font = await ownedFont(ctx.db, userId, fontId);
      const letter = (await fontGlyphs(ctx.db, font.id)).find(
        (row) => row.chars === slot.chars && row.variant === slot.variant,
      );
      const ref = letter ? scanPictureOf(letter) : undefined;
      const own = ref?.startsWith(`${letterScanFolder(userId)}/`) && !ref.includes("..");
      const bytes = own ? await ctx.blobs.get(ref!) : undefined;
      if (!bytes) throw new DomainError("GLYPH_NOT_FOUND", { reason: "no scan picture kept for this letter" });
      return bytes;
    },

    /** Every letter of one of the user's fonts, with its document and revision. */
    async letters(userId: string, fontId: string): Promise<LetterStateRow[]> {
      const font = await ownedFont(ctx.db, userId, fontId);
      return (await fontGlyphs(ctx.db, font.id)).map(withDocument);
    },

    /**
     * Applies changes to a font's letters in one transaction. A change whose base revision is not the letter's current
     * one refuses the whole set with LETTER_CONFLICT, listing the current state of every such letter.
     */
    async change(userId: string, fontId: string, changes: LetterChange[]): Promise<LetterStateRow[]> {
      const seen = new Set<string>();
      for (const change of changes) {
        if (seen.has(key(change))) throw new DomainError("VALIDATION", { reason: "a letter is changed twice" });
        seen.add(key(change));
      }
      const written = changes.filter((change) => change.document !== null);
      // Checked and outlined before the transaction: pen strokes take a worker's time, not a held connection's.
      const prepared = await ctx.letterDrawings
        .prepare(written.map((change) => change.document!))
        .catch((error: unknown) => {
          if (error instanceof DomainError && typeof error.extra.index === "number") {
            const change = written[error.extra.index]!;
            throw new DomainError(error.code, { ...error.extra, chars: change.chars, variant: change.variant });
          }
          throw error;
        });
      const plan = await ctx.plans.planOf(userId);
      // Serialised before the transaction: a letter at the stroke limits is ~400 KB of JSON, and on the embedded
      // database every other query (health checks included) waits for the transaction to end.
      const toWrite = written.map((change, index) => ({
        change,
        path: prepared[index]!.path,
        document: prepared[index]!.document,
        json: JSON.stringify(prepared[index]!.document),
      }));
      // Pictures the changed letters named before; those no letter names after the commit are deleted.
      const pictured: string[] = [];
      const changed = await ctx.db.transaction(async (tx) => {
        // Writers of one account wait for each other, so the plan limit measured below still holds at the commit.
        await lockUser(tx, userId);
        const font = await ownedFont(tx, userId, fontId);
        const named = (slots: { chars: string; variant: number }[]) =>
          and(
            eq(glyphs.fontId, font.id),
            or(...slots.map((slot) => and(eq(glyphs.chars, slot.chars), eq(glyphs.variant, slot.variant)))),
          );
        // The changed letters without their drawings: the check needs their revisions and the pictures they name.
        const current = await tx
          .select({
            id: glyphs.id,
            chars: glyphs.chars,
            variant: glyphs.variant,
            revision: glyphs.revision,
            document: sql<Record<string, unknown>>`${glyphs.document} - 'contours' - 'strokes'`,
          })
          .from(glyphs)
          .where(named(changes))
          .for("update");
        const byKey = new Map(current.map((row) => [key(row), row]));
        const stale = changes.filter((change) => {
          const row = byKey.get(key(change));
          return change.baseRevision === null ? row !== undefined : row?.revision !== change.baseRevision;
        });
        if (stale.length > 0) {
          // Refused: the stale letters' whole current state, drawings included, goes back to the client.
          const rows = new Map(
            (await tx.select().from(glyphs).where(named(stale))).map((row) => [key(row), withDocument(row)]),
          );
          throw new DomainError("LETTER_CONFLICT", {
            conflicts: stale.map((change) => ({
              chars: change.chars,
              variant: change.variant,
              current: rows.get(key(change)) ?? null,
            })),
          });
        }
        for (const row of current) {
          const ref = scanPictureOf(row);
          if (ref) pictured.push(ref);
        }

        // Deleting a letter that is not there (and was not believed to be) changes nothing.
        const deleted = changes.flatMap((change) => {
          const row = change.document === null ? byKey.get(key(change)) : undefined;
          return row ? [row] : [];
        });
        if (deleted.length > 0) {
          await tx.delete(glyphs).where(
            inArray(
              glyphs.id,
              deleted.map((row) => row.id),
            ),
          );
        }
        // A written letter's state comes back without its document, which is the one just sent.
        const stateColumns = { revision: glyphs.revision, warnings: glyphs.warnings, updatedAt: glyphs.updatedAt };
        const changedRows: LetterStateRow[] = [];
        for (const { change, path, document, json } of toWrite) {
          const row = byKey.get(key(change));
          const columns = {
            document: sql`${json}::jsonb`,
            path,
            source: storedSource(document),
            templatePage: templatePageOf(document),
            updatedAt: ctx.now(),
          };
          const [stored] = row
            ? await tx
                .update(glyphs)
                .set({ ...columns, revision: row.revision + 1 })
                .where(and(eq(glyphs.id, row.id), eq(glyphs.revision, row.revision)))
                .returning(stateColumns)
            : await tx
                .insert(glyphs)
                .values({ ...columns, ownerId: userId, fontId: font.id, chars: change.chars, variant: change.variant })
                .onConflictDoNothing()
                .returning(stateColumns);
          // Another writer got there between the check and the write (possible on PostgreSQL for a new letter).
          if (!stored) {
            throw new DomainError("LETTER_CONFLICT", {
              conflicts: [{ chars: change.chars, variant: change.variant, current: null }],
            });
          }
          changedRows.push({
            chars: change.chars,
            variant: change.variant,
            revision: stored.revision,
            document,
            path,
            warnings: stored.warnings,
            updatedAt: stored.updatedAt.toISOString(),
          });
        }
        // The letter counts on the font row are kept by the database in this transaction (migration 0008).
        const [touched] = await tx.update(fonts).set({ updatedAt: ctx.now() }).where(eq(fonts.id, font.id)).returning();
        assertMeasuredContent(plan, countsOf(touched!));
        await assertFontSize(tx, font.id);
        return changedRows;
      });
      await dropUnusedPictures(ctx, userId, pictured);
      return changed;
    },
  };
}

export type LetterChangeService = ReturnType<typeof createLetterChangeService>;
