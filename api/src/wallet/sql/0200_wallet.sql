-- Wallet business records: deposit and withdrawal requests, their timeline, receipts, turnover
-- requirements and the idempotency store. Money itself only moves through the ledger
-- (ledger_transfers/ledger_postings); every request here names the transfers it caused.

CREATE TABLE wallet_transactions (
  id                      bigserial PRIMARY KEY,
  public_id               text NOT NULL UNIQUE,           -- shown to players as transaction_id (D..., W...)
  player_id               bigint NOT NULL REFERENCES players(id),
  action                  text NOT NULL CHECK (action IN ('deposit', 'withdraw')),
  mode                    text NOT NULL DEFAULT 'manual' CHECK (mode IN ('manual', 'ewallet')),
  amount_minor            bigint NOT NULL CHECK (amount_minor > 0),
  bonus_minor             bigint NOT NULL DEFAULT 0 CHECK (bonus_minor >= 0),
  currency                text NOT NULL,
  status                  smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),  -- 0 pending, 1 success, 2 fail
  payment_method_id       bigint REFERENCES payment_methods(id),
  channel                 text,                           -- Agent / Merchant / Personal, or the gateway code
  account_number          text,                           -- deposit: number paid to; withdraw: player's payout account
  payer_trx_id            text,                           -- the player's send-money transaction id
  payer_number            text,
  promotion_id            bigint REFERENCES promotions(id),
  gateway_payment_id      text UNIQUE,
  gateway_url             text,
  expires_at              timestamptz,
  information_received_at timestamptz,
  decided_at              timestamptz,
  decided_by              text,                           -- 'operator:<id>' or 'gateway'
  decision_note           text,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_transactions_player ON wallet_transactions (player_id, created_at DESC);
CREATE INDEX wallet_transactions_pending ON wallet_transactions (status, created_at) WHERE status = 0;

-- Append-only trail of every state change (who, when, what): the audit a regulator asks for.
CREATE TABLE wallet_transaction_events (
  id             bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES wallet_transactions(id),
  event          text NOT NULL,                           -- initiated, information_received, approved, rejected, gateway_*
  actor          text NOT NULL,
  detail         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_transaction_events_tx ON wallet_transaction_events (transaction_id, id);
CREATE TRIGGER wallet_transaction_events_append_only BEFORE UPDATE OR DELETE ON wallet_transaction_events
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- Receipt images of a deposit confirmation (/make-payment); files live on disk under the data dir.
CREATE TABLE wallet_receipts (
  id             bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES wallet_transactions(id),
  file_name      text NOT NULL UNIQUE,
  content_type   text NOT NULL,
  size_bytes     integer NOT NULL,
  sha256         text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_receipts_tx ON wallet_receipts (transaction_id);

-- Wagering requirement of a promotion deposit: required = (amount + bonus) x promotion turnover.
CREATE TABLE wallet_turnovers (
  id              bigserial PRIMARY KEY,
  player_id       bigint NOT NULL REFERENCES players(id),
  transaction_id  bigint NOT NULL UNIQUE REFERENCES wallet_transactions(id),
  promotion_id    bigint REFERENCES promotions(id),
  required_minor  bigint NOT NULL CHECK (required_minor > 0),
  remaining_minor bigint NOT NULL CHECK (remaining_minor >= 0),
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'complete')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  completed_at    timestamptz,
  CHECK (remaining_minor <= required_minor)
);
CREATE INDEX wallet_turnovers_player ON wallet_turnovers (player_id, status, id);

-- Idempotency-Key store of money requests: the same key answers the stored response.
CREATE TABLE wallet_idempotency (
  player_id    bigint NOT NULL REFERENCES players(id),
  endpoint     text NOT NULL,
  key          text NOT NULL,
  request_hash text NOT NULL,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, endpoint, key)
);
