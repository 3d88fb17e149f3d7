CREATE TABLE "font_builds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"font_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"glyph_count" integer NOT NULL,
	"files" jsonb NOT NULL,
	"specimen_key" text,
	"specimen_type" text,
	"diagnostics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fonts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"style_name" text DEFAULT 'Regular' NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "glyphs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"letter_set_id" uuid,
	"font_id" uuid,
	"chars" text NOT NULL,
	"variant" integer NOT NULL,
	"path" text NOT NULL,
	"advance" double precision,
	"lsb" double precision,
	"rsb" double precision,
	"baseline_shift" double precision DEFAULT 0 NOT NULL,
	"scale" double precision DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"template_page" integer,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glyphs_set_char_uq" UNIQUE("letter_set_id","chars","variant"),
	CONSTRAINT "glyphs_font_char_uq" UNIQUE("font_id","chars","variant"),
	CONSTRAINT "glyphs_one_parent" CHECK (num_nonnulls("glyphs"."letter_set_id", "glyphs"."font_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "letter_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_sets_owner_template_uq" UNIQUE("owner_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"options" jsonb NOT NULL,
	"layout" jsonb NOT NULL,
	"page_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "font_builds" ADD CONSTRAINT "font_builds_font_id_fonts_id_fk" FOREIGN KEY ("font_id") REFERENCES "public"."fonts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyphs" ADD CONSTRAINT "glyphs_letter_set_id_letter_sets_id_fk" FOREIGN KEY ("letter_set_id") REFERENCES "public"."letter_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glyphs" ADD CONSTRAINT "glyphs_font_id_fonts_id_fk" FOREIGN KEY ("font_id") REFERENCES "public"."fonts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "font_builds_font_idx" ON "font_builds" USING btree ("font_id","created_at");--> statement-breakpoint
CREATE INDEX "fonts_owner_idx" ON "fonts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "glyphs_owner_idx" ON "glyphs" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "scans_owner_idx" ON "scans" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "scans_status_idx" ON "scans" USING btree ("status");--> statement-breakpoint
CREATE INDEX "templates_owner_idx" ON "templates" USING btree ("owner_id","created_at");