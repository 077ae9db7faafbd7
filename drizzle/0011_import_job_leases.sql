-- Import jobs become rows that any server instance can claim (docs/decisions/0050-import-jobs-in-the-database.md).
ALTER TABLE "import_jobs" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "csv" text;--> statement-breakpoint
-- A row left running by a server that stopped before this version was shown as interrupted; it has no
-- lease and no CSV to run again: store it as what it was shown, so that one running row at most remains.
UPDATE "import_jobs" SET "status" = 'failed', "message" = 'Import interrupted: the server stopped before it finished. Nothing of it was stored; start it again.' WHERE "status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running_uq" ON "import_jobs" USING btree ("status") WHERE status = 'running';
