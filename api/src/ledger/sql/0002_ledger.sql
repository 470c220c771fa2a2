-- Double-entry ledger. Balances are a cache of the postings, checked by checkLedger().

CREATE TABLE ledger_accounts (
  id             bigserial PRIMARY KEY,
  player_id      bigint REFERENCES players(id),
  code           text NOT NULL,              -- 'player:12:main', 'player:12:held', 'house:cash', ...
  currency       text NOT NULL CHECK (currency IN ('BDT', 'INR', 'PKR')),
  balance_minor  bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  version        integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (allow_negative OR balance_minor >= 0)
);
-- House accounts exist once per currency; player codes carry the player id.
CREATE UNIQUE INDEX ledger_accounts_code_currency ON ledger_accounts (code, currency);
CREATE INDEX ledger_accounts_player ON ledger_accounts (player_id);

CREATE TABLE ledger_transfers (
  id              bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind            text NOT NULL,             -- 'deposit', 'withdraw.hold', 'bet', 'win', 'seed', ...
  reference       text,
  metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transfers_reference ON ledger_transfers (reference);

CREATE TABLE ledger_postings (
  id           bigserial PRIMARY KEY,
  transfer_id  bigint NOT NULL REFERENCES ledger_transfers(id),
  account_id   bigint NOT NULL REFERENCES ledger_accounts(id),
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, id);
CREATE INDEX ledger_postings_transfer ON ledger_postings (transfer_id);

-- Postings and transfers are append-only: history is corrected by new transfers, never edited.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
