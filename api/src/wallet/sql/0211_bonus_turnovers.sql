-- Issue 10 item 5 (identity's migration range is 0110-0119; this one is numbered after 0200 because it
-- changes a wallet table). A claimed bonus (the referral cash bonus, converted VIP points) carries a
-- turnover requirement like a promotion deposit: same table, same reduction by settled bets, same
-- withdrawal block. Such a row has no deposit behind it: it names its source instead.
ALTER TABLE wallet_turnovers ALTER COLUMN transaction_id DROP NOT NULL;
ALTER TABLE wallet_turnovers
  ADD COLUMN source text NOT NULL DEFAULT 'deposit' CHECK (source IN ('deposit', 'cash_claim', 'vip_conversion')),
  ADD COLUMN source_id bigint,                -- cash_claims.id / vip_conversions.id
  ADD COLUMN bonus_minor bigint CHECK (bonus_minor > 0),  -- what was given (wagered against)
  ADD COLUMN multiple integer CHECK (multiple > 0);
ALTER TABLE wallet_turnovers ADD CONSTRAINT wallet_turnovers_source_ref
  CHECK (CASE WHEN source = 'deposit' THEN transaction_id IS NOT NULL
              ELSE transaction_id IS NULL AND source_id IS NOT NULL AND bonus_minor IS NOT NULL AND multiple IS NOT NULL END);
CREATE UNIQUE INDEX wallet_turnovers_source_once ON wallet_turnovers (source, source_id) WHERE source_id IS NOT NULL;
