CREATE TABLE "messenger_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"staff_to_staff" boolean DEFAULT true NOT NULL,
	"staff_to_student" boolean DEFAULT true NOT NULL,
	"staff_to_guardian" boolean DEFAULT true NOT NULL,
	"student_to_staff" boolean DEFAULT true NOT NULL,
	"student_to_student" boolean DEFAULT false NOT NULL,
	"student_to_guardian" boolean DEFAULT true NOT NULL,
	"guardian_to_staff" boolean DEFAULT true NOT NULL,
	"guardian_to_student" boolean DEFAULT true NOT NULL,
	"guardian_to_guardian" boolean DEFAULT false NOT NULL,
	"students_reply_in_groups" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messenger_rules" ADD CONSTRAINT "messenger_rules_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messenger_rules_college_seq_idx" ON "messenger_rules" USING btree ("college_id","seq");