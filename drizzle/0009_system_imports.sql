-- Catalog imports without an actor were the demo catalog at first start or the command line, never a
-- visitor: credit them to the system (the admin showed them as 'Visitor').
UPDATE "activity_log" SET "actor" = 'System' WHERE "kind" = 'catalog.import' AND "actor" IS NULL;
