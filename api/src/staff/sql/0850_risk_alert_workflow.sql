-- Fraud and AML alerts (issue 32), the rest: six more rules, evaluated after the commit of the event that can fire
-- them (risk_events, drained by risk-evaluator.ts in every API process), alerts with an owner, a state and a note,
-- and a debt write-off kind for maker–checker.

-- The rules' figures: amounts become optional (a rule of accounts has none); accounts and turnover percentages.
ALTER TABLE risk_rules DROP CONSTRAINT risk_rules_kind_check;
ALTER TABLE risk_rules ADD CONSTRAINT risk_rules_kind_check CHECK (kind IN (
  'deposit_velocity', 'large_first_deposit', 'shared_payer', 'shared_device', 'shared_address', 'low_play_withdrawal', 'linked_bonus'));
ALTER TABLE risk_rules DROP CONSTRAINT risk_rules_window_minutes_check;
ALTER TABLE risk_rules ADD CONSTRAINT risk_rules_window_minutes_check CHECK (window_minutes BETWEEN 1 AND 525600);
ALTER TABLE risk_rules ALTER COLUMN amounts DROP NOT NULL;
ALTER TABLE risk_rules ADD COLUMN min_accounts integer CHECK (min_accounts BETWEEN 2 AND 1000);
ALTER TABLE risk_rules ADD COLUMN turnover_percent integer CHECK (turnover_percent BETWEEN 1 AND 1000);
INSERT INTO risk_rules (kind, window_minutes, amounts, account_days, min_accounts, turnover_percent) VALUES
  ('large_first_deposit', 60, '{"BDT": 50000, "INR": 37500, "PKR": 175000}', 0, NULL, NULL),
  ('shared_payer', 43200, NULL, 0, 3, NULL),
  ('shared_device', 43200, NULL, 0, 3, NULL),
  ('shared_address', 1440, NULL, 0, 5, NULL),
  ('low_play_withdrawal', 10080, '{"BDT": 10000, "INR": 7500, "PKR": 35000}', 0, NULL, 50),
  ('linked_bonus', 43200, NULL, 0, 2, NULL);

-- The addresses a player logged in or registered from (first and last seen), like player_devices.
CREATE TABLE player_addresses (
  player_id  bigint NOT NULL REFERENCES players(id),
  address    text NOT NULL CHECK (length(address) BETWEEN 1 AND 64),
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, address)
);
CREATE INDEX player_addresses_address ON player_addresses (address, last_seen);

