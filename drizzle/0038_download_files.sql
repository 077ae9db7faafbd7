CREATE TABLE "download_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"format" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"file_key" text,
	"size" bigint,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "download_files_status_check" CHECK ("download_files"."status" in ('queued', 'making', 'ready', 'failed')),
	CONSTRAINT "download_files_format_check" CHECK ("download_files"."format" in ('wav', 'flac', 'aiff', 'mp3-320', 'mp3-v0'))
);
--> statement-breakpoint
ALTER TABLE "download_files" ADD CONSTRAINT "download_files_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_files_track_format_uq" ON "download_files" USING btree ("track_id","format");--> statement-breakpoint
CREATE INDEX "download_files_status_idx" ON "download_files" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "download_files_file_key_idx" ON "download_files" USING btree ("file_key");