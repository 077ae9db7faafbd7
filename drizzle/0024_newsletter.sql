CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"plans" text[] NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"recipient_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
CREATE INDEX "newsletters_created_idx" ON "newsletters" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('catalog.import', 'catalog.enrichment', 'catalog.demo-removal', 'track.edit', 'track.delete', 'release.pin', 'release.create', 'release.edit', 'artist.edit', 'media.upload', 'demo.received', 'demo.status', 'member.joined', 'member.plan', 'member.request', 'member.status', 'member.discount', 'newsletter.send', 'admin.password'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('demo_received', 'demo_shortlisted', 'demo_accepted', 'demo_declined', 'vip_welcome', 'staff_digest', 'release_alert_confirm', 'release_alert', 'vip_sign_in', 'vip_payment_failed', 'vip_cancelled', 'vip_renewal_reminder', 'vip_newsletter'));