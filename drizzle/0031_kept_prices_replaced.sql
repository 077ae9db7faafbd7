ALTER TABLE "stripe_prices" DROP CONSTRAINT "stripe_prices_plan_id_unit_amount_currency_interval_livemode_pk";--> statement-breakpoint
ALTER TABLE "stripe_prices" ADD PRIMARY KEY ("stripe_price_id");--> statement-breakpoint
ALTER TABLE "stripe_prices" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_prices_in_use_uq" ON "stripe_prices" USING btree ("plan_id","unit_amount","currency","interval","livemode") WHERE "stripe_prices"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "tracks_preview_url_idx" ON "tracks" USING btree ("preview_url");