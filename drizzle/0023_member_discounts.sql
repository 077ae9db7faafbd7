CREATE TABLE "member_discounts" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"note" text NOT NULL,
	"plans" text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_discounts_one_row" CHECK ("member_discounts"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('catalog.import', 'catalog.enrichment', 'catalog.demo-removal', 'track.edit', 'track.delete', 'release.pin', 'release.create', 'release.edit', 'artist.edit', 'media.upload', 'demo.received', 'demo.status', 'member.joined', 'member.plan', 'member.request', 'member.status', 'member.discount', 'admin.password'));