CREATE TABLE "track_audio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"original_key" text NOT NULL,
	"status" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"duration_ms" integer,
	"actor" text NOT NULL,
	"owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "track_audio_status_check" CHECK ("track_audio"."status" in ('queued', 'cutting', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "audio_id" uuid;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "preview_start_ms" integer;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "preview_length_ms" integer;--> statement-breakpoint
CREATE INDEX "track_audio_status_idx" ON "track_audio" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_audio_id_track_audio_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."track_audio"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracks_audio_idx" ON "tracks" USING btree ("audio_id");