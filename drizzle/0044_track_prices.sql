ALTER TABLE "shop_orders" ADD COLUMN "track_id" uuid;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "price" jsonb;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE restrict ON UPDATE no action;