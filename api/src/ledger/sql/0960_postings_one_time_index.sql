-- ledger_postings had the same index twice: (account_id, created_at) as ledger_postings_account_created (0620, the
-- back office's reports) and as ledger_postings_account_time (0700, the protection rules' rolling windows). Every
-- posting paid for both (a hold on the exchange is two postings: four index entries for one), and the planner uses
-- either for the same reads. One stays, under the first name.
DROP INDEX IF EXISTS ledger_postings_account_time;
CREATE INDEX IF NOT EXISTS ledger_postings_account_created ON ledger_postings (account_id, created_at);
