-- One writer per market across API processes (issue 28 item 2): the lease of a market's writer. A process takes a
-- market's lease when it has commands for it and the lease is free or expired (the epoch goes up by one every time
-- it changes hands), renews it while it works, and every batch it commits updates this row with its owner and epoch
-- in the same transaction, so a writer that lost its lease (hung past its expiry, another process took over) cannot
-- commit. Released leases keep their row and epoch (owner ''): an epoch is never reused. See exchange/README.md,
-- "One writer per market across processes".
CREATE TABLE exchange_market_leases (
  market_id   text PRIMARY KEY,
  -- the holder: '<instance>:<pid>:<random>' of one process run; '' when released
  owner       text NOT NULL,
  -- where the holder takes forwarded bets (http://host:port), '' when released
  address     text NOT NULL,
  epoch       bigint NOT NULL CHECK (epoch > 0),
  expires_at  timestamptz NOT NULL,
  acquired_at timestamptz NOT NULL DEFAULT now(),
  -- times the lease changed hands (taken by a process that did not hold it)
  changes     bigint NOT NULL DEFAULT 1
);
