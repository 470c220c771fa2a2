-- Back office, payments: a payment method's own amount range and buttons (whole money units; NULL = the site-wide
-- DEPOSIT_MIN/MAX, WITHDRAW_MIN/MAX and *_PRESETS of the contracts), and indexes of the staff payments desk.
ALTER TABLE payment_methods
  ADD COLUMN deposit_min      integer CHECK (deposit_min > 0),
  ADD COLUMN deposit_max      integer CHECK (deposit_max > 0),
  ADD COLUMN withdraw_min     integer CHECK (withdraw_min > 0),
  ADD COLUMN withdraw_max     integer CHECK (withdraw_max > 0),
  ADD COLUMN deposit_presets  jsonb,
  ADD COLUMN withdraw_presets jsonb,
  ADD CONSTRAINT payment_methods_deposit_range CHECK ((deposit_min IS NULL) = (deposit_max IS NULL) AND deposit_min <= deposit_max),
  ADD CONSTRAINT payment_methods_withdraw_range CHECK ((withdraw_min IS NULL) = (withdraw_max IS NULL) AND withdraw_min <= withdraw_max);

CREATE INDEX IF NOT EXISTS payment_method_numbers_method ON payment_method_numbers (payment_method_id, sort_order, id);

-- The desk's lists at 100,000 requests: by status (and type) in time order, everything in time order, per player.
CREATE INDEX IF NOT EXISTS wallet_transactions_status_created ON wallet_transactions (status, created_at, id);
CREATE INDEX IF NOT EXISTS wallet_transactions_created ON wallet_transactions (created_at, id);
CREATE INDEX IF NOT EXISTS wallet_transactions_method ON wallet_transactions (payment_method_id, created_at);
CREATE INDEX IF NOT EXISTS wallet_turnovers_status ON wallet_turnovers (status, id);
