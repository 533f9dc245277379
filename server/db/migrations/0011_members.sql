CREATE TABLE "pin_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "audience_keys" text[] DEFAULT '{admins}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seen_keys" text[] DEFAULT '{admins}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "section_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "child_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pin_attempts_member_idx" ON "pin_attempts" USING btree ("college_id","user_id","attempted_at");--> statement-breakpoint
CREATE INDEX "users_college_seq_idx" ON "users" USING btree ("college_id","seq");
--> statement-breakpoint
-- Hand-written backfill (members, docs/features/members.md): existing members get their sections copied
-- from user_sections and a change number each after the college's counter, which is then
-- advanced past them (as 0002 did for the reference data).
UPDATE "users" AS u SET "section_ids" = coalesce((SELECT array_agg(s."section_id"::text ORDER BY s."section_id") FROM "user_sections" AS s WHERE s."user_id" = u."id"), '{}'::text[]);
--> statement-breakpoint
INSERT INTO "sync_state" ("college_id", "seq") SELECT "id", 0 FROM "colleges" ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "users" AS t SET "seq" = s."seq" + r.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "college_id" ORDER BY "id") AS n FROM "users") AS r, "sync_state" AS s
WHERE r."id" = t."id" AND s."college_id" = t."college_id";
--> statement-breakpoint
UPDATE "sync_state" AS s SET "seq" = s."seq" + (SELECT count(*) FROM "users" AS t WHERE t."college_id" = s."college_id");
