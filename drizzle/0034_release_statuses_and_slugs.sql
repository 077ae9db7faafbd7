ALTER TABLE "releases" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "credits" text;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_status_check" CHECK ("releases"."status" in ('draft', 'scheduled', 'published'));--> statement-breakpoint
-- docs/decisions/0101. A draft is never public: the counts of the lists and the artists' credits (migration
-- 0012, docs/decisions/0033) count public releases only, and a release entering or leaving draft moves them.
CREATE OR REPLACE FUNCTION "release_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO release_counts (label_id, type, releases)
  SELECT label_id, type, sum(n)::int FROM (
      SELECT label_id, type, 1 AS n FROM added WHERE status <> 'draft'
      UNION ALL SELECT label_id, type, -1 FROM removed WHERE status <> 'draft') m
   GROUP BY label_id, type HAVING sum(n) <> 0
  ON CONFLICT (label_id, type) DO UPDATE SET releases = release_counts.releases + excluded.releases;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "release_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO release_counts (label_id, type, releases)
  SELECT label_id, type, count(*)::int FROM added WHERE status <> 'draft' GROUP BY label_id, type
  ON CONFLICT (label_id, type) DO UPDATE SET releases = release_counts.releases + excluded.releases;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "release_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE release_counts c SET releases = c.releases - d.n
    FROM (SELECT label_id, type, count(*)::int AS n FROM removed WHERE status <> 'draft' GROUP BY label_id, type) d
   WHERE c.label_id = d.label_id AND c.type = d.type;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "release_credits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, sum(c.n)::int AS n FROM (
        SELECT release_id, artist_id, 1 AS n FROM added UNION ALL SELECT release_id, artist_id, -1 FROM removed) c
      JOIN releases r ON r.id = c.release_id AND r.status <> 'draft'
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "release_credits_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, count(*)::int AS n FROM added c JOIN releases r ON r.id = c.release_id AND r.status <> 'draft'
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "release_credits_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, -count(*)::int AS n FROM removed c JOIN releases r ON r.id = c.release_id AND r.status <> 'draft'
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_credits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, sum(c.n)::int AS n FROM (
        SELECT track_id, artist_id, 1 AS n FROM added UNION ALL SELECT track_id, artist_id, -1 FROM removed) c
      JOIN tracks t ON t.id = c.track_id JOIN releases r ON r.id = t.release_id AND r.status <> 'draft'
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_credits_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, count(*)::int AS n
      FROM added c JOIN tracks t ON t.id = c.track_id JOIN releases r ON r.id = t.release_id AND r.status <> 'draft'
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_credits_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT r.label_id, c.artist_id, -count(*)::int AS n
      FROM removed c JOIN tracks t ON t.id = c.track_id JOIN releases r ON r.id = t.release_id AND r.status <> 'draft'
     GROUP BY r.label_id, c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "release_credits_leave"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' THEN RETURN OLD; END IF;
  PERFORM artist_credits_apply(array_agg(OLD.label_id), array_agg(artist_id), array_agg(-n)) FROM (
    SELECT artist_id, count(*)::int AS n FROM (
        SELECT artist_id FROM release_artists WHERE release_id = OLD.id
        UNION ALL
        SELECT ta.artist_id FROM tracks t JOIN track_artists ta ON ta.track_id = t.id WHERE t.release_id = OLD.id) c
     GROUP BY artist_id) g;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_credits_leave"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(r.label_id), array_agg(ta.artist_id), array_agg(-1))
     FROM track_artists ta JOIN releases r ON r.id = OLD.release_id AND r.status <> 'draft' WHERE ta.track_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
DROP TRIGGER "releases_credits_move" ON "releases";--> statement-breakpoint
CREATE TRIGGER "releases_credits_move" AFTER UPDATE OF "label_id" ON "releases" FOR EACH ROW
  WHEN (OLD.label_id IS DISTINCT FROM NEW.label_id AND OLD.status <> 'draft' AND NEW.status <> 'draft')
  EXECUTE FUNCTION "release_credits_move"();--> statement-breakpoint
