ALTER TABLE "messages" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "release_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_rules" ADD COLUMN "staff_hours_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_rules" ADD COLUMN "staff_hours_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_rules" ADD COLUMN "staff_hours_start" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_rules" ADD COLUMN "staff_hours_end" text DEFAULT '17:00' NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_release_idx" ON "messages" USING btree ("release_at") WHERE "messages"."release_at" is not null;