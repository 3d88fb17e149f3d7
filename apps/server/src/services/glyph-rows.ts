import { FONT_LIMITS, type GlyphDocument } from "@handfont/contract";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { glyphs, type StoredMessage } from "../db/schema/workspace.ts";
import { currentDocument, storedSource, templatePageOf } from "../letters/letter-documents.ts";
import { DomainError } from "./domain-error.ts";
import type { Executor } from "./workspace-context.ts";

/** A letter as the services move it around, before it gets a row id: its document and the outline derived from it. */
export type LetterRecord = {
  chars: string;
  variant: number;
  document: GlyphDocument;
  /** The document's outline before its adjustments (the engine's drawnPath). */
  path: string;
  warnings: StoredMessage[];
};

export type GlyphRow = typeof glyphs.$inferSelect;

/** The letter of a stored glyph, to copy it elsewhere. */
export const toRecord = (row: GlyphRow): LetterRecord => ({
  chars: row.chars,
  variant: row.variant,
  document: currentDocument(row.document),
  path: row.path,
  warnings: row.warnings,
});

/** The columns a letter record writes (the query columns copied from its document). */
const columnsOf = (letter: LetterRecord) => ({
  chars: letter.chars,
  variant: letter.variant,
  document: letter.document as unknown as Record<string, unknown>,
  path: letter.path,
  source: storedSource(letter.document),
  templatePage: templatePageOf(letter.document),
  warnings: letter.warnings,
});

const key = (letter: { chars: string; variant: number }) => `${letter.variant}\u0000${letter.chars}`;

/** Merges letter lists by (chars, variant); later lists win. */
export function mergeLetters<T extends { chars: string; variant: number }>(...lists: T[][]): T[] {
  const byKey = new Map<string, T>();
  for (const list of lists) for (const letter of list) byKey.set(key(letter), letter);
  return [...byKey.values()];
}

// A replaced letter is a new revision of the same letter.
const updatedColumns = {
  document: sql`excluded.document`,
  revision: sql`${glyphs.revision} + 1`,
  path: sql`excluded.path`,
  source: sql`excluded.source`,
  templatePage: sql`excluded.template_page`,
  warnings: sql`excluded.warnings`,
  updatedAt: sql`now()`,
};

/** Adds or replaces (by chars and variant) letters of a font, atomically per row even under concurrency. */
export async function upsertFontGlyphs(
  db: Executor,
  ownerId: string,
  fontId: string,
  letters: LetterRecord[],
): Promise<GlyphRow[]> {
  if (letters.length === 0) return [];
  return db
    .insert(glyphs)
    .values(letters.map((letter) => ({ ...columnsOf(letter), ownerId, fontId })))
    .onConflictDoUpdate({ target: [glyphs.fontId, glyphs.chars, glyphs.variant], set: updatedColumns })
    .returning();
}

/** Adds or replaces (by chars and variant) letters of a letter set; nothing is read back (a page's letters are many). */
export async function upsertSetGlyphs(
  db: Executor,
  ownerId: string,
  letterSetId: string,
  letters: LetterRecord[],
): Promise<void> {
  if (letters.length === 0) return;
  await db
    .insert(glyphs)
    .values(letters.map((letter) => ({ ...columnsOf(letter), ownerId, letterSetId })))
    .onConflictDoUpdate({ target: [glyphs.letterSetId, glyphs.chars, glyphs.variant], set: updatedColumns });
}

export async function fontGlyphs(db: Executor, fontId: string): Promise<GlyphRow[]> {
  return db.select().from(glyphs).where(eq(glyphs.fontId, fontId)).orderBy(glyphs.chars, glyphs.variant);
}

export async function setGlyphs(db: Executor, letterSetIds: string[], pages?: number[]): Promise<GlyphRow[]> {
  if (letterSetIds.length === 0) return [];
  const where = pages
    ? and(inArray(glyphs.letterSetId, letterSetIds), inArray(glyphs.templatePage, pages))
    : inArray(glyphs.letterSetId, letterSetIds);
  return db.select().from(glyphs).where(where).orderBy(glyphs.chars, glyphs.variant);
}

/** Throws FONT_TOO_MANY_LETTERS or FONT_TOO_LARGE when a font's stored letters pass the font's limits. */
export async function assertFontSize(db: Executor, fontId: string): Promise<void> {
  const [size] = await db
    .select({ letters: count(), bytes: sql<number>`coalesce(sum(pg_column_size(${glyphs.document})), 0)::float8` })
    .from(glyphs)
    .where(eq(glyphs.fontId, fontId));
  if ((size?.letters ?? 0) > FONT_LIMITS.letters) {
    throw new DomainError("FONT_TOO_MANY_LETTERS", { allowed: FONT_LIMITS.letters, requested: size!.letters });
  }
  if ((size?.bytes ?? 0) > FONT_LIMITS.documentBytes) {
    throw new DomainError("FONT_TOO_LARGE", { allowed: FONT_LIMITS.documentBytes });
  }
}

/**
 * Letters as the spec's glyph calls present them (path and fields), without their drawings: the document is cut down
 * to its version, metrics and adjustments by the database, so a call listing many letters never parses their points.
 */
export async function presentableGlyphs(db: Executor, where: { fontIds?: string[]; letterSetIds?: string[] }) {
  const filter = where.fontIds
    ? inArray(glyphs.fontId, where.fontIds)
    : inArray(glyphs.letterSetId, where.letterSetIds ?? []);
  if ((where.fontIds ?? where.letterSetIds ?? []).length === 0) return [];
  const rows = await db
    .select({
      id: glyphs.id,
      ownerId: glyphs.ownerId,
      letterSetId: glyphs.letterSetId,
      fontId: glyphs.fontId,
      chars: glyphs.chars,
      variant: glyphs.variant,
      document: sql<Record<string, unknown>>`${glyphs.document} - 'contours' - 'strokes'`,
      revision: glyphs.revision,
      path: glyphs.path,
      source: glyphs.source,
      templatePage: glyphs.templatePage,
      warnings: glyphs.warnings,
      createdAt: glyphs.createdAt,
      updatedAt: glyphs.updatedAt,
    })
    .from(glyphs)
    .where(filter)
    .orderBy(glyphs.chars, glyphs.variant);
  // Version-0 documents (before the upgrade on open) keep their fields at the top level; both read the same.
  return rows.map((row) =>
    row.document.schemaVersion === 1 ? row : { ...row, document: { ...row.document, contours: [], strokes: [] } },
  );
}
