-- Existing reference rows (written before sync existed) get their change numbers, one per
-- row, after the college's counter, which is created for every college and then advanced
-- past them (server/sync/writeInCollege.ts keeps this invariant from here on).
INSERT INTO "sync_state" ("college_id", "seq") SELECT "id", 0 FROM "colleges" ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "places" AS t SET "seq" = s."seq" + r.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "college_id" ORDER BY "id") AS n FROM "places") AS r, "sync_state" AS s
WHERE r."id" = t."id" AND s."college_id" = t."college_id";
--> statement-breakpoint
UPDATE "sync_state" AS s SET "seq" = s."seq" + (SELECT count(*) FROM "places" AS t WHERE t."college_id" = s."college_id");
--> statement-breakpoint
UPDATE "courses" AS t SET "seq" = s."seq" + r.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "college_id" ORDER BY "id") AS n FROM "courses") AS r, "sync_state" AS s
WHERE r."id" = t."id" AND s."college_id" = t."college_id";
--> statement-breakpoint
UPDATE "sync_state" AS s SET "seq" = s."seq" + (SELECT count(*) FROM "courses" AS t WHERE t."college_id" = s."college_id");
--> statement-breakpoint
UPDATE "grades" AS t SET "seq" = s."seq" + r.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "college_id" ORDER BY "id") AS n FROM "grades") AS r, "sync_state" AS s
WHERE r."id" = t."id" AND s."college_id" = t."college_id";
--> statement-breakpoint
UPDATE "sync_state" AS s SET "seq" = s."seq" + (SELECT count(*) FROM "grades" AS t WHERE t."college_id" = s."college_id");
--> statement-breakpoint
UPDATE "sections" AS t SET "seq" = s."seq" + r.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "college_id" ORDER BY "id") AS n FROM "sections") AS r, "sync_state" AS s
WHERE r."id" = t."id" AND s."college_id" = t."college_id";
--> statement-breakpoint
UPDATE "sync_state" AS s SET "seq" = s."seq" + (SELECT count(*) FROM "sections" AS t WHERE t."college_id" = s."college_id");
