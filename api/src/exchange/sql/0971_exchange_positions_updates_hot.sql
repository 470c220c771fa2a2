-- A position's exposure changes with every bet the player places or has matched (the writer's batch upserts it), and
-- exchange_positions_held's predicate (exposure_minor > 0) made every such update write new index entries (0 of
-- ~1,200 HOT in a bench run; issue 28, stop 52). The primary key (player_id, market_id) already leads with the
-- player, which is how every read of a player's positions asks; the held filter is a check on those few rows.
DROP INDEX IF EXISTS exchange_positions_held;
ALTER TABLE exchange_positions SET (fillfactor = 80);
