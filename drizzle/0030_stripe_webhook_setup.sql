CREATE TABLE "stripe_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"checked" integer NOT NULL,
	"changed" integer NOT NULL,
	"failed" integer NOT NULL,
	CONSTRAINT "stripe_reconciliations_trigger_check" CHECK ("stripe_reconciliations"."trigger" in ('schedule', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_endpoints" (
	"url" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"secret" text NOT NULL,
	"enabled_events" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
CREATE INDEX "stripe_reconciliations_finished_idx" ON "stripe_reconciliations" USING btree ("finished_at");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('catalog.import', 'catalog.enrichment', 'catalog.demo-removal', 'track.edit', 'track.delete', 'release.pin', 'release.create', 'release.edit', 'artist.edit', 'media.upload', 'demo.received', 'demo.status', 'member.joined', 'member.plan', 'member.request', 'member.status', 'member.reconcile', 'member.discount', 'newsletter.send', 'email.lift', 'admin.password'));