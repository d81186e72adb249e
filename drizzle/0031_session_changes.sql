-- Each change to what a signed-in request reads with its session (the session, its user, their
-- password, timeout setting, memberships and workspaces) names the person it concerns on the
-- channel panelhub_session_change, so every instance drops what it remembers of that person's
-- sessions (src/server/auth/session-cache.ts). A workspace's change concerns all its members,
-- as does emptying any of these tables: '*'. PostgreSQL delivers a notification at commit, and
-- merges identical ones of a transaction.
CREATE FUNCTION panelhub_session_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  before_id text;
  after_id text;
BEGIN
  IF TG_NARGS = 0 THEN
    PERFORM pg_notify('panelhub_session_change', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    before_id := to_jsonb(OLD) ->> TG_ARGV[0];
    PERFORM pg_notify('panelhub_session_change', before_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    after_id := to_jsonb(NEW) ->> TG_ARGV[0];
    IF after_id IS DISTINCT FROM before_id THEN
      PERFORM pg_notify('panelhub_session_change', after_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER INSERT OR UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION panelhub_session_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER INSERT OR UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION panelhub_session_changed('id');
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER INSERT OR UPDATE OR DELETE ON "account"
  FOR EACH ROW EXECUTE FUNCTION panelhub_session_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER INSERT OR UPDATE OR DELETE ON "user_settings"
  FOR EACH ROW EXECUTE FUNCTION panelhub_session_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER INSERT OR UPDATE OR DELETE ON "workspace_members"
  FOR EACH ROW EXECUTE FUNCTION panelhub_session_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "workspaces"
  FOR EACH STATEMENT EXECUTE FUNCTION panelhub_session_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION panelhub_session_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION panelhub_session_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "account"
  FOR EACH STATEMENT EXECUTE FUNCTION panelhub_session_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "user_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION panelhub_session_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "workspace_members"
  FOR EACH STATEMENT EXECUTE FUNCTION panelhub_session_changed();
