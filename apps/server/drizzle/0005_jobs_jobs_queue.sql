CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner_id","state");--> statement-breakpoint
CREATE INDEX "jobs_owner_started_idx" ON "jobs" USING btree ("owner_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_subject_idx" ON "jobs" USING btree ("kind","subject") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
-- Uploads waiting or half-read under the in-memory queue become jobs, so a worker reads them after the upgrade.
INSERT INTO "jobs" ("kind", "owner_id", "subject") SELECT 'read-scan', "owner_id", "id"::text FROM "scans" WHERE "status" IN ('queued', 'reading');--> statement-breakpoint
UPDATE "scans" SET "status" = 'queued', "progress" = 0 WHERE "status" = 'reading';
