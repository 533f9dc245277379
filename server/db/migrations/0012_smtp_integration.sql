ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smtp_settings" ADD COLUMN "security" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "smtp_settings" ADD COLUMN "password_encrypted" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "smtp_settings" ADD COLUMN "reply_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
UPDATE "smtp_settings" SET "security" = 'tls' WHERE "secure";--> statement-breakpoint
UPDATE "mail_outbox" SET "next_attempt_at" = now() WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "smtp_settings" DROP COLUMN "secure";