-- House accounts split into shards: every transfer of the site posts to one house row per currency (house:cash for
-- deposits, house:games for casino), and that row's lock serialised them all. Shards share the code, so readers that
-- select house postings or balances by code (reports, checks) sum every shard without knowing they exist.
-- Player accounts stay one row (shard 0).
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard_house CHECK (shard = 0 OR (player_id IS NULL AND shard > 0));
CREATE UNIQUE INDEX ledger_accounts_code_currency_shard ON ledger_accounts (code, currency, shard);
DROP INDEX ledger_accounts_code_currency;
