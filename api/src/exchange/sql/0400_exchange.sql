-- The exchange: markets mirrored from the odds feed, players' bets (orders), their fills, and per-player positions
-- whose exposure is held in the ledger (player:N:exposure). Money only moves through the ledger.
--
-- Concurrency (several API processes on one PostgreSQL): every change of a market's book, positions or settlement
-- happens in a transaction that first locks the market's row (SELECT ... FOR UPDATE). One writer per market at a
-- time, whichever process it runs in; see api/src/exchange/README.md.

CREATE TABLE exchange_markets (
  market_id      text PRIMARY KEY,
  event_id       text NOT NULL,
  event_name     text NOT NULL DEFAULT '',
  sport          text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('MATCH_ODDS', 'BOOKMAKER', 'FANCY')),
  name           text NOT NULL,
  status         text NOT NULL CHECK (status IN ('INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED')),
  inplay         boolean NOT NULL DEFAULT false,
  ball_running   boolean NOT NULL DEFAULT false,
  bet_delay_ms   integer NOT NULL DEFAULT 0,
  runners        jsonb NOT NULL DEFAULT '[]'::jsonb,   -- the feed's runners as last received (FeedRunner[])
  fancy          jsonb,                                -- the feed's Fancy row (FeedFancy)
  result         jsonb,                                -- the feed's result: {"winner": n} | {"runs": n}
  voided         boolean NOT NULL DEFAULT false,
  feed_version   integer NOT NULL DEFAULT 0,           -- the feed's market version last applied (older ones are skipped)
  feed_clk       bigint NOT NULL DEFAULT 0,
  commission_bps integer CHECK (commission_bps BETWEEN 0 AND 10000),  -- null: the kind's default
  -- Settlement: what was last settled ({"winner"}|{"runs"}|{"void":true}; null = not settled) and how often.
  settled_result jsonb,
  settle_round   integer NOT NULL DEFAULT 0,
  settled_at     timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exchange_markets_event ON exchange_markets (event_id);

-- Feed size the players took from the house at one price; it counts until the market's next feed version.
CREATE TABLE exchange_house_taken (
  market_id    text NOT NULL REFERENCES exchange_markets(market_id),
  feed_version integer NOT NULL,
  currency     text NOT NULL,
  selection_id text NOT NULL,
  side         text NOT NULL CHECK (side IN ('BACK', 'LAY')),   -- the house order's side
  price        integer NOT NULL,                                -- hundredths
  taken_minor  bigint NOT NULL CHECK (taken_minor > 0),
  PRIMARY KEY (market_id, feed_version, currency, selection_id, side, price)
);

-- Time priority of resting orders (assigned when an order starts resting).
CREATE SEQUENCE exchange_rest_seq;

