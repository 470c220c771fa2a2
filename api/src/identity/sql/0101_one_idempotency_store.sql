-- VIP conversions and cash claims now keep their Idempotency-Key in the one store of player money
-- requests (wallet_idempotency, see api/src/core/idempotency.ts); their own key columns go.
ALTER TABLE vip_conversions DROP COLUMN client_key;
ALTER TABLE cash_claims DROP COLUMN client_key;
