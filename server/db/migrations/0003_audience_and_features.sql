CREATE TABLE "post_stats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"audience_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"seen_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "views_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "seen_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "release_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_state" ADD COLUMN "compacted_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_stats" ADD CONSTRAINT "post_stats_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_stats_college_seq_idx" ON "post_stats" USING btree ("college_id","seq");--> statement-breakpoint
CREATE INDEX "posts_release_idx" ON "posts" USING btree ("release_at") WHERE "posts"."release_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_views_pending_idx" ON "posts" USING btree ("college_id") WHERE "posts"."views_pending" > 0;--> statement-breakpoint
-- Existing posts get their audience keys (contract/audience.ts keysOfAudience): staff, and
-- the scope's roles in each targeted section. Posts dated in the future were visible
-- already; they stay so (no release pending).
UPDATE "posts" SET "audience_keys" = ARRAY['staff']::text[] || coalesce((
  SELECT array_agg(DISTINCT r || ':' || lower(s::text))
  FROM unnest("section_ids") AS s,
       unnest(CASE "scope" WHEN 'everyone' THEN ARRAY['student', 'guardian'] WHEN 'students' THEN ARRAY['student'] WHEN 'guardians' THEN ARRAY['guardian'] ELSE ARRAY[]::text[] END) AS r
), ARRAY[]::text[]);
--> statement-breakpoint
UPDATE "posts" SET "seen_keys" = "audience_keys";
