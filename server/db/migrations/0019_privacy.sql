CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"member_id" uuid NOT NULL,
	"member_name" text DEFAULT '' NOT NULL,
	"requested_by" uuid NOT NULL,
	"state" text DEFAULT 'asked' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_until" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"size" bigint,
	"file_key" text DEFAULT '' NOT NULL,
	"audience_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"seen_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"erasure_policy" text DEFAULT 'keep' NOT NULL,
	"message_retention_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_college_seq_idx" ON "data_exports" USING btree ("college_id","seq");--> statement-breakpoint
CREATE INDEX "data_exports_college_state_idx" ON "data_exports" USING btree ("college_id","state");--> statement-breakpoint
CREATE INDEX "data_exports_member_idx" ON "data_exports" USING btree ("college_id","member_id");--> statement-breakpoint
CREATE INDEX "privacy_settings_college_seq_idx" ON "privacy_settings" USING btree ("college_id","seq");