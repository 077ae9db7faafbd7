CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_member_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_member_tokens_kind_check" CHECK ("vip_member_tokens"."kind" in ('sign_in_link', 'session'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
ALTER TABLE "vip_members" DROP CONSTRAINT "vip_members_status_check";--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "stripe_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "status_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vip_member_tokens" ADD CONSTRAINT "vip_member_tokens_member_id_vip_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."vip_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_member_tokens_member_idx" ON "vip_member_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "vip_members_stripe_subscription_idx" ON "vip_members" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "vip_members_stripe_customer_idx" ON "vip_members" USING btree ("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('catalog.import', 'catalog.enrichment', 'catalog.demo-removal', 'track.edit', 'track.delete', 'release.pin', 'release.create', 'release.edit', 'artist.edit', 'media.upload', 'demo.received', 'demo.status', 'member.joined', 'member.plan', 'member.request', 'member.status', 'admin.password'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('demo_received', 'demo_shortlisted', 'demo_accepted', 'demo_declined', 'vip_welcome', 'staff_digest', 'release_alert_confirm', 'release_alert', 'vip_sign_in', 'vip_payment_failed', 'vip_cancelled', 'vip_renewal_reminder'));--> statement-breakpoint
ALTER TABLE "vip_members" ADD CONSTRAINT "vip_members_status_check" CHECK ("vip_members"."status" in ('pending_payment', 'active', 'past_due', 'canceled'));