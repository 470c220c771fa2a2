-- A Match Odds market's total matched (what its header and every odds push show) kept as fills are written instead
-- of summed over all of the market's fills at each push: on a hot market the fills run into the hundreds of
-- thousands, and the push runs after every batch. fills_minor = Σ stake of the fills, each matched pair once (a fill
-- is one back matched with one lay, or a player's bet against the feed's offer), per market, currency and runner.
ALTER TABLE exchange_market_book ADD COLUMN fills_minor bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION exchange_market_book_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := (NEW.back_bet_id IS NOT NULL)::int - (NEW.lay_bet_id IS NOT NULL)::int;
  n integer := (NEW.back_bet_id IS NOT NULL)::int + (NEW.lay_bet_id IS NOT NULL)::int;
BEGIN
  INSERT INTO exchange_market_book AS k (market_id, currency, selection_id, a_minor, b_minor, matched_minor, fills_minor)
  VALUES (NEW.market_id, NEW.currency, NEW.selection_id, s * ((NEW.stake_minor * (NEW.price - 100)) / 100), s * NEW.stake_minor,
          n * NEW.stake_minor, NEW.stake_minor)
  ON CONFLICT (market_id, currency, selection_id) DO UPDATE SET a_minor = k.a_minor + EXCLUDED.a_minor,
    b_minor = k.b_minor + EXCLUDED.b_minor, matched_minor = k.matched_minor + EXCLUDED.matched_minor,
    fills_minor = k.fills_minor + EXCLUDED.fills_minor;
  RETURN NULL;
END;
$$;

UPDATE exchange_market_book k SET fills_minor = f.total
FROM (SELECT market_id, currency, selection_id, SUM(stake_minor) AS total FROM exchange_fills GROUP BY market_id, currency, selection_id) f
WHERE k.market_id = f.market_id AND k.currency = f.currency AND k.selection_id = f.selection_id;
