DROP INDEX "jobs_owner_started_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "round" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_fair_claim_idx" ON "jobs" USING btree ("priority" DESC NULLS FIRST,"round","created_at","id") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_taken_round_idx" ON "jobs" USING btree ("round") WHERE "jobs"."state" <> 'queued';--> statement-breakpoint
CREATE INDEX "jobs_owner_round_idx" ON "jobs" USING btree ("owner_id","round");