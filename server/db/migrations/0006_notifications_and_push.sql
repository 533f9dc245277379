CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"quiet_hours" boolean DEFAULT true NOT NULL,
	"quiet_start" text DEFAULT '21:00' NOT NULL,
	"quiet_end" text DEFAULT '07:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emergency" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"push_due_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"pushed_devices" integer DEFAULT 0 NOT NULL,
	"email_due_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"audience_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"seen_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"emergency" boolean DEFAULT false NOT NULL,
	"course_ids" uuid[] NOT NULL,
	"grade_ids" uuid[] NOT NULL,
	"section_ids" uuid[] NOT NULL,
	"scope" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_to" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"audience_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"seen_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pushed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "emergency_email_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receipts" ADD CONSTRAINT "notification_receipts_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receipts" ADD CONSTRAINT "notification_receipts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receipts" ADD CONSTRAINT "notification_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_receipts_college_seq_idx" ON "notification_receipts" USING btree ("college_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_receipts_notification_user_idx" ON "notification_receipts" USING btree ("notification_id","user_id");--> statement-breakpoint
CREATE INDEX "notification_receipts_push_due_idx" ON "notification_receipts" USING btree ("push_due_at");--> statement-breakpoint
CREATE INDEX "notification_receipts_email_due_idx" ON "notification_receipts" USING btree ("email_due_at");--> statement-breakpoint
CREATE INDEX "notification_receipts_user_idx" ON "notification_receipts" USING btree ("college_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_college_seq_idx" ON "notifications" USING btree ("college_id","seq");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("college_id","user_id");