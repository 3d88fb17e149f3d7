-- Letters become documents (issue 9). Each row's letter fields move into a version-0 glyph document (the engine's
-- migrateGlyphDocument reads that shape); db/letter-documents.ts upgrades them to the current version when the
-- database is opened, before anything is served. The path stays as the outline derived from the document.
ALTER TABLE "glyphs" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "glyphs" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "glyphs" SET "document" = jsonb_build_object(
  'path', "path",
  'advance', "advance",
  'lsb', "lsb",
  'rsb', "rsb",
  'scale', "scale",
  'baselineShift', "baseline_shift",
  'source', "source",
  'templatePage', "template_page",
  'templateId', (SELECT "template_id" FROM "letter_sets" WHERE "letter_sets"."id" = "glyphs"."letter_set_id")
);--> statement-breakpoint
ALTER TABLE "glyphs" ALTER COLUMN "document" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "glyphs" DROP COLUMN "advance";--> statement-breakpoint
ALTER TABLE "glyphs" DROP COLUMN "lsb";--> statement-breakpoint
ALTER TABLE "glyphs" DROP COLUMN "rsb";--> statement-breakpoint
ALTER TABLE "glyphs" DROP COLUMN "baseline_shift";--> statement-breakpoint
ALTER TABLE "glyphs" DROP COLUMN "scale";
