CREATE TABLE "demo_submission_artists" (
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"full_name" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"facebook" text,
	"twitter" text,
	"instagram" text,
	"soundcloud" text,
	"spotify" text,
	"apple_music" text,
	CONSTRAINT "demo_submission_artists_submission_id_position_pk" PRIMARY KEY("submission_id","position")
);
--> statement-breakpoint
CREATE TABLE "demo_submission_tracks" (
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"genre" text NOT NULL,
	"soundcloud_url" text NOT NULL,
	CONSTRAINT "demo_submission_tracks_submission_id_position_pk" PRIMARY KEY("submission_id","position")
);
--> statement-breakpoint
CREATE TABLE "demo_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label_id" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"contact_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_submissions_status_check" CHECK ("demo_submissions"."status" in ('new', 'listening', 'shortlisted', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_key_scope_pk" PRIMARY KEY("key","scope")
);
--> statement-breakpoint
CREATE TABLE "vip_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_members_email_unique" UNIQUE("email"),
	CONSTRAINT "vip_members_status_check" CHECK ("vip_members"."status" in ('pending_payment', 'active'))
);
--> statement-breakpoint
ALTER TABLE "demo_submission_artists" ADD CONSTRAINT "demo_submission_artists_submission_id_demo_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."demo_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_submission_tracks" ADD CONSTRAINT "demo_submission_tracks_submission_id_demo_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."demo_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_submissions" ADD CONSTRAINT "demo_submissions_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_submission_tracks_soundcloud_url_idx" ON "demo_submission_tracks" USING btree ("soundcloud_url");--> statement-breakpoint
CREATE INDEX "demo_submissions_contact_email_idx" ON "demo_submissions" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "demo_submissions_created_idx" ON "demo_submissions" USING btree ("created_at","id");