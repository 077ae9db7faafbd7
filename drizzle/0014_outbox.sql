CREATE TABLE "email_templates" (
	"label_id" text NOT NULL,
	"status" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_label_id_status_pk" PRIMARY KEY("label_id","status"),
	CONSTRAINT "email_templates_status_check" CHECK ("email_templates"."status" in ('shortlisted', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"email" text NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unsubscribes_email_list_pk" PRIMARY KEY("email","list")
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"label_id" text,
	"to_addresses" text[] NOT NULL,
	"subject" text NOT NULL,
	"html" text,
	"text_body" text,
	"headers" jsonb,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"subject_id" text,
	"dedupe_key" text,
	"send_after" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_emails_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "outbox_emails_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('demo_received', 'demo_shortlisted', 'demo_accepted', 'demo_declined', 'vip_welcome', 'staff_digest')),
	CONSTRAINT "outbox_emails_status_check" CHECK ("outbox_emails"."status" in ('waiting', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "digest_labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_submissions" ADD COLUMN "status_token" text;--> statement-breakpoint
ALTER TABLE "demo_submissions" ADD COLUMN "status_before_decision" text;--> statement-breakpoint
ALTER TABLE "demo_submissions" ADD COLUMN "decision_undo_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_created_idx" ON "outbox_emails" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_emails_open_idx" ON "outbox_emails" USING btree ("status","created_at") WHERE status in ('waiting', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_emails_subject_idx" ON "outbox_emails" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_sent_idx" ON "outbox_emails" USING btree ("sent_at") WHERE html is not null;--> statement-breakpoint
ALTER TABLE "demo_submissions" ADD CONSTRAINT "demo_submissions_status_token_unique" UNIQUE("status_token");