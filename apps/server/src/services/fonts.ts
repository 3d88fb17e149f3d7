import { type FontOrigin, FontSettings, type FontSummary } from "@handfont/contract";
import { fontFileName } from "@handfont/engine";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { fontBuilds, fonts, glyphs, letterSets, scans } from "../db/schema/workspace.ts";
import { DomainError } from "./domain-error.ts";
import {
  assertFontSize,
  fontGlyphs,
  type LetterRecord,
  mergeLetters,
  presentableGlyphs,
  setGlyphs,
  toRecord,
  upsertFontGlyphs,
} from "./glyph-rows.ts";
import { dropUnusedPictures, picturesNamed } from "./letter-pictures.ts";
import { assertCanAddFont, assertFontContent, type FontMeasure, measureLetters } from "./plans.ts";
import { type Executor, isUuid, lockUser, type WorkspaceContext } from "./workspace-context.ts";

export type FontRow = typeof fonts.$inferSelect;
type BuildRow = typeof fontBuilds.$inferSelect;

const fontNotFound = () => new DomainError("FONT_NOT_FOUND");

/** A font of the user, or FONT_NOT_FOUND (also for another user's font, so ids do not reveal existence). */
export async function ownedFont(db: Executor, userId: string, fontId: string): Promise<FontRow> {
  if (!isUuid(fontId)) throw fontNotFound();
  const [row] = await db
    .select()
    .from(fonts)
    .where(and(eq(fonts.id, fontId), eq(fonts.ownerId, userId)));
  if (!row) throw fontNotFound();
  return row;
}

/** A font row's letter counts, which the database keeps up to date (migration 0008). */
export function countsOf(row: FontRow): FontMeasure & { glyphs: number } {
  return {
    glyphs: row.glyphCount,
    characters: row.characterCount,
    maxVariants: row.maxVariants,
    ligatures: row.ligatureCount,
  };
}

