-- A player's maximum liability per market, by market kind, set by risk staff (issue 26 item 4): the most this player may
-- stand to lose on any one market of that kind (the exposure held for it). No row: no limit beyond the per-bet stake
-- limits and the balance. Who set it, when and why is in the audit log (action exchange.liability_limit).
CREATE TABLE exchange_liability_limits (
  player_id           bigint NOT NULL REFERENCES players(id),
  kind                text NOT NULL CHECK (kind IN ('MATCH_ODDS', 'BOOKMAKER', 'FANCY')),
  max_liability_minor bigint NOT NULL CHECK (max_liability_minor >= 0),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, kind)
);
