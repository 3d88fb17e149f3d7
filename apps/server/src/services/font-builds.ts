import { createHash, randomUUID } from "node:crypto";
import { type FontFormat, FontSettings } from "@handfont/contract";
import { fontFileName } from "@handfont/engine";
import { and, desc, eq, ne } from "drizzle-orm";
import svgpath from "svgpath";
import { fontBuilds, type StoredBuildFile } from "../db/schema/workspace.ts";
import type { BuildGlyph } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import { fontSummary, ownedFont } from "./fonts.ts";
import { fontGlyphs, type GlyphRow } from "./glyph-rows.ts";
import type { WorkspaceContext } from "./workspace-context.ts";

const CONTENT_TYPES: Record<FontFormat, string> = { otf: "font/otf", ttf: "font/ttf", woff2: "font/woff2" };

/** A letter as the compiler gets it: the per-letter scale (around the baseline origin) and shift applied. */
export function toBuildGlyph(
  row: Pick<GlyphRow, "chars" | "variant" | "path" | "advance" | "lsb" | "rsb" | "scale" | "baselineShift">,
): BuildGlyph {
  const adjusted =
    row.scale === 1 && row.baselineShift === 0
      ? row.path
      : svgpath(row.path).scale(row.scale).translate(0, row.baselineShift).round(2).toString();
  return {
    chars: row.chars,
    variant: row.variant,
    path: adjusted,
    ...(row.advance !== null ? { advance: row.advance } : {}),
    ...(row.lsb !== null ? { leftSideBearing: row.lsb } : {}),
    ...(row.rsb !== null ? { rightSideBearing: row.rsb } : {}),
  };
}

/** Builds: compile a font's letters with its settings in a worker, keep the latest OTF, TTF, WOFF2 and specimen. */
export function createFontBuildService(ctx: WorkspaceContext) {
  const latest = async (fontId: string) => {
    const [build] = await ctx.db
      .select()
      .from(fontBuilds)
      .where(eq(fontBuilds.fontId, fontId))
      .orderBy(desc(fontBuilds.createdAt))
      .limit(1);
    return build ?? null;
  };

  return {
    async build(userId: string, fontId: string) {
      const font = await ownedFont(ctx.db, userId, fontId);
      const letters = await fontGlyphs(ctx.db, font.id);
      if (letters.length === 0) throw new DomainError("FONT_EMPTY");
      let built: Awaited<ReturnType<typeof ctx.fontBuilder.build>>;
      try {
        built = await ctx.fontBuilder.build({
          family: font.name,
          style: font.styleName,
          designer: "",
          glyphs: letters.map(toBuildGlyph),
          settings: FontSettings.parse(font.settings),
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === "SERVER_BUSY") throw new DomainError("SERVER_BUSY");
        throw new DomainError("BUILD_FAILED", {}, `build failed: ${String(code ?? error)}`);
      }
      const buildId = randomUUID();
      const folder = `fonts/${font.id}/builds/${buildId}`;
      const files: StoredBuildFile[] = [];
      for (const file of built.files) {
        const key = `${folder}/font.${file.format}`;
        await ctx.blobs.put(key, file.bytes);
        const sha256 = createHash("sha256").update(file.bytes).digest("hex");
        files.push({ format: file.format, key, bytes: file.bytes.byteLength, sha256 });
      }
      const specimenKey = built.specimen ? `${folder}/specimen` : null;
      if (built.specimen && specimenKey) await ctx.blobs.put(specimenKey, built.specimen.bytes);
      const [build] = await ctx.db
        .insert(fontBuilds)
        .values({
          id: buildId,
          fontId: font.id,
          ownerId: userId,
          glyphCount: letters.length,
          files,
          specimenKey,
          specimenType: built.specimen?.mediaType ?? null,
          diagnostics: built.diagnostics,
          createdAt: ctx.now(),
        })
        .returning();
      // Only the latest build is kept: older files go once the new ones are stored.
      const older = await ctx.db
        .delete(fontBuilds)
        .where(and(eq(fontBuilds.fontId, font.id), ne(fontBuilds.id, buildId)))
        .returning({ id: fontBuilds.id });
      for (const { id } of older) await ctx.blobs.deleteFolder(`fonts/${font.id}/builds/${id}`);
      const summary = fontSummary(font, letters, build!);
      return { font: summary, build: summary.lastBuild! };
    },

    /** The latest built file of a font in one format. Fonts stay downloadable whatever the user's plan. */
    async download(userId: string, fontId: string, format: FontFormat) {
      const font = await ownedFont(ctx.db, userId, fontId);
      const build = await latest(font.id);
      const file = build?.files.find((entry) => entry.format === format);
      const bytes = file ? await ctx.blobs.get(file.key) : undefined;
      if (!bytes) throw new DomainError("FONT_NOT_BUILT");
      return { bytes, fileName: fontFileName(font.name, font.styleName, format), contentType: CONTENT_TYPES[format] };
    },

    async specimen(userId: string, fontId: string) {
      const font = await ownedFont(ctx.db, userId, fontId);
      const build = await latest(font.id);
      const bytes = build?.specimenKey ? await ctx.blobs.get(build.specimenKey) : undefined;
      if (!bytes || !build?.specimenType) throw new DomainError("FONT_NOT_BUILT");
      return { bytes, contentType: build.specimenType };
    },
  };
}

export type FontBuildService = ReturnType<typeof createFontBuildService>;
