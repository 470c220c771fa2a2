-- The exchange account: Multi Markets pins kept on the server (they follow the player to another device) and the
-- activity log's own events (bets, cancels, cash-outs; log-ins come from sessions, settlements from positions).

CREATE TABLE exchange_pins (
  player_id  bigint NOT NULL REFERENCES players(id),
  market_id  text NOT NULL,
  event_id   text NOT NULL,
  name       text NOT NULL,
  sport      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, market_id)
);

CREATE TABLE exchange_activity (
  id         bigserial PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players(id),
  kind       text NOT NULL CHECK (kind IN ('bet', 'cancel', 'cash_out')),
  bet_id     bigint REFERENCES exchange_bets(id),
  market_id  text,
  detail     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exchange_activity_player ON exchange_activity (player_id, id DESC);
CREATE TRIGGER exchange_activity_append_only BEFORE UPDATE OR DELETE ON exchange_activity
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
