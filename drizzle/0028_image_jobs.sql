CREATE TABLE "art_deletions" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "image_jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"name" text NOT NULL,
	"original_key" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"actor" text NOT NULL,
	"owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "image_jobs_status_check" CHECK ("image_jobs"."status" in ('queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "image_jobs_subject_kind_check" CHECK ("image_jobs"."subject_kind" in ('release', 'artist'))
);
--> statement-breakpoint
CREATE INDEX "art_deletions_due_idx" ON "art_deletions" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "image_jobs_status_idx" ON "image_jobs" USING btree ("status","seq");--> statement-breakpoint
CREATE INDEX "image_jobs_name_idx" ON "image_jobs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "image_jobs_subject_idx" ON "image_jobs" USING btree ("subject_id","seq");