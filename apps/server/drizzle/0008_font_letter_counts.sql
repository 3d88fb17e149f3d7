ALTER TABLE "fonts" ADD COLUMN "glyph_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "character_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "ligature_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "max_variants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Recounts the given fonts' letters as the font list shows them (services/plans.ts measureLetters): letters,
-- characters, the most variants of one character, and ligatures (more than one character once combining marks,
-- glyph-rows.ts COMBINING, are left out; the pattern only runs on strings of more than one code point). The rows are
-- locked first, in id order, and the count is a later statement: under READ COMMITTED it sees every transaction that
-- wrote the font's letters and committed before the lock was granted, so concurrent saves cannot leave a stale count.
CREATE FUNCTION "font_letter_counts_refresh"(font_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "fonts" WHERE "id" = ANY(font_ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "fonts" SET
    "glyph_count" = counted.glyphs,
    "character_count" = counted.characters,
    "max_variants" = counted.max_variants,
    "ligature_count" = counted.ligatures
  FROM (
    SELECT ids.id,
      coalesce(sum(per_character.n), 0)::int AS glyphs,
      count(per_character.chars)::int AS characters,
      coalesce(max(per_character.n), 0)::int AS max_variants,
      (count(*) FILTER (WHERE CASE WHEN char_length(per_character.chars) > 1 THEN char_length(regexp_replace(
        per_character.chars, U&'[\0300-\036F\0483-\0489\1AB0-\1AFF\1DC0-\1DFF\20D0-\20FF\FE00-\FE0F\FE20-\FE2F]', '', 'g'
      )) > 1 END))::int AS ligatures
    FROM (SELECT DISTINCT id FROM unnest(font_ids) AS id WHERE id IS NOT NULL) AS ids
    LEFT JOIN LATERAL (
      SELECT "chars", count(*) AS n FROM "glyphs" WHERE "glyphs"."font_id" = ids.id GROUP BY "chars"
    ) AS per_character ON true
    GROUP BY ids.id
  ) AS counted
  WHERE "fonts"."id" = counted.id;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "glyphs_recount_fonts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "font_letter_counts_refresh"(array(SELECT "font_id" FROM new_rows));
  ELSE
    PERFORM "font_letter_counts_refresh"(array(SELECT "font_id" FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "glyph_recount_fonts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "font_letter_counts_refresh"(array[OLD."font_id", NEW."font_id"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "glyphs_recount_fonts_insert" AFTER INSERT ON "glyphs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "glyphs_recount_fonts"();
--> statement-breakpoint
CREATE TRIGGER "glyphs_recount_fonts_delete" AFTER DELETE ON "glyphs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "glyphs_recount_fonts"();
--> statement-breakpoint
-- Most updates are edits of a letter's drawing, which change no count: only a letter moved to another font or given
-- another character fires this, row by row (a statement trigger would keep every updated row, drawings included, in
-- its transition tables: 12 % more CPU for a save at the stroke limits).
CREATE TRIGGER "glyph_recount_fonts_update" AFTER UPDATE OF "font_id", "chars" ON "glyphs" FOR EACH ROW
  WHEN (OLD."font_id" IS DISTINCT FROM NEW."font_id" OR OLD."chars" <> NEW."chars")
  EXECUTE FUNCTION "glyph_recount_fonts"();
--> statement-breakpoint
SELECT "font_letter_counts_refresh"(array(SELECT "id" FROM "fonts"));
