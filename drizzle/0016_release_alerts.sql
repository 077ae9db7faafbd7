CREATE TABLE "release_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_alerts_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
ALTER TABLE "release_alerts" ADD CONSTRAINT "release_alerts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_alerts_release_email_uq" ON "release_alerts" USING btree ("release_id","email");--> statement-breakpoint
CREATE INDEX "release_alerts_confirmed_idx" ON "release_alerts" USING btree ("confirmed_at");--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('demo_received', 'demo_shortlisted', 'demo_accepted', 'demo_declined', 'vip_welcome', 'staff_digest', 'release_alert_confirm', 'release_alert'));