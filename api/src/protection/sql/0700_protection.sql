-- Responsible gambling: a player's limits, time-outs and self-exclusions, reality-check and offer settings,
-- the under-age flag and customer due diligence. Rules in shared/contracts/src/rules/protection.ts.

-- One row per limit the player set. kind deposit/wager/loss: value in minor units over the rolling `period`;
-- kind session: value in minutes since log-in (period 'session'). An increase or removal waits in pending_* until
-- pending_effective_at; a decrease replaces value at once. value NULL: no limit in force.
CREATE TABLE player_limits (
  player_id            bigint NOT NULL REFERENCES players(id),
  kind                 text NOT NULL CHECK (kind IN ('deposit', 'wager', 'loss', 'session')),
  period               text NOT NULL CHECK (period IN ('24h', '7d', '30d', 'session')),
  value                bigint CHECK (value > 0),
  pending_value        bigint CHECK (pending_value > 0),
  pending_remove       boolean NOT NULL DEFAULT false,
  pending_effective_at timestamptz,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, kind, period),
  CHECK ((kind = 'session') = (period = 'session'))
);

-- Time-outs and self-exclusions: append-only history; in force while starts_at <= now() < ends_at (NULL: never ends).
CREATE TABLE player_exclusions (
  id         bigserial PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players(id),
  kind       text NOT NULL CHECK (kind IN ('time_out', 'self_exclusion')),
  period     text NOT NULL,
  starts_at  timestamptz NOT NULL DEFAULT now(),
  ends_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX player_exclusions_player ON player_exclusions (player_id, ends_at);
CREATE FUNCTION player_exclusions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player_exclusions is append-only: an exclusion cannot be shortened or lifted';
END;
$$;
CREATE TRIGGER player_exclusions_append_only BEFORE UPDATE OR DELETE ON player_exclusions
  FOR EACH ROW EXECUTE FUNCTION player_exclusions_append_only();

-- A player's other protection settings and flags (one row, made on first use).
CREATE TABLE player_protection (
  player_id             bigint PRIMARY KEY REFERENCES players(id),
  reality_check_minutes integer NOT NULL DEFAULT 0 CHECK (reality_check_minutes IN (0, 15, 30, 60)),
  -- the session-time limit was reached: play closed until this instant (the next Dhaka day)
  session_block_until   timestamptz,
  -- the limits offered before the first deposit were skipped (or a limit was set)
  limits_offer_done_at  timestamptz,
  -- the birthday entered says under 18: deposits and play closed, staff alerted
  under_age_at          timestamptz,
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- Customer due diligence checks staff recorded (append-only history; the newest counts).
CREATE TABLE player_due_diligence (
  id          bigserial PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players(id),
  operator_id bigint,
  checked_by  text NOT NULL,
  note        text NOT NULL,
  checked_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX player_due_diligence_player ON player_due_diligence (player_id, checked_at DESC);

-- A withdrawal that passed the CDD threshold waits for staff's check before it can be approved.
ALTER TABLE wallet_transactions ADD COLUMN verification_required boolean NOT NULL DEFAULT false;

-- Rolling windows read a player's postings by time.
CREATE INDEX ledger_postings_account_time ON ledger_postings (account_id, created_at);
CREATE INDEX wallet_transactions_player_time ON wallet_transactions (player_id, action, created_at);
