CREATE TABLE "playlist_tracks" (
	"playlist_id" text NOT NULL,
	"track_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "playlist_tracks_playlist_id_track_id_pk" PRIMARY KEY("playlist_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"label_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"followers" integer,
	"spotify_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"rule" jsonb,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlists_status_check" CHECK ("playlists"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
ALTER TABLE "image_jobs" DROP CONSTRAINT "image_jobs_subject_kind_check";--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_tracks_order_idx" ON "playlist_tracks" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_tracks_track_idx" ON "playlist_tracks" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "playlists_label_position_idx" ON "playlists" USING btree ("label_id","position");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('catalog.import', 'catalog.enrichment', 'catalog.demo-removal', 'track.edit', 'track.delete', 'release.pin', 'release.create', 'release.edit', 'artist.edit', 'playlist.create', 'playlist.edit', 'playlist.delete', 'media.upload', 'demo.received', 'demo.status', 'member.joined', 'member.plan', 'member.request', 'member.status', 'member.reconcile', 'member.discount', 'newsletter.send', 'vip.waiting-list-send', 'email.lift', 'admin.password', 'staff.invite', 'staff.invite-cancel', 'staff.join', 'staff.remove'));--> statement-breakpoint
ALTER TABLE "image_jobs" ADD CONSTRAINT "image_jobs_subject_kind_check" CHECK ("image_jobs"."subject_kind" in ('release', 'artist', 'playlist'));--> statement-breakpoint
-- The starting set: the fixed playlists the site configuration held until now (docs/decisions/0104), published,
-- each filling itself by its rule until staff change its tracks.
INSERT INTO "playlists" ("id", "label_id", "title", "description", "status", "rule", "position") VALUES
	('records-new-house', 'buildit-records', 'New House', 'The newest house records from the label, freshest first.', 'published', '{"order":"newest","limit":20}', 1),
	('records-tech-house-cuts', 'buildit-records', 'Tech House Cuts', 'The tech house side of Build It Records.', 'published', '{"genre":"Tech House","order":"newest","limit":20}', 2),
	('records-from-the-vault', 'buildit-records', 'From The Vault', 'Where it all started: the first records of the label.', 'published', '{"order":"oldest","limit":20}', 3),
	('tech-peak-time', 'buildit-tech', 'Peak Time Tech', 'The newest tech house from Build It Tech.', 'published', '{"order":"newest","limit":20}', 1),
	('tech-first-cuts', 'buildit-tech', 'First Cuts', 'The records that started Build It Tech.', 'published', '{"order":"oldest","limit":20}', 2),
	('deep-after-midnight', 'buildit-deep', 'After Midnight', 'The newest deep house from Build It Deep.', 'published', '{"order":"newest","limit":20}', 1),
	('deep-foundations', 'buildit-deep', 'Deep Foundations', 'The first records of Build It Deep, oldest first.', 'published', '{"order":"oldest","limit":20}', 2);
