-- The markets list's book, kept as fills are written (fills are append-only, so the sums only add): per market,
-- currency and runner, a = Σ sign × profit and b = Σ sign × stake over the players' sides of the fills (sign +1 for a
-- back, −1 for a lay; the house's side counts nothing; profit = stake × (price − 1) rounded down, as the engine does),
-- and matched = the players' matched stake. The players' P&L if runner r wins is a_r + b_r − Σ b (staff/service.ts).
-- Fancy has no fills: its figures come from its bets.
CREATE TABLE exchange_market_book (
  market_id     text NOT NULL REFERENCES exchange_markets(market_id),
  currency      text NOT NULL,
  selection_id  text NOT NULL,
  a_minor       bigint NOT NULL DEFAULT 0,
  b_minor       bigint NOT NULL DEFAULT 0,
  matched_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (market_id, currency, selection_id)
);

CREATE FUNCTION exchange_market_book_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s integer := (NEW.back_bet_id IS NOT NULL)::int - (NEW.lay_bet_id IS NOT NULL)::int;
  n integer := (NEW.back_bet_id IS NOT NULL)::int + (NEW.lay_bet_id IS NOT NULL)::int;
BEGIN
  INSERT INTO exchange_market_book AS k (market_id, currency, selection_id, a_minor, b_minor, matched_minor)
  VALUES (NEW.market_id, NEW.currency, NEW.selection_id, s * ((NEW.stake_minor * (NEW.price - 100)) / 100), s * NEW.stake_minor,
          n * NEW.stake_minor)
  ON CONFLICT (market_id, currency, selection_id) DO UPDATE SET a_minor = k.a_minor + EXCLUDED.a_minor,
    b_minor = k.b_minor + EXCLUDED.b_minor, matched_minor = k.matched_minor + EXCLUDED.matched_minor;
  RETURN NULL;
END;
$$;

CREATE TRIGGER exchange_fills_market_book AFTER INSERT ON exchange_fills
  FOR EACH ROW EXECUTE FUNCTION exchange_market_book_add();

INSERT INTO exchange_market_book (market_id, currency, selection_id, a_minor, b_minor, matched_minor)
SELECT market_id, currency, selection_id,
       SUM(((back_bet_id IS NOT NULL)::int - (lay_bet_id IS NOT NULL)::int) * ((stake_minor * (price - 100)) / 100)),
       SUM(((back_bet_id IS NOT NULL)::int - (lay_bet_id IS NOT NULL)::int) * stake_minor),
       SUM(((back_bet_id IS NOT NULL)::int + (lay_bet_id IS NOT NULL)::int) * stake_minor)
FROM exchange_fills GROUP BY market_id, currency, selection_id;

-- Fancy bets of a market in one currency (the list's Fancy figures).
CREATE INDEX exchange_bets_market_currency ON exchange_bets (market_id, currency) WHERE kind = 'FANCY' AND matched_minor > 0;
