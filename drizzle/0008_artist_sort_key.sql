-- Artists sort as people read (docs/product.md §4.4): accents and case ignored, byte order everywhere.
ALTER TABLE "artists" DROP COLUMN "name_key";--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (lower(regexp_replace(normalize(name, NFD), '[\u0300-\u036f]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "artists_name_key_idx" ON "artists" USING btree ("name_key","id");
