ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('catalog.import', 'catalog.enrichment', 'catalog.demo-removal', 'track.edit', 'track.delete', 'release.pin', 'artist.edit', 'demo.received', 'demo.status', 'member.joined', 'member.plan', 'member.request', 'admin.password'));--> statement-breakpoint
-- A database seeded before this migration: the demo catalog is what has the generated cover art (the seed
-- gives it to every release of the empty database it fills; real imports never store these URLs).
UPDATE "releases" SET "demo" = true WHERE "artwork_url" = '/media/releases/' || "id" || '.svg';
