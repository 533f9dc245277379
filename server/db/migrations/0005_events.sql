CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"all_day" boolean NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"time_zone" text NOT NULL,
	"repeat_freq" text,
	"repeat_until" text,
	"repeat_count" integer,
	"exceptions" text[] DEFAULT '{}'::text[] NOT NULL,
	"calendar_sync" boolean DEFAULT true NOT NULL,
	"first_day" text NOT NULL,
	"last_day" text NOT NULL,
	"course_ids" uuid[] NOT NULL,
	"grade_ids" uuid[] NOT NULL,
	"section_ids" uuid[] NOT NULL,
	"scope" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audience_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"seen_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_college_seq_idx" ON "events" USING btree ("college_id","seq");--> statement-breakpoint
CREATE INDEX "events_college_days_idx" ON "events" USING btree ("college_id","first_day","last_day");