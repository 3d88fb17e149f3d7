import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/** A warning or error as stored: the code is translated when it is shown; the English text is a fallback. */
export type StoredMessage = { code: string; message: string };

/** One page of an uploaded file, as the scan reader left it. */
export type StoredScanPage = {
  filePage: number;
  templateId: string | null;
  page: number | null;
  lettersFound: number;
  emptyCells: number;
  warnings: StoredMessage[];
  cellWarnings: (StoredMessage & { chars: string; variant: number })[];
  error: StoredMessage | null;
};

export type StoredBuildFile = { format: "otf" | "ttf" | "woff2"; key: string; bytes: number; sha256: string };
export type StoredDiagnostic = { code: string; message: string; severity: string; chars: string[] };

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A user's template: its id is the engine layout id printed in every page's QR code. */
export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    ownerId: uuid("owner_id").notNull(),
    name: text("name").notNull(),
    options: jsonb("options").$type<Record<string, unknown>>().notNull(),
    layout: jsonb("layout").$type<Record<string, unknown>>().notNull(),
    pageCount: integer("page_count").notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("templates_owner_idx").on(table.ownerId, table.createdAt)],
);

/** The letters read from the pages of one template, one set per user and template (pages merge into it). */
export const letterSets = pgTable(
  "letter_sets",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid("owner_id").notNull(),
    templateId: text("template_id").notNull(),
    ...timestamps,
  },
  (table) => [unique("letter_sets_owner_template_uq").on(table.ownerId, table.templateId)],
);

/** A font the user builds: its name, settings and (through glyphs) its letters. */
export const fonts = pgTable(
  "fonts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid("owner_id").notNull(),
    name: text("name").notNull(),
    styleName: text("style_name").notNull().default("Regular"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    // What the font list shows of the font's letters, kept by the database itself: triggers on glyphs recount the
    // fonts a statement touched, in the same transaction (migration 0008), so the list reads one row per font.
    glyphCount: integer("glyph_count").notNull().default(0),
    characterCount: integer("character_count").notNull().default(0),
    ligatureCount: integer("ligature_count").notNull().default(0),
    maxVariants: integer("max_variants").notNull().default(0),
    ...timestamps,
  },
  (table) => [index("fonts_owner_idx").on(table.ownerId, table.createdAt)],
);

/**
 * One letter (a character and variant) in a letter set or in a font (exactly one of the two). The document is what
 * the user made; `path` is derived from it (the engine's drawnPath) and `source`, `template_page` copy parts of it
 * for queries. `revision` grows by one with every write, so edits made on an older one are refused.
 */
export const glyphs = pgTable(
  "glyphs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid("owner_id").notNull(),
    letterSetId: uuid("letter_set_id").references(() => letterSets.id, { onDelete: "cascade" }),
    fontId: uuid("font_id").references(() => fonts.id, { onDelete: "cascade" }),
    chars: text("chars").notNull(),
    variant: integer("variant").notNull(),
    /** The letter as a GlyphDocument (engine), any schemaVersion the engine migrates. */
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    revision: integer("revision").notNull().default(1),
    /** SVG path data in font units, y up from the baseline: the document's outline before its adjustments. */
    path: text("path").notNull(),
    source: text("source").$type<"scan" | "drawn" | "imported" | "composite">().notNull(),
    templatePage: integer("template_page"),
    warnings: jsonb("warnings").$type<StoredMessage[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    // NULLs are distinct, so each index only constrains the rows of its own parent kind.
    unique("glyphs_set_char_uq").on(table.letterSetId, table.chars, table.variant),
    unique("glyphs_font_char_uq").on(table.fontId, table.chars, table.variant),
    check("glyphs_one_parent", sql`num_nonnulls(${table.letterSetId}, ${table.fontId}) = 1`),
    index("glyphs_owner_idx").on(table.ownerId),
  ],
);

/** An uploaded file and the progress of reading it; each page's result is kept for the user to see. */
export const scans = pgTable(
  "scans",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid("owner_id").notNull(),
    fileName: text("file_name").notNull(),
    mediaType: text("media_type").notNull(),
    blobKey: text("blob_key").notNull(),
    status: text("status").$type<"queued" | "reading" | "done" | "failed">().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    pages: jsonb("pages").$type<StoredScanPage[]>().notNull().default([]),
    errorCode: text("error_code"),
    ...timestamps,
  },
  (table) => [index("scans_owner_idx").on(table.ownerId, table.createdAt), index("scans_status_idx").on(table.status)],
);

/** The latest compiled files of a font (OTF, TTF, WOFF2) with what the compiler reported. */
export const fontBuilds = pgTable(
  "font_builds",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    fontId: uuid("font_id")
      .notNull()
      .references(() => fonts.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").notNull(),
    glyphCount: integer("glyph_count").notNull(),
    files: jsonb("files").$type<StoredBuildFile[]>().notNull(),
    specimenKey: text("specimen_key"),
    specimenType: text("specimen_type"),
    diagnostics: jsonb("diagnostics").$type<StoredDiagnostic[]>().notNull().default([]),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("font_builds_font_idx").on(table.fontId, table.createdAt)],
);