/** What the font list shows about a font: counts of its letters and its latest build. */
export function fontSummary(
  row: FontRow,
  letters: readonly { chars: string; variant: number }[] | (FontMeasure & { glyphs: number }),
  build: BuildRow | null,
): FontSummary {
  const measured = "glyphs" in letters ? letters : { ...measureLetters(letters), glyphs: letters.length };
  return {
    id: row.id,
    name: row.name,
    styleName: row.styleName,
    characterCount: measured.characters,
    glyphCount: measured.glyphs,
    ligatureCount: measured.ligatures,
    maxVariants: measured.maxVariants,
    settings: FontSettings.parse(row.settings),
    lastBuild: build
      ? {
          id: build.id,
          createdAt: build.createdAt.toISOString(),
          glyphCount: build.glyphCount,
          files: build.files.map((file) => ({
            format: file.format,
            bytes: file.bytes,
            url: `/api/getCreatedFont/${row.id}?format=${file.format}`,
            fileName: fontFileName(row.name, row.styleName, file.format),
          })),
          // Builds stored before diagnostics named their characters have none.
          diagnostics: build.diagnostics.map((diagnostic) => ({ ...diagnostic, chars: diagnostic.chars ?? [] })),
        }
      : null,
    specimenUrl: build?.specimenKey ? `/api/fonts/${row.id}/specimen?build=${build.id}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only the chosen characters, each with its first `variants` variants (the plan's limit). */
export function keepChosen(letters: LetterRecord[], keep: readonly string[], variants: number): LetterRecord[] {
  const chosen = new Set(keep);
  const ranks = new Map<string, number[]>();
  for (const letter of letters) {
    if (!chosen.has(letter.chars)) continue;
    ranks.set(letter.chars, [...(ranks.get(letter.chars) ?? []), letter.variant]);
  }
  const allowed = new Map(
    [...ranks].map(([chars, list]) => [chars, new Set(list.sort((a, b) => a - b).slice(0, variants))]),
  );
  return letters.filter((letter) => allowed.get(letter.chars)?.has(letter.variant));
}

/** Fonts: create (empty or from letters), list, copy, merge and remove; every query filtered by owner. */
export function createFontService(ctx: WorkspaceContext) {
  /**
   * The fonts `where` picks, newest first, each with its newest build (font_builds_font_idx; only that one leaves the
   * database, since builds pile up). The letter counts are columns of the font that the database keeps (migration
   * 0008), so the list, asked on every visit of the fonts page, is one indexed read of the user's font rows.
   */
  const summaryQuery = (db: Executor, where: SQL | undefined) => {
    const build = db
      .select()
      .from(fontBuilds)
      .where(eq(fontBuilds.fontId, fonts.id))
      .orderBy(desc(fontBuilds.createdAt))
      .limit(1)
      .as("build");
    return db
      .select({
        font: fonts,
        build: {
          id: build.id,
          fontId: build.fontId,
          ownerId: build.ownerId,
          glyphCount: build.glyphCount,
          files: build.files,
          specimenKey: build.specimenKey,
          specimenType: build.specimenType,
          diagnostics: build.diagnostics,
          createdAt: build.createdAt,
        },
      })
      .from(fonts)
      .leftJoinLateral(build, sql`true`)
      .where(where)
      .orderBy(desc(fonts.createdAt));
  };
  const present = (rows: Awaited<ReturnType<typeof summaryQuery>>): FontSummary[] =>
    rows.map(({ font, build }) => fontSummary(font, countsOf(font), build));
  const summaries = async (db: Executor, where: SQL | undefined): Promise<FontSummary[]> =>
    present(await summaryQuery(db, where));
  // The list's SQL is built once: drizzle's query building was a quarter of the list's CPU time in the API process,
  // and on PostgreSQL a named statement is parsed once per connection.
  const listQuery = summaryQuery(ctx.db, eq(fonts.ownerId, sql.placeholder("ownerId"))).prepare("font_list");

  /** The letters a new font starts with, from a source the user owns (or a ready-made template's letter set). */
  const lettersOf = async (db: Executor, userId: string, from: FontOrigin): Promise<LetterRecord[]> => {
    switch (from.kind) {
      case "empty":
        return [];
      case "font":
        return (await fontGlyphs(db, (await ownedFont(db, userId, from.fontId)).id)).map(toRecord);
      case "letterSet":
      case "template": {
        const where =
          from.kind === "letterSet"
            ? isUuid(from.letterSetId)
              ? eq(letterSets.id, from.letterSetId)
              : undefined
            : eq(letterSets.templateId, from.templateId);
        const [set] = where
          ? await db
              .select()
              .from(letterSets)
              .where(and(where, eq(letterSets.ownerId, userId)))
          : [];
        if (!set) throw new DomainError("LETTER_SET_NOT_FOUND");
        return (await setGlyphs(db, [set.id])).map(toRecord);
      }
      case "scan": {
        const [scan] = isUuid(from.scanId)
          ? await db
              .select()
              .from(scans)
              .where(and(eq(scans.id, from.scanId), eq(scans.ownerId, userId)))
          : [];
        if (!scan) throw new DomainError("SCAN_NOT_FOUND");
        const records: LetterRecord[] = [];
        for (const page of scan.pages) {
          if (!page.templateId || page.page === null) continue;
          const [set] = await db
            .select()
            .from(letterSets)
            .where(and(eq(letterSets.ownerId, userId), eq(letterSets.templateId, page.templateId)));
          if (set) records.push(...(await setGlyphs(db, [set.id], [page.page])).map(toRecord));
        }
        if (records.length === 0) throw new DomainError("LETTER_SET_NOT_FOUND");
        return records;
      }
    }
  };

  const create = async (
    userId: string,
    input: {
      name: string;
      from: FontOrigin;
      settings?: FontSettings | undefined;
      keep?: readonly string[] | undefined;
    },
  ): Promise<FontSummary> => {
    const plan = await ctx.plans.planOf(userId);
    return ctx.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [{ value: existing } = { value: 0 }] = await tx
        .select({ value: count() })
        .from(fonts)
        .where(eq(fonts.ownerId, userId));
      assertCanAddFont(plan, existing);
      const source = await lettersOf(tx, userId, input.from);
      const letters = input.keep ? keepChosen(source, input.keep, plan.limits.variantsPerCharacter) : source;
      assertFontContent(plan, letters);
      const [row] = await tx
        .insert(fonts)
        .values({ ownerId: userId, name: input.name, settings: input.settings ?? FontSettings.parse({}) })
        .returning();
      const stored = await upsertFontGlyphs(tx, userId, row!.id, letters);
      await assertFontSize(tx, row!.id);
      return fontSummary(row!, stored, null);
    });
  };

  return {
    create,

    /** Summaries of the user's fonts (counts, last build, specimen): a list never carries outlines. */
    async list(userId: string): Promise<FontSummary[]> {
      return present(await listQuery.execute({ ownerId: userId }));
    },

    /** The spec's GET /getFontsAndSvgs: every font with every letter (kept for the spec; pages use summaries). */
    async listWithLetters(userId: string) {
      const listed = await summaries(ctx.db, eq(fonts.ownerId, userId));
      const letters = await presentableGlyphs(ctx.db, { fontIds: listed.map((summary) => summary.id) });
      return listed.map((summary) => ({
        summary,
        glyphs: letters.filter((letter) => letter.fontId === summary.id),
      }));
    },

    async summary(userId: string, fontId: string): Promise<FontSummary> {
      if (!isUuid(fontId)) throw fontNotFound();
      const [described] = await summaries(ctx.db, and(eq(fonts.id, fontId), eq(fonts.ownerId, userId)));
      if (!described) throw fontNotFound();
      return described;
    },

    async copy(userId: string, fontId: string, name?: string): Promise<FontSummary> {
      const source = await ownedFont(ctx.db, userId, fontId);
      return create(userId, {
        name: name ?? `${source.name} (2)`,
        from: { kind: "font", fontId },
        settings: FontSettings.parse(source.settings),
      });
    },

    /** Adds the letters of one font to another; `onConflict` says whose letter wins for the same chars and variant. */
    async join(userId: string, sourceFontId: string, targetFontId: string, onConflict: "source" | "target") {
      if (sourceFontId === targetFontId) throw new DomainError("MERGE_SAME_FONT");
      const plan = await ctx.plans.planOf(userId);
      return ctx.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const source = await ownedFont(tx, userId, sourceFontId);
        const target = await ownedFont(tx, userId, targetFontId);
        const incoming = (await fontGlyphs(tx, source.id)).map(toRecord);
        const present = (await fontGlyphs(tx, target.id)).map(toRecord);
        const has = new Set(present.map((letter) => `${letter.variant}\u0000${letter.chars}`));
        const conflicting = incoming.filter((letter) => has.has(`${letter.variant}\u0000${letter.chars}`));
        const merged = onConflict === "source" ? mergeLetters(present, incoming) : mergeLetters(incoming, present);
        assertFontContent(plan, merged);
        const toWrite =
          onConflict === "source"
            ? incoming
            : incoming.filter((letter) => !has.has(`${letter.variant}\u0000${letter.chars}`));
        await upsertFontGlyphs(tx, userId, target.id, toWrite);
        await assertFontSize(tx, target.id);
        await tx.update(fonts).set({ updatedAt: ctx.now() }).where(eq(fonts.id, target.id));
        const [described] = await summaries(tx, eq(fonts.id, target.id));
        return {
          font: described!,
          added: incoming.length - conflicting.length,
          replaced: onConflict === "source" ? conflicting.length : 0,
          kept: onConflict === "target" ? conflicting.length : 0,
        };
      });
    },

    async remove(userId: string, fontId: string): Promise<void> {
      const font = await ownedFont(ctx.db, userId, fontId);
      const pictured = await ctx.db.transaction(async (tx) => {
        const named = await picturesNamed(tx, eq(glyphs.fontId, font.id));
        await tx.delete(fonts).where(and(eq(fonts.id, font.id), eq(fonts.ownerId, userId)));
        return named;
      });
      await ctx.blobs.deleteFolder(`fonts/${font.id}`);
      await dropUnusedPictures(ctx, userId, pictured);
    },
  };
}

export type FontService = ReturnType<typeof createFontService>;
