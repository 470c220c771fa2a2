-- Back-office reports read the house accounts' postings by time (api/src/operator/reports/service.ts).
CREATE INDEX IF NOT EXISTS ledger_postings_account_created ON ledger_postings (account_id, created_at);
