-- A player's betting settings on the exchange (issue 33), kept on the server so they follow the player to another
-- device: the bet slip's six stake presets (whole amounts in the player's currency), "Keep bet in-play" (the
-- persistence of their next Match Odds bets), and one-click betting (off until they turn it on and confirm once, with
-- the stake chosen in advance). No row: the defaults (contracts DEFAULT_EXCHANGE_SETTINGS).
CREATE TABLE exchange_settings (
  player_id           bigint PRIMARY KEY REFERENCES players(id),
  stake_presets       jsonb,                                    -- null: the defaults
  keep_in_play        boolean NOT NULL DEFAULT false,
  one_click           boolean NOT NULL DEFAULT false,
  one_click_stake     bigint CHECK (one_click_stake > 0),
  one_click_confirmed_at timestamptz,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT one_click OR (one_click_stake IS NOT NULL AND one_click_confirmed_at IS NOT NULL))
);