-- A release leaving draft brings its credits (under its new label), one entering draft takes them away (from its old one).
CREATE FUNCTION "release_credits_shown"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artist_credits_apply(array_agg(label_id), array_agg(artist_id), array_agg(n)) FROM (
    SELECT CASE WHEN NEW.status = 'draft' THEN OLD.label_id ELSE NEW.label_id END AS label_id, c.artist_id,
           CASE WHEN NEW.status = 'draft' THEN -count(*)::int ELSE count(*)::int END AS n FROM (
        SELECT artist_id FROM release_artists WHERE release_id = NEW.id
        UNION ALL
        SELECT ta.artist_id FROM tracks t JOIN track_artists ta ON ta.track_id = t.id WHERE t.release_id = NEW.id) c
     GROUP BY c.artist_id) g;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "releases_credits_shown" AFTER UPDATE OF "status" ON "releases" FOR EACH ROW
  WHEN ((OLD.status = 'draft') IS DISTINCT FROM (NEW.status = 'draft')) EXECUTE FUNCTION "release_credits_shown"();--> statement-breakpoint
-- Releases dated after today are announced (scheduled), the others published; a release an import kept
-- without tracks showed a track that does not exist: it becomes a draft (its credits and count leave).
UPDATE "releases" SET "status" = 'scheduled' WHERE "release_date" > current_date;--> statement-breakpoint
UPDATE "releases" SET "status" = 'draft' WHERE "track_count" = 0;--> statement-breakpoint
-- The slug: catalog number and title, lower case ASCII words joined by '-', at most 80 characters.
CREATE FUNCTION "release_slug_base"(p_catalog_number text, p_title text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM regexp_replace(
    regexp_replace(lower(normalize(concat_ws(' ', p_catalog_number, p_title), NFKD)), '[\u0300-\u036f]', '', 'g'),
    '[^a-z0-9]+', '-', 'g')), 80)), ''), 'release')
$$;--> statement-breakpoint
-- Made while a draft (from the catalog number and title written), kept once public. Without a catalog
-- number, or when another release has it already, the id's first 8 characters follow.
CREATE FUNCTION "release_slug_made"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status <> 'draft' THEN
    NEW.slug := OLD.slug;
    RETURN NEW;
  END IF;
  base := release_slug_base(NEW.catalog_number, NEW.title);
  IF NEW.catalog_number IS NULL OR EXISTS (SELECT 1 FROM releases WHERE slug = base AND id <> NEW.id) THEN
    base := base || '-' || left(NEW.id::text, 8);
  END IF;
  NEW.slug := base;
  RETURN NEW;
END $$;--> statement-breakpoint
UPDATE "releases" r SET "slug" = CASE WHEN s.n > 1 OR r.catalog_number IS NULL THEN s.base || '-' || left(r.id::text, 8) ELSE s.base END
  FROM (SELECT id, release_slug_base(catalog_number, title) AS base,
               count(*) OVER (PARTITION BY release_slug_base(catalog_number, title)) AS n FROM releases) s
 WHERE s.id = r.id;--> statement-breakpoint
ALTER TABLE "releases" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "releases_slug_uq" ON "releases" USING btree ("slug");--> statement-breakpoint
CREATE TRIGGER "releases_slug_insert" BEFORE INSERT ON "releases" FOR EACH ROW EXECUTE FUNCTION "release_slug_made"();--> statement-breakpoint
CREATE TRIGGER "releases_slug_update" BEFORE UPDATE OF "title", "catalog_number", "status", "slug" ON "releases" FOR EACH ROW
  WHEN (OLD.status = 'draft' OR NEW.slug IS DISTINCT FROM OLD.slug) EXECUTE FUNCTION "release_slug_made"();