-- Events a rule looks at, written in the event's own transaction (cheap: one insert), evaluated after its commit.
CREATE TABLE risk_events (
  id         bigserial PRIMARY KEY,
  event      text NOT NULL CHECK (event IN ('deposit_confirmed', 'withdrawal_requested', 'bonus_claimed', 'device_seen', 'address_seen')),
  player_id  bigint NOT NULL,
  ref        text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION risk_events_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.action = 'deposit' AND NEW.status = 1 AND (TG_OP = 'INSERT' OR OLD.status <> 1) THEN
    INSERT INTO risk_events (event, player_id, ref) VALUES ('deposit_confirmed', NEW.player_id, NEW.id::text);
    IF NEW.bonus_minor > 0 THEN
      INSERT INTO risk_events (event, player_id, ref) VALUES ('bonus_claimed', NEW.player_id, 'deposit:' || NEW.id);
    END IF;
  ELSIF NEW.action = 'withdraw' AND TG_OP = 'INSERT' AND NEW.status <> 2 THEN
    INSERT INTO risk_events (event, player_id, ref) VALUES ('withdrawal_requested', NEW.player_id, NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER wallet_risk_events AFTER INSERT OR UPDATE OF status ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION risk_events_wallet();

CREATE FUNCTION risk_events_cash_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO risk_events (event, player_id, ref) VALUES ('bonus_claimed', NEW.player_id, 'cash_claim:' || NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER cash_claims_risk_events AFTER INSERT ON cash_claims FOR EACH ROW EXECUTE FUNCTION risk_events_cash_claim();

CREATE FUNCTION risk_events_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO risk_events (event, player_id, ref) VALUES ('device_seen', NEW.player_id, NEW.device_id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_devices_risk_events AFTER INSERT ON player_devices FOR EACH ROW EXECUTE FUNCTION risk_events_device();

CREATE FUNCTION risk_events_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO risk_events (event, player_id, ref) VALUES ('address_seen', NEW.player_id, NEW.address);
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_addresses_risk_events AFTER INSERT ON player_addresses FOR EACH ROW EXECUTE FUNCTION risk_events_address();

-- Alerts: an owner, a state, the resolution note. resolved_at stays "closed" (the dashboard's open alerts are those
-- without it), kept in step with the state by a trigger whatever path writes either.
ALTER TABLE staff_alerts ADD COLUMN state text NOT NULL DEFAULT 'open'
  CHECK (state IN ('open', 'investigating', 'resolved', 'dismissed'));
ALTER TABLE staff_alerts ADD COLUMN owner_id bigint REFERENCES operators(id);
ALTER TABLE staff_alerts ADD COLUMN resolution text;
ALTER TABLE staff_alerts ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE staff_alerts SET state = 'resolved', updated_at = resolved_at WHERE resolved_at IS NOT NULL;
CREATE FUNCTION staff_alerts_state_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a writer that only sets resolved_at (the dashboard's other alerts) closes it as resolved; a reopening clears both
  IF NEW.resolved_at IS NOT NULL AND NEW.state IN ('open', 'investigating') THEN
    NEW.state := 'resolved';
  ELSIF NEW.resolved_at IS NULL AND NEW.state IN ('resolved', 'dismissed') THEN
    NEW.resolved_at := now();
  END IF;
  IF TG_OP = 'UPDATE' THEN NEW.updated_at := now(); END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_alerts_state_sync BEFORE INSERT OR UPDATE ON staff_alerts FOR EACH ROW EXECUTE FUNCTION staff_alerts_state_sync();
CREATE INDEX staff_alerts_kind ON staff_alerts (kind, id DESC);
CREATE INDEX staff_alerts_owner ON staff_alerts (owner_id, id DESC) WHERE owner_id IS NOT NULL;
-- one open alert per rule and subject (raised with ON CONFLICT, so two processes firing at once raise one)
CREATE UNIQUE INDEX staff_alerts_one_open_risk ON staff_alerts (kind, ref) WHERE resolved_at IS NULL AND kind LIKE 'risk.%';

-- Deposit velocity (0823) raises through the index above instead of a check that two requests at once could both pass.
CREATE OR REPLACE FUNCTION risk_deposit_velocity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r risk_rules%ROWTYPE;
  threshold bigint;
  created timestamptz;
  total bigint;
  n integer;
  txs jsonb;
BEGIN
  IF NEW.action <> 'deposit' OR NEW.status = 2 THEN RETURN NEW; END IF;
  SELECT * INTO r FROM risk_rules WHERE kind = 'deposit_velocity' AND enabled;
  IF NOT FOUND THEN RETURN NEW; END IF;
  threshold := ((r.amounts ->> NEW.currency)::numeric * 100)::bigint;
  IF threshold IS NULL THEN RETURN NEW; END IF;
  SELECT p.created_at INTO created FROM players p WHERE p.id = NEW.player_id;
  IF r.account_days > 0 AND created < now() - make_interval(days => r.account_days) THEN RETURN NEW; END IF;
  SELECT coalesce(sum(w.amount_minor), 0), count(*),
         jsonb_agg(jsonb_build_object('id', w.public_id, 'amount', to_char(w.amount_minor / 100.0, 'FM999999999990.00'),
                                      'status', w.status, 'at', w.created_at) ORDER BY w.id)
    INTO total, n, txs
    FROM wallet_transactions w
   WHERE w.player_id = NEW.player_id AND w.action = 'deposit' AND w.status <> 2
     AND w.created_at > now() - make_interval(mins => r.window_minutes);
  IF total < threshold THEN RETURN NEW; END IF;
  INSERT INTO staff_alerts (kind, message, ref, evidence) VALUES (
    'risk.deposit_velocity',
    format('Deposit velocity: %s %s in %s deposit requests within %s minutes from player %s (account opened %s)',
           to_char(total / 100.0, 'FM999,999,999,990.00'), NEW.currency, n, r.window_minutes, NEW.player_id,
           to_char(created AT TIME ZONE 'Asia/Dhaka', 'YYYY-MM-DD HH24:MI')),
    'player:' || NEW.player_id,
    jsonb_build_object('rule', 'deposit_velocity', 'player_id', NEW.player_id, 'currency', NEW.currency,
                       'total', to_char(total / 100.0, 'FM999999999990.00'), 'count', n, 'window_minutes', r.window_minutes,
                       'threshold', r.amounts ->> NEW.currency, 'account_created_at', created, 'transactions', txs))
  ON CONFLICT (kind, ref) WHERE resolved_at IS NULL AND kind LIKE 'risk.%' DO NOTHING;
  RETURN NEW;
END;
$$;

-- Maker–checker: a write-off of a player's debt above the threshold.
ALTER TABLE staff_approvals DROP CONSTRAINT staff_approvals_kind_check;
ALTER TABLE staff_approvals ADD CONSTRAINT staff_approvals_kind_check
  CHECK (kind IN ('balance_adjustment', 'withdrawal', 'market_settle', 'market_void', 'debt_write_off'));
