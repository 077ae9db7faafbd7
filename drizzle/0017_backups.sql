CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"file_name" text,
	"size_bytes" double precision,
	"error" text,
	CONSTRAINT "backups_trigger_check" CHECK ("backups"."trigger" in ('schedule', 'command'))
);
--> statement-breakpoint
CREATE INDEX "backups_finished_idx" ON "backups" USING btree ("finished_at");