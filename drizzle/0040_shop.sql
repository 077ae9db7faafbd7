CREATE TABLE "download_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"release_id" uuid NOT NULL,
	"note" text,
	"expires_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" uuid,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "download_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"release_id" uuid NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"stripe_session_id" text,
	"stripe_payment_intent_id" text,
	"downloads_given" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"download_email_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_token_unique" UNIQUE("token"),
	CONSTRAINT "shop_orders_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "shop_orders_source_check" CHECK ("shop_orders"."source" in ('checkout', 'code', 'free')),
	CONSTRAINT "shop_orders_status_check" CHECK ("shop_orders"."status" in ('pending', 'paid', 'refunded', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "price" jsonb;--> statement-breakpoint
ALTER TABLE "download_codes" ADD CONSTRAINT "download_codes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_codes" ADD CONSTRAINT "download_codes_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_codes_release_idx" ON "download_codes" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_created_idx" ON "shop_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shop_orders_release_idx" ON "shop_orders" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "shop_orders_payment_intent_idx" ON "shop_orders" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "shop_orders_download_email_idx" ON "shop_orders" USING btree ("release_id") WHERE status = 'paid' and download_email_at is null;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('demo_received', 'demo_shortlisted', 'demo_accepted', 'demo_declined', 'vip_welcome', 'staff_digest', 'release_alert_confirm', 'release_alert', 'vip_sign_in', 'vip_payment_failed', 'vip_cancelled', 'vip_renewal_reminder', 'vip_newsletter', 'vip_waiting_list_confirm', 'vip_payments_open', 'staff_invitation', 'order_receipt', 'order_downloads'));