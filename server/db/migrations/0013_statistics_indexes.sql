DROP INDEX "entries_college_time_idx";--> statement-breakpoint
CREATE INDEX "document_downloads_college_time_idx" ON "document_downloads" USING btree ("college_id","first_at","document_id");--> statement-breakpoint
CREATE INDEX "post_views_college_time_idx" ON "post_views" USING btree ("college_id","viewed_at","post_id");--> statement-breakpoint
CREATE INDEX "entries_college_time_idx" ON "entries" USING btree ("college_id","occurred_at","user_id");