CREATE TABLE "delivery_digests" (
	"user_id" uuid NOT NULL,
	"college_id" uuid NOT NULL,
	"day" date NOT NULL,
	"mail_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "delivery_items" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"college_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"planned_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"site" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_items_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"college_id" uuid PRIMARY KEY NOT NULL,
	"inactive_days" integer DEFAULT 7 NOT NULL,
	"mails_per_second" integer DEFAULT 10 NOT NULL,
	"next_mail_at" timestamp with time zone,
	"site" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_mode" text NOT NULL,
	"email_due_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"mail_id" uuid,
	"email_skipped" text,
	"push_due_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"pushed_devices" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_delivery" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"posts" text,
	"events" text,
	"notifications" text,
	"language" text,
	"bounced_email" text,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_digests" ADD CONSTRAINT "delivery_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_digests" ADD CONSTRAINT "delivery_digests_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_deliveries" ADD CONSTRAINT "item_deliveries_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_deliveries" ADD CONSTRAINT "item_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_delivery" ADD CONSTRAINT "member_delivery_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_delivery" ADD CONSTRAINT "member_delivery_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_items_to_plan_idx" ON "delivery_items" USING btree ("due_at") WHERE "delivery_items"."planned_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "item_deliveries_item_user_idx" ON "item_deliveries" USING btree ("kind","item_id","user_id");--> statement-breakpoint
CREATE INDEX "item_deliveries_email_due_idx" ON "item_deliveries" USING btree ("college_id","email_due_at") WHERE "item_deliveries"."email_due_at" is not null;--> statement-breakpoint
CREATE INDEX "item_deliveries_push_due_idx" ON "item_deliveries" USING btree ("push_due_at") WHERE "item_deliveries"."push_due_at" is not null;--> statement-breakpoint
CREATE INDEX "item_deliveries_user_idx" ON "item_deliveries" USING btree ("college_id","user_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;