CREATE TABLE exchange_bets (
  id              bigserial PRIMARY KEY,
  public_id       text NOT NULL UNIQUE,                 -- shown to the player (transaction id)
  player_id       bigint NOT NULL REFERENCES players(id),
  currency        text NOT NULL,
  market_id       text NOT NULL REFERENCES exchange_markets(market_id),
  kind            text NOT NULL CHECK (kind IN ('MATCH_ODDS', 'BOOKMAKER', 'FANCY')),
  selection_id    text NOT NULL,
  selection_name  text NOT NULL DEFAULT '',
  side            text NOT NULL CHECK (side IN ('BACK', 'LAY', 'YES', 'NO')),
  -- Match Odds: ladder price in hundredths; BookMaker: 100 + rate; Fancy: the rate per 100 of the side taken.
  price           integer NOT NULL CHECK (price > 0),
  line            integer,                               -- Fancy: the line of the side taken
  fancy_type      smallint,                              -- Fancy: tab type 2-6
  stake_minor     bigint NOT NULL CHECK (stake_minor > 0),
  matched_minor   bigint NOT NULL DEFAULT 0 CHECK (matched_minor >= 0),
  matched_value   bigint NOT NULL DEFAULT 0,             -- sum of matched stake * price (hundredths): average price
  remaining_minor bigint NOT NULL DEFAULT 0 CHECK (remaining_minor >= 0),  -- resting, unmatched
  cancelled_minor bigint NOT NULL DEFAULT 0 CHECK (cancelled_minor >= 0),  -- cancelled or lapsed
  persistence     text NOT NULL DEFAULT 'LAPSE' CHECK (persistence IN ('LAPSE', 'PERSIST')),
  fill_or_kill    boolean NOT NULL DEFAULT false,        -- cash-out hedges: what does not match at once is cancelled
  status          text NOT NULL CHECK (status IN ('PENDING', 'UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED', 'LAPSED',
                                                  'CANCELLED', 'WON', 'LOST', 'VOID')),
  reason          text,                                  -- why it lapsed
  rest_seq        bigint,                                -- time priority while resting
  delay_until     timestamptz,                           -- PENDING: when the bet delay ends
  profit_minor    bigint,                                -- settled: this bet's profit (negative: loss) before commission
  placed_at       timestamptz NOT NULL DEFAULT now(),
  matched_at      timestamptz,
  settled_at      timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (matched_minor + remaining_minor + cancelled_minor <= stake_minor)
);
CREATE INDEX exchange_bets_player ON exchange_bets (player_id, id DESC);
CREATE INDEX exchange_bets_player_market ON exchange_bets (market_id, player_id);
CREATE INDEX exchange_bets_resting ON exchange_bets (market_id, currency, selection_id, side, price, rest_seq) WHERE remaining_minor > 0;
CREATE INDEX exchange_bets_pending ON exchange_bets (delay_until) WHERE status = 'PENDING';

-- Each match of a back against a lay at one price. A null bet id is the house (the feed's liquidity, or the
-- house-priced BookMaker and Fancy).
CREATE TABLE exchange_fills (
  id           bigserial PRIMARY KEY,
  market_id    text NOT NULL REFERENCES exchange_markets(market_id),
  currency     text NOT NULL,
  selection_id text NOT NULL,
  price        integer NOT NULL,                         -- hundredths (Fancy: the rate)
  stake_minor  bigint NOT NULL CHECK (stake_minor > 0),  -- backer's stake
  back_bet_id  bigint REFERENCES exchange_bets(id),
  lay_bet_id   bigint REFERENCES exchange_bets(id),
  taker_bet_id bigint REFERENCES exchange_bets(id),            -- null: the house's feed update took a resting order
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (back_bet_id IS NOT NULL OR lay_bet_id IS NOT NULL)
);
CREATE INDEX exchange_fills_back ON exchange_fills (back_bet_id) WHERE back_bet_id IS NOT NULL;
CREATE INDEX exchange_fills_lay ON exchange_fills (lay_bet_id) WHERE lay_bet_id IS NOT NULL;
CREATE INDEX exchange_fills_market ON exchange_fills (market_id, id);
CREATE TRIGGER exchange_fills_append_only BEFORE UPDATE OR DELETE ON exchange_fills
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- A player's position in a market: the exposure held for it in the ledger and the last settlement's figures.
CREATE TABLE exchange_positions (
  player_id        bigint NOT NULL REFERENCES players(id),
  market_id        text NOT NULL REFERENCES exchange_markets(market_id),
  currency         text NOT NULL,
  exposure_minor   bigint NOT NULL DEFAULT 0 CHECK (exposure_minor >= 0),
  hold_version     integer NOT NULL DEFAULT 0,           -- bumped with each hold change (ledger idempotency key)
  gross_minor      bigint,                               -- settled: profit before commission
  commission_minor bigint,
  net_minor        bigint,
  settle_round     integer NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, market_id)
);
CREATE INDEX exchange_positions_market ON exchange_positions (market_id);
CREATE INDEX exchange_positions_held ON exchange_positions (player_id) WHERE exposure_minor > 0;
