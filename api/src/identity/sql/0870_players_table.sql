-- The console's players table (issue 32): sortable by last log-in and by deposits, and the Sessions tab's address and
-- device.
--
-- A session records the client it was made for (the address as the API saw it, the device id header, the browser);
-- sessions from before this migration have none.
ALTER TABLE sessions ADD COLUMN address text CHECK (length(address) <= 64);
ALTER TABLE sessions ADD COLUMN device_id text CHECK (length(device_id) <= 64);
ALTER TABLE sessions ADD COLUMN user_agent text CHECK (length(user_agent) <= 300);

-- Per player, what the table sorts by that is not a column of players: the newest site log-in and the confirmed
-- deposits (all time, minor units of the player's currency). Kept by triggers on what they count, so no path that
-- logs a player in or confirms a deposit skips them; a player without a row has never logged in and deposited 0.
-- A table of its own rather than columns of players: a log-in must not rewrite the players row (its triggers, its
-- updated_at).
CREATE TABLE player_activity (
  player_id      bigint PRIMARY KEY REFERENCES players(id),
  last_login_at  timestamptz,
  deposits_minor bigint NOT NULL DEFAULT 0
);
CREATE INDEX player_activity_last_login ON player_activity (last_login_at, player_id);
CREATE INDEX player_activity_deposits ON player_activity (deposits_minor, player_id);

INSERT INTO player_activity (player_id, last_login_at, deposits_minor)
SELECT p.id,
       (SELECT max(s.created_at) FROM sessions s WHERE s.player_id = p.id AND s.scope = 'player'),
       COALESCE((SELECT sum(w.amount_minor) FROM wallet_transactions w
                 WHERE w.player_id = p.id AND w.action = 'deposit' AND w.status = 1), 0)
FROM players p;

CREATE FUNCTION player_activity_login() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_activity (player_id, last_login_at) VALUES (NEW.player_id, NEW.created_at)
  ON CONFLICT (player_id) DO UPDATE SET last_login_at = GREATEST(player_activity.last_login_at, EXCLUDED.last_login_at);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_player_activity AFTER INSERT ON sessions
  FOR EACH ROW WHEN (NEW.scope = 'player') EXECUTE FUNCTION player_activity_login();

-- a deposit counts while its status is 1 (confirmed): added when it becomes so, taken off if it ever stops being so
CREATE FUNCTION player_activity_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF NEW.action = 'deposit' AND NEW.status = 1 THEN delta := NEW.amount_minor; END IF;
  IF TG_OP = 'UPDATE' AND OLD.action = 'deposit' AND OLD.status = 1 THEN delta := delta - OLD.amount_minor; END IF;
  IF delta <> 0 THEN
    INSERT INTO player_activity (player_id, deposits_minor) VALUES (NEW.player_id, delta)
    ON CONFLICT (player_id) DO UPDATE SET deposits_minor = player_activity.deposits_minor + EXCLUDED.deposits_minor;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER wallet_transactions_player_activity AFTER INSERT OR UPDATE OF status, amount_minor ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION player_activity_deposit();
