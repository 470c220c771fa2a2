-- The bets' notices and the markets list's book written once per statement instead of once per row (issue 28): a hot
-- market's batch writes ~100 bets and ~100 fills in one statement, and the row triggers (a plpgsql call, an UPDATE and
-- an INSERT for each bet; an upsert for each fill) were ~25 ms of its ~60 ms in PostgreSQL (auto_explain's
-- log_triggers, 200 bets in flight). The same rules as 0710 and 0930, over the statement's transition tables.
-- (PostgreSQL allows no column list on an UPDATE trigger with transition tables: this one sees every UPDATE of a bet,
-- and a change that moves none of the columns the rules read says nothing, as before.)

DROP TRIGGER exchange_bets_notice ON exchange_bets;
DROP FUNCTION exchange_bet_notice();

-- What a change of a bet says (0710's reading): nothing while in its delay; matched or partly matched when more of it
-- matched; unmatched when it came to rest; cancelled when its unmatched part was cancelled; lapsed; won, lost or void
-- when settled. A bet changed twice in one transaction says only its last word (the row of this transaction updated).
CREATE FUNCTION exchange_bet_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- a bet this statement inserted has no notice yet: its word is inserted, nothing to update
    INSERT INTO exchange_notices (player_id, bet_id, kind, matched_minor, matched_value, profit_minor, reason)
    SELECT c.player_id, c.id, c.k, c.matched_minor, c.matched_value, c.profit_minor, c.reason
    FROM (
      SELECT n.id, n.player_id, n.matched_minor, n.matched_value, n.profit_minor, n.reason,
        CASE CASE WHEN n.voided THEN 'VOID' ELSE n.status END
          WHEN 'MATCHED' THEN 'matched' WHEN 'PARTIALLY_MATCHED' THEN 'partial' WHEN 'UNMATCHED' THEN 'unmatched'
          WHEN 'LAPSED' THEN 'lapsed' WHEN 'CANCELLED' THEN 'cancelled' WHEN 'WON' THEN 'won' WHEN 'LOST' THEN 'lost'
          WHEN 'VOID' THEN 'void' END AS k
      FROM new_bets n
    ) c
    WHERE c.k IS NOT NULL
    ORDER BY c.id;
  ELSE
    -- an update: this transaction's notice of the bet takes its last word, or a new one is inserted
    WITH d AS (
      SELECT n.id, n.player_id, n.matched_minor, n.matched_value, n.profit_minor, n.reason, n.remaining_minor, n.cancelled_minor,
        CASE WHEN n.voided THEN 'VOID' ELSE n.status END AS shown,
        CASE WHEN o.voided THEN 'VOID' ELSE o.status END AS was,
        n.matched_minor <> o.matched_minor AS more,
        o.remaining_minor AS old_remaining, o.cancelled_minor AS old_cancelled
      FROM new_bets n JOIN old_bets o ON o.id = n.id
    ),
    c AS (
      SELECT d.id, d.player_id, d.matched_minor, d.matched_value, d.profit_minor, d.reason,
        CASE
          WHEN d.shown = 'PENDING' THEN NULL
          WHEN d.shown = d.was AND NOT d.more THEN
            -- the unmatched rest of a matched bet cancelled (its status stays MATCHED)
            CASE WHEN d.remaining_minor = 0 AND d.old_remaining > 0 AND d.cancelled_minor > d.old_cancelled THEN 'cancelled' END
          ELSE CASE d.shown
            WHEN 'MATCHED' THEN CASE WHEN d.more THEN 'matched' WHEN d.cancelled_minor > d.old_cancelled THEN 'cancelled' END
            WHEN 'PARTIALLY_MATCHED' THEN CASE WHEN d.more THEN 'partial' END
            WHEN 'UNMATCHED' THEN CASE WHEN d.was = 'PENDING' THEN 'unmatched' END
            WHEN 'LAPSED' THEN 'lapsed' WHEN 'CANCELLED' THEN 'cancelled' WHEN 'WON' THEN 'won' WHEN 'LOST' THEN 'lost'
            WHEN 'VOID' THEN 'void' END
        END AS k
      FROM d
    ),
    said AS (
      UPDATE exchange_notices x SET kind = c.k, matched_minor = c.matched_minor, matched_value = c.matched_value,
          profit_minor = c.profit_minor, reason = c.reason
        FROM c WHERE c.k IS NOT NULL AND x.bet_id = c.id AND x.tx = txid_current()
        RETURNING x.bet_id
    )
    INSERT INTO exchange_notices (player_id, bet_id, kind, matched_minor, matched_value, profit_minor, reason)
    SELECT c.player_id, c.id, c.k, c.matched_minor, c.matched_value, c.profit_minor, c.reason
    FROM c WHERE c.k IS NOT NULL AND NOT EXISTS (SELECT 1 FROM said WHERE said.bet_id = c.id)
    ORDER BY c.id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER exchange_bets_notice_insert AFTER INSERT ON exchange_bets
  REFERENCING NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION exchange_bet_notices();
CREATE TRIGGER exchange_bets_notice_update AFTER UPDATE ON exchange_bets
  REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION exchange_bet_notices();

-- The markets list's book (0651, 0930): the statement's fills summed per market, currency and runner, then added in
-- key order. Each fill's profit is rounded down before the sum, as the engine rounds it.
DROP TRIGGER exchange_fills_market_book ON exchange_fills;
DROP FUNCTION exchange_market_book_add();

CREATE FUNCTION exchange_market_book_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO exchange_market_book AS k (market_id, currency, selection_id, a_minor, b_minor, matched_minor, fills_minor)
  SELECT f.market_id, f.currency, f.selection_id, SUM(f.s * ((f.stake_minor * (f.price - 100)) / 100)), SUM(f.s * f.stake_minor),
    SUM(f.n * f.stake_minor), SUM(f.stake_minor)
  FROM (
    SELECT market_id, currency, selection_id, price, stake_minor,
      (back_bet_id IS NOT NULL)::int - (lay_bet_id IS NOT NULL)::int AS s,
      (back_bet_id IS NOT NULL)::int + (lay_bet_id IS NOT NULL)::int AS n
    FROM new_fills
  ) f
  GROUP BY f.market_id, f.currency, f.selection_id
  ORDER BY f.market_id, f.currency, f.selection_id
  ON CONFLICT (market_id, currency, selection_id) DO UPDATE SET a_minor = k.a_minor + EXCLUDED.a_minor,
    b_minor = k.b_minor + EXCLUDED.b_minor, matched_minor = k.matched_minor + EXCLUDED.matched_minor,
    fills_minor = k.fills_minor + EXCLUDED.fills_minor;
  RETURN NULL;
END;
$$;

CREATE TRIGGER exchange_fills_market_book AFTER INSERT ON exchange_fills
  REFERENCING NEW TABLE AS new_fills FOR EACH STATEMENT EXECUTE FUNCTION exchange_market_book_add();
