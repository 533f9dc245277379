CREATE TABLE "audit_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"retention_years" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audience_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"seen_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"subject_member_id" uuid,
	"subject_name" text DEFAULT '' NOT NULL,
	"via" text NOT NULL,
	"device_id" text,
	"session_id" uuid,
	"user_agent" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_settings" ADD CONSTRAINT "audit_settings_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_settings_college_seq_idx" ON "audit_settings" USING btree ("college_id","seq");--> statement-breakpoint
CREATE INDEX "audit_records_college_created_idx" ON "audit_records" USING btree ("college_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_records_subject_idx" ON "audit_records" USING btree ("college_id","subject_member_id");--> statement-breakpoint
CREATE INDEX "audit_records_actor_idx" ON "audit_records" USING btree ("college_id","actor_id");--> statement-breakpoint
-- The audit trail is append-only (docs/features/audit.md): no UPDATE ever, and a DELETE only
-- by the retention job (its transaction sets `patio.audit_retention`, server/audit/retentionJob.ts)
-- or when the college itself goes (the cascade runs after the college row is gone). Whatever
-- writes (a route, a script, an administrator's SQL) meets the same refusal.
CREATE FUNCTION "patio_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (
    coalesce(current_setting('patio.audit_retention', true), '') = 'on'
    OR NOT EXISTS (SELECT 1 FROM "colleges" WHERE "id" = OLD."college_id")
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit records are append-only (% refused)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_records_append_only" BEFORE UPDATE OR DELETE ON "audit_records"
  FOR EACH ROW EXECUTE FUNCTION "patio_audit_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_records_no_truncate" BEFORE TRUNCATE ON "audit_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "patio_audit_append_only"();
