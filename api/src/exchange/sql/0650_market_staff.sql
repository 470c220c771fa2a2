-- Back office, exchange markets: staff decisions over the feed's, the start time for the markets list, the market's
-- state history and the void markers. `status` stays the effective status every check reads (bets, views, pushes);
-- `feed_status` is what the feed says. A staff suspension holds the market SUSPENDED whatever the feed says until staff
-- resume it; a staff result holds it CLOSED and is final until staff change it (see exchange/settlement.ts).

ALTER TABLE exchange_markets
  ADD COLUMN feed_status         text CHECK (feed_status IN ('INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED')),
  ADD COLUMN start_time          timestamptz,            -- the event's start (feed image: openDate)
  ADD COLUMN staff_suspended     boolean NOT NULL DEFAULT false,
  ADD COLUMN staff_suspended_by  bigint REFERENCES operators(id),
  ADD COLUMN staff_suspended_at  timestamptz,
  ADD COLUMN staff_result        jsonb,                  -- staff's settlement ({"winner"}|{"runs"}|{"void":true}); null: the feed decides
  ADD COLUMN staff_settled_by    bigint REFERENCES operators(id),
  ADD COLUMN staff_settled_at    timestamptz,
  ADD COLUMN staff_reason        text,                   -- the reason of the last staff action
  ADD COLUMN feed_alerted_result jsonb,                  -- the disagreeing feed result last raised as a staff alert (one alert per result)
  ADD COLUMN void_reason         text;                   -- set while the market is settled void

UPDATE exchange_markets SET feed_status = status;

CREATE INDEX exchange_markets_start ON exchange_markets (start_time DESC, market_id);
CREATE INDEX exchange_markets_status ON exchange_markets (status, start_time DESC);

-- Per bet: the bet was returned by a void of its market (matched bets are VOID; the unmatched ones were cancelled by it).
ALTER TABLE exchange_bets ADD COLUMN voided boolean NOT NULL DEFAULT false;

-- Open (unsettled) bets of a market, for the markets list's "has open bets" filter and the market's bets.
CREATE INDEX exchange_bets_market_id ON exchange_bets (market_id, id DESC);

-- What happened to a market: the feed's status, in-play, result and void changes, settlements, staff actions.
CREATE TABLE exchange_market_history (
  id          bigserial PRIMARY KEY,
  market_id   text NOT NULL REFERENCES exchange_markets(market_id),
  source      text NOT NULL CHECK (source IN ('feed', 'staff')),
  action      text NOT NULL,          -- 'status', 'settle', 'resettle', 'void', 'suspend', 'resume', 'feed_disagrees', ...
  status      text,
  inplay      boolean,
  result      jsonb,
  operator_id bigint REFERENCES operators(id),
  reason      text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exchange_market_history_market ON exchange_market_history (market_id, id DESC);
