CREATE TABLE "artist_labels" (
	"label_id" text NOT NULL,
	"artist_id" text NOT NULL,
	"credits" integer NOT NULL,
	"listed" boolean NOT NULL,
	CONSTRAINT "artist_labels_label_id_artist_id_pk" PRIMARY KEY("label_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "listed_artist_counts" (
	"label_id" text PRIMARY KEY NOT NULL,
	"artists" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_counts" (
	"label_id" text NOT NULL,
	"type" text NOT NULL,
	"releases" integer NOT NULL,
	CONSTRAINT "release_counts_label_id_type_pk" PRIMARY KEY("label_id","type")
);
--> statement-breakpoint
DROP INDEX "artists_name_trgm_idx";--> statement-breakpoint
DROP INDEX "releases_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "track_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "popularity_score" double precision;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "score_valid_from" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "score_valid_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_labels" ADD CONSTRAINT "artist_labels_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_labels_artist_idx" ON "artist_labels" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "releases_label_rank_idx" ON "releases" USING btree ("label_id","pinned" DESC NULLS LAST,"popularity_score" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "releases_label_type_rank_idx" ON "releases" USING btree ("label_id","type","pinned" DESC NULLS LAST,"popularity_score" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "releases_label_played_rank_idx" ON "releases" USING btree ("label_id","pinned" DESC NULLS LAST,"popularity_score" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id") WHERE stream_count > 0;--> statement-breakpoint
CREATE INDEX "releases_label_score_until_idx" ON "releases" USING btree ("label_id","score_valid_until");--> statement-breakpoint
CREATE INDEX "releases_label_score_from_idx" ON "releases" USING btree ("label_id","score_valid_from");--> statement-breakpoint
CREATE INDEX "artists_name_trgm_idx" ON "artists" USING gin ("name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "releases_title_trgm_idx" ON "releases" USING gin ("title" gin_trgm_ops) WITH (fastupdate=off);
--> statement-breakpoint
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
--> statement-breakpoint
-- Artists' credits per label (and '*', anywhere): docs/decisions/0033. `artist_credits_apply` adds signed
-- credit counts per label and artist; a row whose credits reach 0 goes. A credit is counted while its
-- release (and track) exist: deleting a release or a track takes its credits away first (BEFORE DELETE),
-- and the link rows deleted by the cascade afterwards find no release and change nothing.
CREATE FUNCTION "artist_credits_apply"(p_labels text[], p_artists text[], p_ns int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH net AS (
    SELECT label_id, artist_id, sum(n)::int AS n FROM (
        SELECT * FROM unnest(p_labels, p_artists, p_ns) AS u(label_id, artist_id, n)
        UNION ALL SELECT '*', artist_id, n FROM unnest(p_artists, p_ns) AS u(artist_id, n)) c
     GROUP BY label_id, artist_id HAVING sum(n) <> 0)
  INSERT INTO artist_labels AS al (label_id, artist_id, credits, listed)
  SELECT net.label_id, net.artist_id, net.n, NOT a.looks_like_sample_pack AND a.name <> ''
    FROM net JOIN artists a ON a.id = net.artist_id WHERE net.n > 0
  ON CONFLICT (label_id, artist_id) DO UPDATE SET credits = al.credits + excluded.credits;
  WITH net AS (
    SELECT label_id, artist_id, sum(n)::int AS n FROM (
        SELECT * FROM unnest(p_labels, p_artists, p_ns) AS u(label_id, artist_id, n)
        UNION ALL SELECT '*', artist_id, n FROM unnest(p_artists, p_ns) AS u(artist_id, n)) c
     GROUP BY label_id, artist_id HAVING sum(n) < 0)
  UPDATE artist_labels al SET credits = al.credits + net.n FROM net
   WHERE al.label_id = net.label_id AND al.artist_id = net.artist_id;
  DELETE FROM artist_labels al WHERE al.artist_id = ANY (p_artists) AND al.credits <= 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "release_credits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, sum(c.n)::int AS n FROM (
        SELECT release_id, artist_id, 1 AS n FROM added UNION ALL SELECT release_id, artist_id, -1 FROM removed) c
      JOIN releases r ON r.id = c.release_id
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "release_credits_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, count(*)::int AS n FROM added c JOIN releases r ON r.id = c.release_id
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "release_credits_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, -count(*)::int AS n FROM removed c JOIN releases r ON r.id = c.release_id
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "track_credits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, sum(c.n)::int AS n FROM (
        SELECT track_id, artist_id, 1 AS n FROM added UNION ALL SELECT track_id, artist_id, -1 FROM removed) c
      JOIN tracks t ON t.id = c.track_id JOIN releases r ON r.id = t.release_id
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "track_credits_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, count(*)::int AS n
      FROM added c JOIN tracks t ON t.id = c.track_id JOIN releases r ON r.id = t.release_id
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "track_credits_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, -count(*)::int AS n
      FROM removed c JOIN tracks t ON t.id = c.track_id JOIN releases r ON r.id = t.release_id
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "release_credits_insert" AFTER INSERT ON "release_artists" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "release_credits_added"();--> statement-breakpoint
CREATE TRIGGER "release_credits_delete" AFTER DELETE ON "release_artists" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "release_credits_removed"();--> statement-breakpoint
CREATE TRIGGER "release_credits_update" AFTER UPDATE ON "release_artists" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "release_credits_changed"();--> statement-breakpoint
CREATE TRIGGER "track_credits_insert" AFTER INSERT ON "track_artists" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "track_credits_added"();--> statement-breakpoint
CREATE TRIGGER "track_credits_delete" AFTER DELETE ON "track_artists" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "track_credits_removed"();--> statement-breakpoint
CREATE TRIGGER "track_credits_update" AFTER UPDATE ON "track_artists" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "track_credits_changed"();--> statement-breakpoint
CREATE FUNCTION "release_credits_leave"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(OLD.label_id), array_agg(artist_id), array_agg(-n)) FROM (
    SELECT artist_id, count(*)::int AS n FROM (
        SELECT artist_id FROM release_artists WHERE release_id = OLD.id
        UNION ALL
        SELECT ta.artist_id FROM tracks t JOIN track_artists ta ON ta.track_id = t.id WHERE t.release_id = OLD.id) c
     GROUP BY artist_id) g;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "releases_credits_leave" BEFORE DELETE ON "releases" FOR EACH ROW EXECUTE FUNCTION "release_credits_leave"();--> statement-breakpoint
CREATE FUNCTION "track_credits_leave"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(r.label_id), array_agg(ta.artist_id), array_agg(-1))
     FROM track_artists ta JOIN releases r ON r.id = OLD.release_id WHERE ta.track_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_credits_leave" BEFORE DELETE ON "tracks" FOR EACH ROW EXECUTE FUNCTION "track_credits_leave"();--> statement-breakpoint
-- A release moved to another label takes its credits along.
CREATE FUNCTION "release_credits_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT l.label_id, c.artist_id, l.sign * count(*)::int AS n FROM (
        SELECT artist_id FROM release_artists WHERE release_id = NEW.id
        UNION ALL
        SELECT ta.artist_id FROM tracks t JOIN track_artists ta ON ta.track_id = t.id WHERE t.release_id = NEW.id) c
      CROSS JOIN (VALUES (OLD.label_id, -1), (NEW.label_id, 1)) AS l(label_id, sign)
     GROUP BY l.label_id, l.sign, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "releases_credits_move" AFTER UPDATE OF "label_id" ON "releases" FOR EACH ROW
  WHEN (OLD.label_id IS DISTINCT FROM NEW.label_id) EXECUTE FUNCTION "release_credits_move"();--> statement-breakpoint
-- An artist that starts or stops passing the hygiene rules (docs/product.md §5).
CREATE FUNCTION "artist_listed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE artist_labels SET listed = NOT NEW.looks_like_sample_pack AND NEW.name <> '' WHERE artist_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "artists_listed" AFTER UPDATE OF "looks_like_sample_pack", "name" ON "artists" FOR EACH ROW
  WHEN ((NOT OLD.looks_like_sample_pack AND OLD.name <> '') IS DISTINCT FROM (NOT NEW.looks_like_sample_pack AND NEW.name <> ''))
  EXECUTE FUNCTION "artist_listed_changed"();--> statement-breakpoint
INSERT INTO "artist_labels" (label_id, artist_id, credits, listed)
SELECT c.label_id, c.artist_id, c.n, NOT a.looks_like_sample_pack AND a.name <> '' FROM (
    SELECT coalesce(label_id, '*') AS label_id, artist_id, count(*)::int AS n FROM (
        SELECT r.label_id, ra.artist_id FROM release_artists ra JOIN releases r ON r.id = ra.release_id
        UNION ALL
        SELECT r.label_id, ta.artist_id FROM track_artists ta JOIN tracks t ON t.id = ta.track_id JOIN releases r ON r.id = t.release_id) x
     GROUP BY GROUPING SETS ((label_id, artist_id), (artist_id))) c
  JOIN artists a ON a.id = c.artist_id;--> statement-breakpoint
INSERT INTO "listed_artist_counts" (label_id, artists) SELECT label_id, count(*) FILTER (WHERE listed)::int FROM artist_labels GROUP BY label_id;--> statement-breakpoint
CREATE FUNCTION "listed_artists_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_artist_counts AS c (label_id, artists)
  SELECT label_id, sum(n)::int FROM (
      SELECT label_id, 1 AS n FROM added WHERE listed UNION ALL SELECT label_id, -1 FROM removed WHERE listed) m
   GROUP BY label_id HAVING sum(n) <> 0
  ON CONFLICT (label_id) DO UPDATE SET artists = c.artists + excluded.artists;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "listed_artists_counted_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listed_artist_counts AS c (label_id, artists)
  SELECT label_id, count(*)::int FROM added WHERE listed GROUP BY label_id
  ON CONFLICT (label_id) DO UPDATE SET artists = c.artists + excluded.artists;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "listed_artists_counted_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listed_artist_counts c SET artists = c.artists - d.n
    FROM (SELECT label_id, count(*)::int AS n FROM removed WHERE listed GROUP BY label_id) d WHERE c.label_id = d.label_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listed_artists_insert" AFTER INSERT ON "artist_labels" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "listed_artists_counted_in"();--> statement-breakpoint
CREATE TRIGGER "listed_artists_delete" AFTER DELETE ON "artist_labels" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "listed_artists_counted_out"();--> statement-breakpoint
CREATE TRIGGER "listed_artists_update" AFTER UPDATE ON "artist_labels" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "listed_artists_counted"();
