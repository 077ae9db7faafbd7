CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_check";--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_email_id_outbox_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_check" CHECK ("activity_log"."kind" in ('catalog.import', 'catalog.enrichment', 'catalog.demo-removal', 'track.edit', 'track.delete', 'release.pin', 'release.create', 'release.edit', 'artist.edit', 'media.upload', 'demo.received', 'demo.status', 'member.joined', 'member.plan', 'member.request', 'member.status', 'member.discount', 'newsletter.send', 'email.lift', 'admin.password'));