-- Issue 10, items 5 and 6.

-- An attempt reserves its rate-limit event before the check it guards; a successful log-in takes its
-- reservation back by id.
ALTER TABLE rate_limit_events ADD COLUMN id bigserial PRIMARY KEY;

-- A phone is verified on one account only (no referral or bonus farming with one SIM). Accounts that
-- already share a verified phone keep it on the oldest account; the others must verify another phone.
UPDATE players SET phone_verified = false
WHERE phone_verified AND phone IS NOT NULL
  AND id NOT IN (SELECT min(id) FROM players WHERE phone_verified AND phone IS NOT NULL GROUP BY phone);
CREATE UNIQUE INDEX players_verified_phone ON players (phone) WHERE phone_verified AND phone IS NOT NULL;

-- The same for extra phones (across accounts; the main-phone table is checked by the service).
UPDATE player_phones SET verified_at = NULL
WHERE verified_at IS NOT NULL
  AND id NOT IN (SELECT min(id) FROM player_phones WHERE verified_at IS NOT NULL GROUP BY phone);
CREATE UNIQUE INDEX player_phones_verified_phone ON player_phones (phone) WHERE verified_at IS NOT NULL;
