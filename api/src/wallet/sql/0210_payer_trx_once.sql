-- A payer's transaction id proves one payment: on one payment method it confirms at most one manual
-- deposit (submit-deposit and make-payment alike), unless that deposit was rejected. Case-insensitive.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM wallet_transactions
    WHERE action = 'deposit' AND mode = 'manual' AND payer_trx_id IS NOT NULL AND status <> 2
    GROUP BY payment_method_id, lower(payer_trx_id) HAVING count(*) > 1
  ) THEN
    RAISE EXCEPTION 'Deposits share a payer transaction id on one payment method; an operator must reject the duplicates before this migration (0210_payer_trx_once) can run';
  END IF;
END $$;

CREATE UNIQUE INDEX wallet_transactions_payer_trx_once ON wallet_transactions (payment_method_id, lower(payer_trx_id))
  WHERE action = 'deposit' AND mode = 'manual' AND payer_trx_id IS NOT NULL AND status <> 2;

-- The single-use reference that binds an anonymous /make-payment to its deposit (sha256 of it; NULL once used).
ALTER TABLE wallet_transactions ADD COLUMN confirm_ref_hash text;
CREATE UNIQUE INDEX wallet_transactions_confirm_ref ON wallet_transactions (confirm_ref_hash) WHERE confirm_ref_hash IS NOT NULL;
