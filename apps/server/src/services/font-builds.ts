import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { type FontFormat, FontSettings, type GlyphDocument } from "@handfont/contract";
import { fontFileName } from "@handfont/engine";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { fontBuilds, glyphs, type StoredBuildFile } from "../db/schema/workspace.ts";
import type { BuildLetter } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import { fontSummary, ownedFont } from "./fonts.ts";
import type { Executor, WorkspaceContext } from "./workspace-context.ts";

const CONTENT_TYPES: Record<FontFormat, string> = { otf: "font/otf", ttf: "font/ttf", woff2: "font/woff2" };

// Long enough to start a download, short enough that a shared address soon stops working.
const PRESIGNED_SECONDS = 300;

/** A font file to send: streamed through the server, or an address on the storage to redirect to. */
export type FontDownload = { fileName: string; contentType: string } & (
  | { redirect: string }
  | { stream: Readable; bytes: number }
);

/**
 * A font's letters as a build needs them: the documents without their drawings (contours and strokes can be large
 * and the stored outline stands for them, see the engine's FontLetter.drawnPath), so a build never parses them.
 */
async function buildLetters(db: Executor, fontId: string): Promise<BuildLetter[]> {
  const rows = await db
    .select({
      chars: glyphs.chars,
      variant: glyphs.variant,
      drawnPath: glyphs.path,
      document: sql<Record<string, unknown>>`${glyphs.document} - 'contours' - 'strokes'`,
    })
    .from(glyphs)
    .where(eq(glyphs.fontId, fontId))
    .orderBy(glyphs.chars, glyphs.variant);
  return rows.map((row) => ({
    ...row,
    document: { ...row.document, contours: [], strokes: [] } as unknown as GlyphDocument,
  }));
}

/** Builds: compile a font's letters with its settings in a worker, keep the latest OTF, TTF, WOFF2 and specimen. */
export function createFontBuildService(ctx: WorkspaceContext, options: { presignedDownloads: boolean }) {
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
      const letters = await buildLetters(ctx.db, font.id);
      if (letters.length === 0) throw new DomainError("FONT_EMPTY");
      let built: Awaited<ReturnType<typeof ctx.fontBuilder.build>>;
      try {
        built = await ctx.fontBuilder.build({
          family: font.name,
          style: font.styleName,
          designer: "",
          letters,
          timestamp: Math.floor(font.updatedAt.getTime() / 1000),
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

    /**
     * The latest built file of a font in one format, as a stream, or as a short-lived address on the storage when
     * downloads are presigned (after the ownership check above). Fonts stay downloadable whatever the user's plan.
     */
    async download(userId: string, fontId: string, format: FontFormat): Promise<FontDownload> {
      const font = await ownedFont(ctx.db, userId, fontId);
      const build = await latest(font.id);
      const file = build?.files.find((entry) => entry.format === format);
      if (!file) throw new DomainError("FONT_NOT_BUILT");
      const fileName = fontFileName(font.name, font.styleName, format);
      const contentType = CONTENT_TYPES[format];
      const url = options.presignedDownloads
        ? await ctx.blobs.presignedUrl(file.key, { fileName, contentType, expiresInSeconds: PRESIGNED_SECONDS })
        : null;
      if (url) return { fileName, contentType, redirect: url };
      const opened = await ctx.blobs.open(file.key);
      if (!opened) throw new DomainError("FONT_NOT_BUILT");
      return { fileName, contentType, ...opened };
    },

    async specimen(userId: string, fontId: string) {
      const font = await ownedFont(ctx.db, userId, fontId);
      const build = await latest(font.id);
      const opened = build?.specimenKey ? await ctx.blobs.open(build.specimenKey) : undefined;
      if (!opened || !build?.specimenType) throw new DomainError("FONT_NOT_BUILT");
      return { ...opened, contentType: build.specimenType };
    },
  };
}

export type FontBuildService = ReturnType<typeof createFontBuildService>;
