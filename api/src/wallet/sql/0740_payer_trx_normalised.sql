-- Issue 27 item 3: a payer's transaction id is compared in one spelling (shared/contracts/src/rules/payer-trx.ts:
-- NFKC, no format characters (\p{Cf}: U+200B, joiners, BOM, bidi marks) and no white space, Bengali digits as ASCII,
-- upper case). New ids are stored that way by the API; this brings the stored ids of manual deposits to it, so
-- `8N7A6B5C4D` and `8n7a6b5c4d<U+200B>` already in the table are one id for the uniqueness check.
-- The spelling as stored is kept in the deposit's timeline (event 'payer_trx_normalised', detail.as_stored).
--
-- Deposits that turn out to share an id are not a reason to stop the deploy (that is the attack this closes, and it
-- may already have happened): the earliest keeps the id, each later one (not rejected) is marked
-- payer_trx_duplicate_of = the earliest and gets the event 'payer_trx_duplicate' in its timeline for staff to review
-- (reject a pending one, recover an approved one). Marked rows stay out of the unique index; new deposits are still
-- refused against them (the API's check reads every deposit with the id).

ALTER TABLE wallet_transactions ADD COLUMN payer_trx_duplicate_of bigint REFERENCES wallet_transactions(id);

DROP INDEX wallet_transactions_payer_trx_once;

-- The Cf and White_Space characters of Unicode 17 (generated with /[\p{Cf}\p{White_Space}]/u in Node 20+).
CREATE TEMP TABLE payer_trx_fix ON COMMIT DROP AS
SELECT id, payer_trx_id AS as_stored,
       NULLIF(upper(translate(regexp_replace(normalize(payer_trx_id, NFKC),
         U&'[\0009-\000D\0020\0085\00A0\00AD\0600-\0605\061C\06DD\070F\0890-\0891\08E2\1680\180E\2000-\200F\2028-\202F\205F-\2064\2066-\206F\3000\FEFF\FFF9-\FFFB\+0110BD\+0110CD\+013430-\+01343F\+01BCA0-\+01BCA3\+01D173-\+01D17A\+0E0001\+0E0020-\+0E007F]',
         '', 'g'), U&'\09E6\09E7\09E8\09E9\09EA\09EB\09EC\09ED\09EE\09EF', '0123456789')), '') AS normalised
FROM wallet_transactions
WHERE action = 'deposit' AND mode = 'manual' AND payer_trx_id IS NOT NULL;

INSERT INTO wallet_transaction_events (transaction_id, event, actor, detail)
SELECT id, 'payer_trx_normalised', 'migration:0740', jsonb_build_object('as_stored', as_stored, 'trx_id', normalised)
FROM payer_trx_fix WHERE normalised IS DISTINCT FROM as_stored;

UPDATE wallet_transactions t SET payer_trx_id = f.normalised
FROM payer_trx_fix f WHERE t.id = f.id AND f.normalised IS DISTINCT FROM f.as_stored;

-- later deposits (not rejected) with the id of an earlier one on the same method
CREATE TEMP TABLE payer_trx_dups ON COMMIT DROP AS
SELECT t.id, first.id AS first_id, first.public_id AS first_public_id, t.payer_trx_id
FROM wallet_transactions t
JOIN LATERAL (
  SELECT e.id, e.public_id FROM wallet_transactions e
  WHERE e.payment_method_id = t.payment_method_id AND e.payer_trx_id = t.payer_trx_id
    AND e.action = 'deposit' AND e.mode = 'manual' AND e.status <> 2
  ORDER BY e.created_at, e.id LIMIT 1
) first ON first.id <> t.id
WHERE t.action = 'deposit' AND t.mode = 'manual' AND t.payer_trx_id IS NOT NULL AND t.status <> 2;

UPDATE wallet_transactions t SET payer_trx_duplicate_of = d.first_id FROM payer_trx_dups d WHERE t.id = d.id;

INSERT INTO wallet_transaction_events (transaction_id, event, actor, detail)
SELECT id, 'payer_trx_duplicate', 'migration:0740', jsonb_build_object('trx_id', payer_trx_id, 'of', first_public_id)
FROM payer_trx_dups;

CREATE UNIQUE INDEX wallet_transactions_payer_trx_once ON wallet_transactions (payment_method_id, lower(payer_trx_id))
  WHERE action = 'deposit' AND mode = 'manual' AND payer_trx_id IS NOT NULL AND status <> 2 AND payer_trx_duplicate_of IS NULL;
