-- Casino: launches, the seamless-wallet transaction journal, rounds (settled bets), favourites, VIP accrual.

-- A launch token handed to the game provider in the launch URL; only its hash is stored.
CREATE TABLE casino_launches (
  token_hash  text PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players(id),
  provider    text NOT NULL,             -- seamless-wallet partner id, e.g. 'sandbox'
  game_code   text NOT NULL REFERENCES games(code),
  currency    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- bets need a live token; wins and rollbacks never look at this (they settle what was bet)
  expires_at  timestamptz NOT NULL
);
CREATE INDEX casino_launches_player ON casino_launches (player_id, created_at DESC);

-- One round of a game as the provider reports it. A closed round is a settled bet of spec section 3.
CREATE TABLE casino_rounds (
  id          bigserial PRIMARY KEY,
  provider    text NOT NULL,
  round_id    text NOT NULL,
  player_id   bigint NOT NULL REFERENCES players(id),
  game_code   text NOT NULL,
  game_name   text NOT NULL,
  game_type   text NOT NULL,
  platform    text NOT NULL,
  currency    text NOT NULL,
  bet_minor   bigint NOT NULL DEFAULT 0 CHECK (bet_minor >= 0),
  win_minor   bigint NOT NULL DEFAULT 0 CHECK (win_minor >= 0),
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'cancelled')),
  -- turnover and VIP points are counted once, when the round first settles
  turnover_recorded_minor bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  settled_at  timestamptz,
  UNIQUE (provider, round_id)
);
CREATE INDEX casino_rounds_player_settled ON casino_rounds (player_id, status, created_at DESC);

-- The seamless-wallet journal: one row per provider transaction id; a replay answers the stored response.
CREATE TABLE casino_wallet_transactions (
  id                    bigserial PRIMARY KEY,
  provider              text NOT NULL,
  transaction_uuid      text NOT NULL,
  kind                  text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  player_id             bigint REFERENCES players(id),
  round_id              text NOT NULL,
  game_code             text NOT NULL,
  amount_minor          bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  reference_uuid        text,              -- a win or rollback points at its bet
  -- what the request said, to tell a replay from a different request reusing the id
  fingerprint           text NOT NULL,
  ledger_transfer_id    bigint REFERENCES ledger_transfers(id),
  rolled_back           boolean NOT NULL DEFAULT false,
  response              jsonb NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, transaction_uuid)
);
CREATE INDEX casino_wallet_transactions_round ON casino_wallet_transactions (provider, round_id);
CREATE INDEX casino_wallet_transactions_reference ON casino_wallet_transactions (provider, reference_uuid);

-- Rollbacks that arrived before (or instead of) their bet: a late bet with this id is refused.
CREATE TABLE casino_rolled_back_ids (
  provider         text NOT NULL,
  transaction_uuid text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, transaction_uuid)
);

CREATE TABLE casino_favourites (
  player_id  bigint NOT NULL REFERENCES players(id),
  game_code  text NOT NULL REFERENCES games(code),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, game_code)
);

-- VIP points: 1 VP per 100.00 of settled casino turnover; the remainder carries over to the next round.
CREATE TABLE casino_vip_accrual (
  player_id      bigint PRIMARY KEY REFERENCES players(id),
  turnover_minor bigint NOT NULL DEFAULT 0,
  points_awarded integer NOT NULL DEFAULT 0
);
