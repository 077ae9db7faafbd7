CREATE TABLE "release_counts" (
	"label_id" text NOT NULL,
	"type" text NOT NULL,
	"releases" integer NOT NULL,
	CONSTRAINT "release_counts_label_id_type_pk" PRIMARY KEY("label_id","type")
);
--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "track_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "popularity_score" double precision;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "score_valid_from" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "score_valid_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
CREATE INDEX "releases_label_rank_idx" ON "releases" USING btree ("label_id","pinned" DESC NULLS LAST,"popularity_score" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "releases_label_type_rank_idx" ON "releases" USING btree ("label_id","type","pinned" DESC NULLS LAST,"popularity_score" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "releases_label_played_rank_idx" ON "releases" USING btree ("label_id","pinned" DESC NULLS LAST,"popularity_score" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id") WHERE stream_count > 0;--> statement-breakpoint
CREATE INDEX "releases_label_score_until_idx" ON "releases" USING btree ("label_id","score_valid_until");--> statement-breakpoint
CREATE INDEX "releases_label_score_from_idx" ON "releases" USING btree ("label_id","score_valid_from");--> statement-breakpoint
-- Kept by the database itself, whoever writes (import, admin edit, delete, SQL by hand): docs/decisions/0033.
-- Statement-level triggers with transition tables, so that an import of many rows updates each release once.
CREATE FUNCTION "tracks_counted_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE releases r SET track_count = r.track_count + c.n
    FROM (SELECT release_id, count(*)::int AS n FROM added GROUP BY release_id) c WHERE r.id = c.release_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "tracks_counted_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE releases r SET track_count = r.track_count - c.n
    FROM (SELECT release_id, count(*)::int AS n FROM removed GROUP BY release_id) c WHERE r.id = c.release_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "tracks_counted_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE releases r SET track_count = r.track_count + c.n
    FROM (SELECT release_id, sum(n)::int AS n FROM (
            SELECT release_id, 1 AS n FROM added UNION ALL SELECT release_id, -1 FROM removed) m
          GROUP BY release_id HAVING sum(n) <> 0) c
   WHERE r.id = c.release_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_count_insert" AFTER INSERT ON "tracks" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "tracks_counted_in"();--> statement-breakpoint
CREATE TRIGGER "tracks_count_delete" AFTER DELETE ON "tracks" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "tracks_counted_out"();--> statement-breakpoint
CREATE TRIGGER "tracks_count_update" AFTER UPDATE ON "tracks" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "tracks_counted_moved"();--> statement-breakpoint
CREATE FUNCTION "release_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO release_counts (label_id, type, releases)
  SELECT label_id, type, sum(n)::int FROM (
      SELECT label_id, type, 1 AS n FROM added UNION ALL SELECT label_id, type, -1 FROM removed) m
   GROUP BY label_id, type HAVING sum(n) <> 0
  ON CONFLICT (label_id, type) DO UPDATE SET releases = release_counts.releases + excluded.releases;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "release_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO release_counts (label_id, type, releases)
  SELECT label_id, type, count(*)::int FROM added GROUP BY label_id, type
  ON CONFLICT (label_id, type) DO UPDATE SET releases = release_counts.releases + excluded.releases;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "release_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE release_counts c SET releases = c.releases - d.n
    FROM (SELECT label_id, type, count(*)::int AS n FROM removed GROUP BY label_id, type) d
   WHERE c.label_id = d.label_id AND c.type = d.type;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "release_counts_insert" AFTER INSERT ON "releases" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "release_counts_add"();--> statement-breakpoint
CREATE TRIGGER "release_counts_delete" AFTER DELETE ON "releases" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "release_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "release_counts_update" AFTER UPDATE ON "releases" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "release_counts_move"();--> statement-breakpoint
-- A changed input of the score (docs/product.md §9.4) makes it stale: Top Releases scores the release again.
CREATE FUNCTION "releases_score_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.score_valid_from := 'infinity';
  NEW.score_valid_until := '-infinity';
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "releases_score_inputs" BEFORE UPDATE ON "releases" FOR EACH ROW
  WHEN ((OLD.popularity, OLD.stream_count, OLD.release_date, OLD.track_count)
        IS DISTINCT FROM (NEW.popularity, NEW.stream_count, NEW.release_date, NEW.track_count))
  EXECUTE FUNCTION "releases_score_stale"();--> statement-breakpoint
UPDATE "releases" r SET "track_count" = c.n
  FROM (SELECT release_id, count(*)::int AS n FROM tracks GROUP BY release_id) c WHERE r.id = c.release_id;--> statement-breakpoint
INSERT INTO "release_counts" (label_id, type, releases) SELECT label_id, type, count(*)::int FROM releases GROUP BY label_id, type;
