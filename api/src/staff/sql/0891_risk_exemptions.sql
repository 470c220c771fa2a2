-- Per-rule exemptions (issue 32): a risk operator exempts one player from one fraud/AML rule (an office's shared
-- address, a family's shared payer number, a known high-roller's first deposit), with a reason; the exemption can be
-- ended. While it runs, that player's own events do not raise that rule's alert (operator/risk-exemptions.ts; the
-- deposit velocity trigger below). Both changes are audited (risk.exemption, risk.exemption_end).
CREATE TABLE risk_rule_exemptions (
  id          bigserial PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players(id),
  kind        text NOT NULL CHECK (kind IN (
    'deposit_velocity', 'large_first_deposit', 'shared_payer', 'shared_device', 'shared_address', 'low_play_withdrawal', 'linked_bonus')),
  reason      text NOT NULL,
  created_by  bigint NOT NULL REFERENCES operators(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  ended_at    timestamptz,
  ended_by    bigint REFERENCES operators(id),
  end_reason  text
);
-- one running exemption per player and rule
CREATE UNIQUE INDEX risk_rule_exemptions_running ON risk_rule_exemptions (player_id, kind) WHERE ended_at IS NULL;

-- Deposit velocity stays the in-transaction trigger (0823/0850/0851); an exempt player's requests raise nothing.
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
  IF EXISTS (SELECT 1 FROM risk_rule_exemptions e
              WHERE e.player_id = NEW.player_id AND e.kind = 'deposit_velocity' AND e.ended_at IS NULL) THEN
    RETURN NEW;
  END IF;
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
