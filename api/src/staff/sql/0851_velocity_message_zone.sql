-- The deposit velocity alert's line says its Dhaka time with the label staff read every time by (GMT+6), as the
-- other rules' alerts and the console do; otherwise the function of 0850.
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
    format('Deposit velocity: %s %s in %s deposit requests within %s minutes from player %s (account opened %s GMT+6)',
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
