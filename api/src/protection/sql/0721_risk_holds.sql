-- A risk hold (issue 27 item 9): staff put a player on hold for suspected fraud or bonus abuse. While a hold is open
-- the player logs in but cannot stake or deposit anywhere (the protection gate), and withdraws only if staff allowed
-- it for this hold. A status beside players.status (whose 'suspended' stays the upline state of spec 6).
-- Rows are kept after release (the history); at most one open hold per player.
CREATE TABLE IF NOT EXISTS player_risk_holds (
  id                 bigserial PRIMARY KEY,
  player_id          bigint NOT NULL REFERENCES players(id),
  reason             text NOT NULL CHECK (reason IN ('fraud', 'bonus_abuse')),
  note               text NOT NULL,
  allow_withdrawals  boolean NOT NULL DEFAULT false,
  placed_by          text NOT NULL,
  placed_at          timestamptz NOT NULL DEFAULT now(),
  released_by        text,
  released_at        timestamptz,
  release_note       text
);
CREATE UNIQUE INDEX IF NOT EXISTS player_risk_holds_open ON player_risk_holds (player_id) WHERE released_at IS NULL;
