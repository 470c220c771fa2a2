-- Every balance movement of the site (a deposit, a casino round, an exchange hold) updates ledger_accounts rows, and
-- none of those updates could be HOT: ledger_accounts_player_main_balance (0610, the back office's sort by balance)
-- has balance_minor as a key, and PostgreSQL keeps an update in place only when no index references a changed column
-- (a partial index counts whatever its predicate). So each update wrote a new entry in all four indexes and left a
-- dead row and dead index entries behind: on the exchange's hot market, 0 of ~3,300 account updates were HOT and the
-- table's indexes doubled in seconds; the batch's balance update and the locks it reads through those indexes grew
-- with them (issue 28, stop 52). Without it, ~97% of the updates stay on their page with no index entry.
-- The back office's sort by balance now sorts the main accounts it reads (measured in api/bench/backoffice-players.ts
-- at 100,000 players, within its 300 ms target).
DROP INDEX IF EXISTS ledger_accounts_player_main_balance;
-- room on each page for the next version of a row, so a hot account's update finds space beside it
ALTER TABLE ledger_accounts SET (fillfactor = 80);
