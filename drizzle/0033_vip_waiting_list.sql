CREATE TABLE "vip_waiting_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_waiting_list_email_unique" UNIQUE("email"),
	CONSTRAINT "vip_waiting_list_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "vip_waiting_list_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" text NOT NULL,
	"recipient_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('demo_received', 'demo_shortlisted', 'demo_accepted', 'demo_declined', 'vip_welcome', 'staff_digest', 'release_alert_confirm', 'release_alert', 'vip_sign_in', 'vip_payment_failed', 'vip_cancelled', 'vip_renewal_reminder', 'vip_newsletter', 'vip_waiting_list_confirm', 'vip_payments_open'));