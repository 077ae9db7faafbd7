CREATE TABLE "shop_download_links" (
	"order_id" uuid NOT NULL,
	"track_id" uuid NOT NULL,
	"format" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_download_links_order_id_track_id_format_expires_at_pk" PRIMARY KEY("order_id","track_id","format","expires_at")
);
--> statement-breakpoint
ALTER TABLE "shop_download_links" ADD CONSTRAINT "shop_download_links_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_download_links" ADD CONSTRAINT "shop_download_links_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_orders_email_idx" ON "shop_orders" USING btree ("email");