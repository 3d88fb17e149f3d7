import type { FontSettings, LetterInput } from "@handfont/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import { fonts, glyphs, letterSets } from "../db/schema/workspace.ts";
import { contourPath, documentFromPath, NO_FIELDS } from "../letters/letter-documents.ts";
import { parseLetterFileName } from "../letters/letter-file-name.ts";
import { normalisePath } from "../letters/path-data.ts";
import { svgToOutline } from "../letters/svg-letter.ts";
import { DomainError } from "./domain-error.ts";
import { ownedFont } from "./fonts.ts";
import {
  assertFontSize,
  fontGlyphs,
  type GlyphRow,
  type LetterRecord,
  mergeLetters,
  presentableGlyphs,
  toRecord,
  upsertFontGlyphs,
} from "./glyph-rows.ts";
import { dropUnusedPictures, picturesNamed } from "./letter-pictures.ts";
import { assertFontContent } from "./plans.ts";
import { isUuid, lockUser, type WorkspaceContext } from "./workspace-context.ts";

type Letter = Omit<LetterInput, "variant" | "baselineShift" | "scale"> & {
  variant: number;
  baselineShift: number;
  scale: number;
};

/** A letter sent by a spec call (path data and fields) as a document; its outline is exactly the path sent. */
const toRecordFromInput = (letter: Letter): LetterRecord => {
  const document = documentFromPath(
    normalisePath(letter.path),
    {
      advance: letter.advance ?? null,
      lsb: letter.lsb ?? null,
      rsb: letter.rsb ?? null,
      baselineShift: letter.baselineShift,
      scale: letter.scale,
    },
    { kind: "drawn" },
  );
  return {
    chars: letter.chars.normalize("NFC"),
    variant: letter.variant,
    document,
    path: contourPath(document),
    warnings: [],
  };
};

/** Letters of fonts and letter sets: add, replace, edit in one transaction, import SVG files, read one. */
export function createLetterService(ctx: WorkspaceContext) {
  const addRecords = async (userId: string, fontId: string, records: LetterRecord[]) => {
    const plan = await ctx.plans.planOf(userId);
    return ctx.db.transaction(async (tx) => {
      // Writers of one account wait for each other, so the plan limit counted here still holds at the commit.
      await lockUser(tx, userId);
      const font = await ownedFont(tx, userId, fontId);
      const present = (await fontGlyphs(tx, font.id)).map(toRecord);
      assertFontContent(plan, mergeLetters(present, records));
      const stored = await upsertFontGlyphs(tx, userId, font.id, records);
      await assertFontSize(tx, font.id);
      await tx.update(fonts).set({ updatedAt: ctx.now() }).where(eq(fonts.id, font.id));
      return stored;
    });
  };

  return {
    /** Adds or replaces letters of a font (matched by chars and variant). */
    async add(userId: string, fontId: string, letters: Letter[]): Promise<GlyphRow[]> {
      return addRecords(userId, fontId, letters.map(toRecordFromInput));
    },

    /** Imports glyph SVGs named after their characters; one bad file refuses the whole upload, naming it. */
    async importSvgs(userId: string, fontId: string, files: { fileName: string; bytes: Uint8Array }[]) {
      if (files.length === 0) throw new DomainError("UPLOAD_NO_FILES");
      const records: LetterRecord[] = [];
      for (const file of files) {
        try {
          const { chars, variant } = parseLetterFileName(file.fileName);
          const document = documentFromPath(svgToOutline(file.bytes), NO_FIELDS, {
            kind: "imported",
            fileName: file.fileName,
          });
          records.push({ chars, variant, document, path: contourPath(document), warnings: [] });
        } catch (error) {
          if (error instanceof DomainError) {
            throw new DomainError(error.code, { ...error.extra, fileName: file.fileName });
          }
          throw error;
        }
      }
      return addRecords(userId, fontId, mergeLetters(records));
    },

    /** Saves an editing session of a font in one transaction: name, settings, changed and deleted letters. */
    async saveAll(
      userId: string,
      input: { fontId: string; name?: string; settings?: FontSettings; glyphs: Letter[]; deleted: string[] },
    ) {
      const records = input.glyphs.map(toRecordFromInput);
      const plan = await ctx.plans.planOf(userId);
      let pictured: string[] = [];
      const saved = await ctx.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const font = await ownedFont(tx, userId, input.fontId);
        const deleted = input.deleted.filter(isUuid);
        if (deleted.length) {
          const ofDeleted = and(eq(glyphs.fontId, font.id), eq(glyphs.ownerId, userId), inArray(glyphs.id, deleted));
          pictured = await picturesNamed(tx, ofDeleted);
          await tx.delete(glyphs).where(ofDeleted);
        }
        const present = (await fontGlyphs(tx, font.id)).map(toRecord);
        // An edited letter keeps where it came from; only its outline and metrics change.
        const sources = new Map(present.map((letter) => [`${letter.variant}\u0000${letter.chars}`, letter]));
        const kept = records.map((record) => {
          const before = sources.get(`${record.variant}\u0000${record.chars}`);
          return before
            ? { ...record, document: { ...record.document, source: before.document.source }, warnings: before.warnings }
            : record;
        });
        assertFontContent(plan, mergeLetters(present, kept));
        await upsertFontGlyphs(tx, userId, font.id, kept);
        await assertFontSize(tx, font.id);
        await tx
          .update(fonts)
          .set({
            updatedAt: ctx.now(),
            ...(input.name ? { name: input.name } : {}),
            ...(input.settings ? { settings: input.settings } : {}),
          })
          .where(eq(fonts.id, font.id));
        return fontGlyphs(tx, font.id);
      });
      await dropUnusedPictures(ctx, userId, pictured);
      return saved;
    },

    /** One letter of the user's fonts or letter sets, or GLYPH_NOT_FOUND. */
    async glyph(userId: string, glyphId: string): Promise<GlyphRow> {
      const [row] = isUuid(glyphId)
        ? await ctx.db
            .select()
            .from(glyphs)
            .where(and(eq(glyphs.id, glyphId), eq(glyphs.ownerId, userId)))
        : [];
      if (!row) throw new DomainError("GLYPH_NOT_FOUND");
      return row;
    },

    /** The user's letter sets (the letters read from each template's pages) with their letters. */
    async letterSets(userId: string) {
      const sets = await ctx.db
        .select()
        .from(letterSets)
        .where(eq(letterSets.ownerId, userId))
        .orderBy(desc(letterSets.updatedAt));
      const letters = await presentableGlyphs(ctx.db, { letterSetIds: sets.map((set) => set.id) });
      return sets.map((set) => ({ set, glyphs: letters.filter((letter) => letter.letterSetId === set.id) }));
    },
  };
}

export type LetterService = ReturnType<typeof createLetterService>;
