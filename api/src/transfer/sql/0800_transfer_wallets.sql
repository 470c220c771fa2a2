-- Transfer wallets (issue 30): providers that keep the player's money in their own wallet. The money itself is in the
-- ledger (player:N:main -> player:N:transit -> player:N:provider:CODE, results against house:provider:CODE); these
-- tables carry each transfer's state and what each provider last reported.

-- One row per player and provider the player ever used. `version` moves with every transfer's hold and resolution,
-- so a balance read booked as a result is refused when a transfer moved in between (transfer/service.ts syncBalance).
CREATE TABLE provider_wallets (
  player_id     bigint NOT NULL REFERENCES players(id),
  provider      text NOT NULL,
  version       bigint NOT NULL DEFAULT 0,
  reported_minor bigint,
  reported_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, provider)
);

-- Every transfer, by the id the operator sent the provider. pending: the money is in transit and the provider's answer
-- is not known; confirmed / reversed: resolved, once (a conditional UPDATE ... WHERE state = 'pending' in the same
-- transaction as its ledger transfer).
CREATE TABLE provider_transfers (
  id             text PRIMARY KEY,
  player_id      bigint NOT NULL REFERENCES players(id),
  provider       text NOT NULL,
  direction      text NOT NULL CHECK (direction IN ('in', 'out')),
  amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
  currency       text NOT NULL,
  state          text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'reversed')),
  reason         text NOT NULL,
  -- the player's Idempotency-Key of the launch that made it (a retried launch finds its transfer)
  client_key     text,
  attempts       integer NOT NULL DEFAULT 0,
  last_error     text,
  -- the provider's last answer to a status query: applied, refused or unknown (the id was closed): staff may resolve
  -- a pending transfer only after one
  provider_state text CHECK (provider_state IN ('applied', 'refused', 'unknown')),
  provider_checked_at timestamptz,
  next_check_at  timestamptz NOT NULL DEFAULT now(),
  created_at     timestamptz NOT NULL DEFAULT now(),
  resolved_at    timestamptz,
  resolved_by    text
);
-- at most one transfer of a player and provider in flight: parallel recalls and launches cannot both move money
CREATE UNIQUE INDEX provider_transfers_one_pending ON provider_transfers (player_id, provider) WHERE state = 'pending';
CREATE UNIQUE INDEX provider_transfers_client_key ON provider_transfers (player_id, client_key) WHERE client_key IS NOT NULL;
CREATE INDEX provider_transfers_due ON provider_transfers (next_check_at) WHERE state = 'pending';
CREATE INDEX provider_transfers_player ON provider_transfers (player_id, created_at DESC);

CREATE TABLE provider_wallet_settings (
  player_id     bigint PRIMARY KEY REFERENCES players(id),
  auto_transfer boolean NOT NULL DEFAULT true,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
