CREATE TABLE "artists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"looks_like_sample_pack" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"bio" text,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"spotify_id" text,
	"spotify_url" text,
	"followers" integer,
	"popularity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artists_spotify_id_unique" UNIQUE("spotify_id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"short" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_number_unique" UNIQUE("number"),
	CONSTRAINT "labels_short_unique" UNIQUE("short")
);
--> statement-breakpoint
CREATE TABLE "release_artists" (
	"release_id" uuid NOT NULL,
	"artist_id" text NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "release_artists_release_id_artist_id_role_pk" PRIMARY KEY("release_id","artist_id","role")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label_id" text NOT NULL,
	"upc" text,
	"catalog_number" text,
	"title" text NOT NULL,
	"version" text,
	"release_date" date,
	"type" text NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"artwork_url" text,
	"spotify_id" text,
	"spotify_url" text,
	"popularity" integer,
	"stream_count" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_upc_unique" UNIQUE("upc"),
	CONSTRAINT "releases_spotify_id_unique" UNIQUE("spotify_id")
);
--> statement-breakpoint
CREATE TABLE "track_artists" (
	"track_id" uuid NOT NULL,
	"artist_id" text NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "track_artists_track_id_artist_id_role_pk" PRIMARY KEY("track_id","artist_id","role")
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"disc_number" integer DEFAULT 1 NOT NULL,
	"track_number" integer NOT NULL,
	"isrc" text,
	"title" text NOT NULL,
	"mix_version" text,
	"duration_ms" integer,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"preview_url" text,
	"spotify_id" text,
	"spotify_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracks_spotify_id_unique" UNIQUE("spotify_id")
);
--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_artists" ADD CONSTRAINT "track_artists_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_artists" ADD CONSTRAINT "track_artists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artists_name_key_idx" ON "artists" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "release_artists_artist_idx" ON "release_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "releases_label_date_idx" ON "releases" USING btree ("label_id","release_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_label_type_date_idx" ON "releases" USING btree ("label_id","type","release_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "releases_date_idx" ON "releases" USING btree ("release_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "track_artists_artist_idx" ON "track_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_release_isrc_uq" ON "tracks" USING btree ("release_id","isrc");--> statement-breakpoint
CREATE INDEX "tracks_release_order_idx" ON "tracks" USING btree ("release_id","disc_number","track_number");--> statement-breakpoint
CREATE INDEX "tracks_created_idx" ON "tracks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tracks_isrc_idx" ON "tracks" USING btree ("isrc");