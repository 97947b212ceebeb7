-- App servers trust a session they have just checked for up to half a second
-- (platform/security/session-cache.ts). Whatever ends or shortens a live session, from any
-- process (sign-out, a password change, the staff reset tool, a statement typed by an
-- operator), tells every app server at commit, so that none of them goes on trusting it. A touch
-- (last_seen_at moving forward) changes nothing a cache relies on and stays silent, and so does
-- anything done to a session that had already ended (revoked or past its absolute end): no cache
-- holds it, and a clean-up of old sessions must not flood the channel.
CREATE FUNCTION sessions_notify_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_changed
  AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (
    OLD.revoked_at IS NULL
    AND OLD.expires_at > now()
    AND (
      NEW.last_seen_at < OLD.last_seen_at
      OR (NEW.revoked_at, NEW.expires_at, NEW.user_id, NEW.scope, NEW.token_hash)
         IS DISTINCT FROM (OLD.revoked_at, OLD.expires_at, OLD.user_id, OLD.scope, OLD.token_hash)
    )
  )
  EXECUTE FUNCTION sessions_notify_ended();

CREATE TRIGGER sessions_deleted
  AFTER DELETE ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION sessions_notify_ended();

-- TRUNCATE fires no row triggers: it ends every session at once, and says so.
CREATE FUNCTION sessions_notify_all_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', 'all');
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_truncated
  AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT
  EXECUTE FUNCTION sessions_notify_all_ended();
