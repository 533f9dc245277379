-- Who may read what changes when a token is revoked, a member's role or status changes, or
-- their sections do. Each API process keeps signed-in sessions (token → member → audience
-- keys) in memory for a few seconds (server/sync/quietPolls.ts); these notifications, on the
-- channel of the sync pokes, tell every process to forget that member's sessions at once,
-- whatever wrote the change (a route, a script, an administrator's SQL).
CREATE FUNCTION "patio_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "row" jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  "old_row" jsonb := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) ELSE NULL END;
BEGIN
  PERFORM pg_notify('patio_sync', json_build_object('c', "row" ->> 'college_id', 'u', "row" ->> TG_ARGV[0])::text);
  IF "old_row" IS NOT NULL AND ("old_row" ->> 'college_id', "old_row" ->> TG_ARGV[0]) IS DISTINCT FROM ("row" ->> 'college_id', "row" ->> TG_ARGV[0]) THEN
    PERFORM pg_notify('patio_sync', json_build_object('c', "old_row" ->> 'college_id', 'u', "old_row" ->> TG_ARGV[0])::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "access_tokens_sessions_changed" AFTER UPDATE OR DELETE ON "access_tokens"
  FOR EACH ROW EXECUTE FUNCTION "patio_sessions_changed"('user_id');
--> statement-breakpoint
-- A deleted user's tokens go with it (on delete cascade), which notifies.
CREATE TRIGGER "users_sessions_changed" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."college_id" IS DISTINCT FROM NEW."college_id" OR OLD."id" IS DISTINCT FROM NEW."id")
  EXECUTE FUNCTION "patio_sessions_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "user_sections_sessions_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_sections"
  FOR EACH ROW EXECUTE FUNCTION "patio_sessions_changed"('user_id');
