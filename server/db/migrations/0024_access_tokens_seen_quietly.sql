-- A token's row changes for two reasons: it is revoked (deleted), or its device synced
-- (`synced_at`, written once an hour per session by server/sync/deviceSeen.ts). Only the
-- first changes who may read what: with one trigger for both, every device's first pull of
-- the hour told every API process that the member's sessions had changed, which ended the
-- event stream of each of the member's other devices (they reconnected and pulled). Now an
-- update notifies only when it moves the token to another member or college, or changes it.
DROP TRIGGER "access_tokens_sessions_changed" ON "access_tokens";
--> statement-breakpoint
CREATE TRIGGER "access_tokens_sessions_changed" AFTER DELETE ON "access_tokens"
  FOR EACH ROW EXECUTE FUNCTION "patio_sessions_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "access_tokens_sessions_moved" AFTER UPDATE ON "access_tokens"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."college_id" IS DISTINCT FROM NEW."college_id" OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
  EXECUTE FUNCTION "patio_sessions_changed"('user_id');
