-- Fraud and AML alerts (issue 32), first rule: deposit velocity. Risk staff set each rule; a rule raises one open
-- staff alert per player with its evidence (the transactions that made it fire), in the transaction of the deposit
-- request that crossed it (a trigger, so every path that records a deposit request is covered).
CREATE TABLE risk_rules (
  kind           text PRIMARY KEY CHECK (kind IN ('deposit_velocity')),
  enabled        boolean NOT NULL DEFAULT true,
  window_minutes integer NOT NULL CHECK (window_minutes BETWEEN 1 AND 10080),
  -- whole units per currency: {"BDT": 100000, "INR": 75000, "PKR": 350000}
  amounts        jsonb NOT NULL,
  -- only accounts younger than this many days (0: every account)
  account_days   integer NOT NULL DEFAULT 30 CHECK (account_days >= 0),
  updated_by     bigint REFERENCES operators(id),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
INSERT INTO risk_rules (kind, window_minutes, amounts, account_days)
  VALUES ('deposit_velocity', 60, '{"BDT": 100000, "INR": 75000, "PKR": 350000}', 30);

ALTER TABLE staff_alerts ADD COLUMN evidence jsonb;

CREATE FUNCTION risk_deposit_velocity() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF EXISTS (SELECT 1 FROM staff_alerts WHERE kind = 'risk.deposit_velocity' AND ref = 'player:' || NEW.player_id AND resolved_at IS NULL) THEN
    RETURN NEW;
  END IF;
  INSERT INTO staff_alerts (kind, message, ref, evidence) VALUES (
    'risk.deposit_velocity',
    format('Deposit velocity: %s %s in %s deposit requests within %s minutes from player %s (account opened %s)',
           to_char(total / 100.0, 'FM999,999,999,990.00'), NEW.currency, n, r.window_minutes, NEW.player_id,
           to_char(created AT TIME ZONE 'Asia/Dhaka', 'YYYY-MM-DD HH24:MI')),
    'player:' || NEW.player_id,
    jsonb_build_object('rule', 'deposit_velocity', 'player_id', NEW.player_id, 'currency', NEW.currency,
                       'total', to_char(total / 100.0, 'FM999999999990.00'), 'count', n, 'window_minutes', r.window_minutes,
                       'threshold', r.amounts ->> NEW.currency, 'account_created_at', created, 'transactions', txs));
  RETURN NEW;
END;
$$;
CREATE TRIGGER wallet_deposit_velocity AFTER INSERT ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION risk_deposit_velocity();
