-- Every API process keeps the live sessions it has looked up in memory for a moment (auth/session-cache.ts). Any
-- change that can end a session — revoked, expiry moved, deleted, the player disabled or otherwise changed in what
-- the lookup returns — notifies 'khela_sessions' with 'p:<player id>' when its transaction commits, whoever made it
-- (the API, the back office, a script or a person at psql), and every process drops that player's entries.
-- Identical payloads in one transaction are delivered once, so revoking all of a player's sessions is one notice.

CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('khela_sessions', 'p:' || OLD.player_id);
  ELSIF NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
     OR NEW.player_id IS DISTINCT FROM OLD.player_id OR NEW.scope IS DISTINCT FROM OLD.scope
     OR NEW.parent_hash IS DISTINCT FROM OLD.parent_hash THEN
    PERFORM pg_notify('khela_sessions', 'p:' || OLD.player_id);
    IF NEW.player_id IS DISTINCT FROM OLD.player_id THEN PERFORM pg_notify('khela_sessions', 'p:' || NEW.player_id); END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_change_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();

CREATE FUNCTION notify_player_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.status IS DISTINCT FROM OLD.status OR NEW.username IS DISTINCT FROM OLD.username
     OR NEW.currency IS DISTINCT FROM OLD.currency THEN
    PERFORM pg_notify('khela_sessions', 'p:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER players_session_change_notify AFTER UPDATE OR DELETE ON players
  FOR EACH ROW EXECUTE FUNCTION notify_player_session_change();
