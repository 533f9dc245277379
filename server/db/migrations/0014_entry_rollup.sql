CREATE TABLE "entry_hours" (
	"college_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"previous_day_entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entry_hours_college_id_day_hour_pk" PRIMARY KEY("college_id","day","hour")
);
--> statement-breakpoint
CREATE TABLE "entry_member_counts" (
	"college_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"start" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entry_member_counts_college_id_bucket_start_pk" PRIMARY KEY("college_id","bucket","start")
);
--> statement-breakpoint
CREATE TABLE "entry_members" (
	"college_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"start" date NOT NULL,
	"user_id" uuid NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"previous_day_entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entry_members_college_id_bucket_start_user_id_pk" PRIMARY KEY("college_id","bucket","start","user_id"),
	CONSTRAINT "entry_members_bucket_check" CHECK ("entry_members"."bucket" in ('day', 'week', 'month'))
);
--> statement-breakpoint
ALTER TABLE "entry_hours" ADD CONSTRAINT "entry_hours_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_member_counts" ADD CONSTRAINT "entry_member_counts_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_members" ADD CONSTRAINT "entry_members_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rollup of entries the statistics read (server/entries/schema.ts), kept by triggers so
-- that whatever writes `entries` (recordEntry, a script, an administrator's SQL, the cascade
-- of a removed member) changes it in the same statement.
--
-- The college's zone as the statistics name it (statisticsQueries.ts safeZone): a name
-- PostgreSQL knows, else UTC, so an unknown zone never fails the recording of an entry.
CREATE FUNCTION "patio_entry_zone"("zone" text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF "zone" IS NULL OR "zone" !~ '^[A-Za-z0-9_+/-]+$' THEN
    RETURN 'UTC';
  END IF;
  PERFORM now() AT TIME ZONE "zone";
  RETURN "zone";
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN 'UTC';
END;
$$;
--> statement-breakpoint
-- Entries (as parallel arrays) with their day and hour in their college's zone, and whether
-- they come before PostgreSQL's instant of that day's midnight: the first run of a repeated
-- 00:xx hour where clocks go back to midnight, which a period of days counts with the day
-- before. The college row is read FOR SHARE so that a change of its zone (which rebuilds
-- the rollup) waits for, or is waited for by, the entries being rolled up.
CREATE FUNCTION "patio_entry_local"("college_ids" uuid[], "user_ids" uuid[], "instants" timestamptz[])
RETURNS TABLE ("college_id" uuid, "user_id" uuid, "day" date, "hour" smallint, "previous_day" boolean)
LANGUAGE sql VOLATILE AS $$
  WITH "changed" AS (
    SELECT * FROM unnest("college_ids", "user_ids", "instants") AS c("college_id", "user_id", "occurred_at")
  ), "zones" AS MATERIALIZED (
    SELECT c."id", patio_entry_zone(c."time_zone") AS "zone"
    FROM "colleges" c
    WHERE c."id" IN (SELECT DISTINCT "college_id" FROM "changed")
    FOR SHARE
  ), "local" AS (
    SELECT c."college_id", c."user_id", c."occurred_at", z."zone", c."occurred_at" AT TIME ZONE z."zone" AS "wall"
    FROM "changed" c JOIN "zones" z ON z."id" = c."college_id"
  )
  SELECT l."college_id", l."user_id", l."wall"::date, extract(hour FROM l."wall")::smallint,
    (l."wall"::date::timestamp AT TIME ZONE l."zone") > l."occurred_at"
  FROM "local" l
$$;
--> statement-breakpoint
-- Adds entries: upserts in key order (two writers lock shared rows in the same order), and a
-- member is new to a day, week or month when their row's total is this statement's alone.
CREATE FUNCTION "patio_entry_rollup_add"("college_ids" uuid[], "user_ids" uuid[], "instants" timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "entry_hours" AS h ("college_id", "day", "hour", "entries", "previous_day_entries")
  SELECT l."college_id", l."day", l."hour", count(*) FILTER (WHERE NOT l."previous_day"), count(*) FILTER (WHERE l."previous_day")
  FROM patio_entry_local("college_ids", "user_ids", "instants") l
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("college_id", "day", "hour") DO UPDATE
    SET "entries" = h."entries" + excluded."entries", "previous_day_entries" = h."previous_day_entries" + excluded."previous_day_entries";

  WITH "batch" AS (
    SELECT l."college_id", b."bucket", date_trunc(b."bucket", l."day"::timestamp)::date AS "start", l."user_id",
      count(*) FILTER (WHERE NOT l."previous_day") AS "entries", count(*) FILTER (WHERE l."previous_day") AS "previous_day_entries"
    FROM patio_entry_local("college_ids", "user_ids", "instants") l
    CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS b("bucket")
    GROUP BY 1, 2, 3, 4
  ), "kept" AS (
    INSERT INTO "entry_members" AS m ("college_id", "bucket", "start", "user_id", "entries", "previous_day_entries")
    SELECT * FROM "batch"
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("college_id", "bucket", "start", "user_id") DO UPDATE
      SET "entries" = m."entries" + excluded."entries", "previous_day_entries" = m."previous_day_entries" + excluded."previous_day_entries"
    RETURNING m."college_id", m."bucket", m."start", m."user_id", m."entries" + m."previous_day_entries" AS "total"
  )
  INSERT INTO "entry_member_counts" AS t ("college_id", "bucket", "start", "members")
  SELECT k."college_id", k."bucket", k."start", count(*)
  FROM "kept" k
  JOIN "batch" b USING ("college_id", "bucket", "start", "user_id")
  WHERE k."total" = b."entries" + b."previous_day_entries"
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("college_id", "bucket", "start") DO UPDATE SET "members" = t."members" + excluded."members";
END;
$$;
--> statement-breakpoint
-- Removes entries: the reverse, never inserting (a college being deleted takes its rollup
-- with it), and a row whose entries are all gone goes, with its member from the counts.
CREATE FUNCTION "patio_entry_rollup_remove"("college_ids" uuid[], "user_ids" uuid[], "instants" timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH "batch" AS (
    SELECT l."college_id", l."day", l."hour", count(*) FILTER (WHERE NOT l."previous_day") AS "entries", count(*) FILTER (WHERE l."previous_day") AS "previous_day_entries"
    FROM patio_entry_local("college_ids", "user_ids", "instants") l
    GROUP BY 1, 2, 3
  )
  UPDATE "entry_hours" h
  SET "entries" = h."entries" - b."entries", "previous_day_entries" = h."previous_day_entries" - b."previous_day_entries"
  FROM "batch" b
  WHERE h."college_id" = b."college_id" AND h."day" = b."day" AND h."hour" = b."hour";

  DELETE FROM "entry_hours" h
  USING (SELECT DISTINCT l."college_id", l."day", l."hour" FROM patio_entry_local("college_ids", "user_ids", "instants") l) b
  WHERE h."college_id" = b."college_id" AND h."day" = b."day" AND h."hour" = b."hour" AND h."entries" <= 0 AND h."previous_day_entries" <= 0;

  WITH "batch" AS (
    SELECT l."college_id", b."bucket", date_trunc(b."bucket", l."day"::timestamp)::date AS "start", l."user_id",
      count(*) FILTER (WHERE NOT l."previous_day") AS "entries", count(*) FILTER (WHERE l."previous_day") AS "previous_day_entries"
    FROM patio_entry_local("college_ids", "user_ids", "instants") l
    CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS b("bucket")
    GROUP BY 1, 2, 3, 4
  )
  UPDATE "entry_members" m
  SET "entries" = m."entries" - b."entries", "previous_day_entries" = m."previous_day_entries" - b."previous_day_entries"
  FROM "batch" b
  WHERE m."college_id" = b."college_id" AND m."bucket" = b."bucket" AND m."start" = b."start" AND m."user_id" = b."user_id";

  WITH "gone" AS (
    DELETE FROM "entry_members" m
    USING (
      SELECT DISTINCT l."college_id", b."bucket", date_trunc(b."bucket", l."day"::timestamp)::date AS "start", l."user_id"
      FROM patio_entry_local("college_ids", "user_ids", "instants") l
      CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS b("bucket")
    ) b
    WHERE m."college_id" = b."college_id" AND m."bucket" = b."bucket" AND m."start" = b."start" AND m."user_id" = b."user_id"
      AND m."entries" <= 0 AND m."previous_day_entries" <= 0
    RETURNING m."college_id", m."bucket", m."start"
  )
  UPDATE "entry_member_counts" t
  SET "members" = t."members" - g."members"
  FROM (SELECT "college_id", "bucket", "start", count(*) AS "members" FROM "gone" GROUP BY 1, 2, 3) g
  WHERE t."college_id" = g."college_id" AND t."bucket" = g."bucket" AND t."start" = g."start";

  DELETE FROM "entry_member_counts" t
  USING (SELECT DISTINCT l."college_id", l."day" FROM patio_entry_local("college_ids", "user_ids", "instants") l) d
  CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS b("bucket")
  WHERE t."college_id" = d."college_id" AND t."bucket" = b."bucket" AND t."start" = date_trunc(b."bucket", d."day"::timestamp)::date AND t."members" <= 0;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patio_entries_rolled_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "college_ids" uuid[];
  "user_ids" uuid[];
  "instants" timestamptz[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(r."college_id"), array_agg(r."user_id"), array_agg(r."occurred_at") INTO "college_ids", "user_ids", "instants" FROM "removed_entries" r;
    IF "college_ids" IS NOT NULL THEN
      PERFORM patio_entry_rollup_remove("college_ids", "user_ids", "instants");
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(a."college_id"), array_agg(a."user_id"), array_agg(a."occurred_at") INTO "college_ids", "user_ids", "instants" FROM "added_entries" a;
    IF "college_ids" IS NOT NULL THEN
      PERFORM patio_entry_rollup_add("college_ids", "user_ids", "instants");
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "entries_rollup_insert" AFTER INSERT ON "entries"
  REFERENCING NEW TABLE AS "added_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "patio_entries_rolled_up"();
--> statement-breakpoint
-- Also the cascade of a deleted member; TRUNCATE is not followed (nothing truncates entries).
CREATE TRIGGER "entries_rollup_delete" AFTER DELETE ON "entries"
  REFERENCING OLD TABLE AS "removed_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "patio_entries_rolled_up"();
--> statement-breakpoint
CREATE TRIGGER "entries_rollup_update" AFTER UPDATE ON "entries"
  REFERENCING OLD TABLE AS "removed_entries" NEW TABLE AS "added_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "patio_entries_rolled_up"();
--> statement-breakpoint
-- A college's rollup made again from its entries: on a change of its zone, and below for
-- the entries recorded before this migration.
CREATE FUNCTION "patio_entry_rollup_rebuild"("college" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "college_ids" uuid[];
  "user_ids" uuid[];
  "instants" timestamptz[];
BEGIN
  DELETE FROM "entry_hours" WHERE "college_id" = "college";
  DELETE FROM "entry_members" WHERE "college_id" = "college";
  DELETE FROM "entry_member_counts" WHERE "college_id" = "college";
  SELECT array_agg(e."college_id"), array_agg(e."user_id"), array_agg(e."occurred_at") INTO "college_ids", "user_ids", "instants"
  FROM "entries" e WHERE e."college_id" = "college";
  IF "college_ids" IS NOT NULL THEN
    PERFORM patio_entry_rollup_add("college_ids", "user_ids", "instants");
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patio_college_rezoned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patio_entry_rollup_rebuild(NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "colleges_entry_rollup_zone" AFTER UPDATE OF "time_zone" ON "colleges"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "patio_college_rezoned"();
--> statement-breakpoint
SELECT patio_entry_rollup_rebuild("id") FROM "colleges";
