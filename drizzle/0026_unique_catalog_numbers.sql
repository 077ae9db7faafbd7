-- A catalog number once per label, ignoring case (docs/decisions/0088). What a database already holds is
-- made to fit first, so that the index never refuses the migration.
-- 1. Every number trimmed, a blank one none: the index would count a blank as a number like any other.
UPDATE "releases" SET "catalog_number" = nullif(btrim("catalog_number"), '')
  WHERE "catalog_number" IS DISTINCT FROM nullif(btrim("catalog_number"), '');--> statement-breakpoint
-- 2. The demo catalog's numbers carry the prefix DEMO- (decision 0027): one seeded before that had BLDR001…,
--    the numbers of the real export imported beside it.
UPDATE "releases" SET "catalog_number" = 'DEMO-' || "catalog_number"
  WHERE "demo" AND "catalog_number" NOT ILIKE 'DEMO-%';--> statement-breakpoint
-- 3. A number still on several releases of a label stays on one: a real release before a demo one, then the
--    one made first. The others get a visible suffix, "BLDR192 (duplicate 2)" (the next free one), each
--    recorded in the activity log as an edit by the System, naming the release that kept the number.
DO $$
DECLARE
  dup record;
  k integer;
  renamed text;
BEGIN
  FOR dup IN
    SELECT "ranked".*, "kept"."title" AS "kept_title"
    FROM (
      SELECT "id", "label_id", "title", "catalog_number",
        row_number() OVER "same_number" AS "n",
        first_value("id") OVER "same_number" AS "kept_id"
      FROM "releases"
      WHERE "catalog_number" IS NOT NULL
      WINDOW "same_number" AS (PARTITION BY "label_id", lower("catalog_number") ORDER BY "demo", "created_at", "id")
    ) AS "ranked"
    JOIN "releases" AS "kept" ON "kept"."id" = "ranked"."kept_id"
    WHERE "ranked"."n" > 1
    ORDER BY "ranked"."label_id", lower("ranked"."catalog_number"), "ranked"."n"
  LOOP
    k := dup."n";
    LOOP
      renamed := dup."catalog_number" || ' (duplicate ' || k || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "releases" WHERE "label_id" = dup."label_id" AND lower("catalog_number") = lower(renamed)
      );
      k := k + 1;
    END LOOP;
    UPDATE "releases" SET "catalog_number" = renamed, "updated_at" = now() WHERE "id" = dup."id";
    INSERT INTO "activity_log" ("kind", "actor", "summary", "subject_id", "details")
    VALUES (
      'release.edit',
      'System',
      'Catalog number ' || dup."catalog_number" || ' of "' || dup."title" || '" renamed to ' || renamed ||
        ': it stays on "' || dup."kept_title" || '"',
      dup."id"::text,
      jsonb_build_object(
        'fields', jsonb_build_array('catalog_number'),
        'catalog_number', jsonb_build_object('from', dup."catalog_number", 'to', renamed),
        'kept_by', dup."kept_id"
      )
    );
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "releases_label_catalog_number_uq" ON "releases" USING btree ("label_id",lower("catalog_number"));--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_catalog_number_trimmed" CHECK ("releases"."catalog_number" <> '' and "releases"."catalog_number" = btrim("releases"."catalog_number"));
