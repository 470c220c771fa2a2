-- The bet-outcome notifications (the exchange header's bell): what happened to a player's bet, kept on the server so
-- the list survives a reload and follows the player to another device, with read/unread. Written by a trigger on
-- exchange_bets, so every path that changes a bet (placing, the delay's end, another player's match, cancel, the
-- turn in-play, the close, settlement and re-settlement, the void's marker) says it once, in the same transaction.
-- Each row keeps what the bet was at that moment (matched part and its value, profit, reason); the bet's fixed fields come from it.

CREATE TABLE exchange_notices (
  id            bigserial PRIMARY KEY,
  -- the bet's own player (exchange_bets holds that reference): no foreign key here, whose check would take a share lock
  -- on the player's row from inside another player's matching transaction (lock order player -> market -> ledger)
  player_id     bigint NOT NULL,
  bet_id        bigint NOT NULL REFERENCES exchange_bets(id),
  kind          text NOT NULL CHECK (kind IN ('matched', 'partial', 'unmatched', 'lapsed', 'cancelled', 'won', 'lost', 'void')),
  matched_minor bigint NOT NULL,
  matched_value bigint NOT NULL,
  profit_minor  bigint,
  reason        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  read_at       timestamptz,
  -- the writing transaction: a bet changed twice in one (placed, then matched at once) says only its last word
  tx            bigint NOT NULL DEFAULT txid_current()
);
CREATE INDEX exchange_notices_player ON exchange_notices (player_id, id DESC);
CREATE INDEX exchange_notices_bet ON exchange_notices (bet_id, tx);
CREATE INDEX exchange_notices_unread ON exchange_notices (player_id) WHERE read_at IS NULL;

-- What a change of a bet says (the same reading as the slip's message box had): nothing while in its delay; matched or
-- partly matched when more of it matched; unmatched when it came to rest; cancelled when its unmatched part was
-- cancelled (by the player, the turn in-play or the close); lapsed; won, lost or void when settled (a re-settlement
-- or the void's marker says the new outcome).
CREATE FUNCTION exchange_bet_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shown text := CASE WHEN NEW.voided THEN 'VOID' ELSE NEW.status END;
  was   text := CASE WHEN TG_OP = 'UPDATE' THEN CASE WHEN OLD.voided THEN 'VOID' ELSE OLD.status END END;
  more  boolean := TG_OP = 'INSERT' OR NEW.matched_minor <> OLD.matched_minor;
  k     text;
BEGIN
  IF shown = 'PENDING' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND shown = was AND NOT more THEN
    -- the unmatched rest of a matched bet cancelled (its status stays MATCHED)
    IF NEW.remaining_minor = 0 AND OLD.remaining_minor > 0 AND NEW.cancelled_minor > OLD.cancelled_minor THEN k := 'cancelled'; END IF;
  ELSE
    k := CASE shown
      WHEN 'MATCHED' THEN CASE WHEN more THEN 'matched' WHEN NEW.cancelled_minor > OLD.cancelled_minor THEN 'cancelled' END
      WHEN 'PARTIALLY_MATCHED' THEN CASE WHEN more THEN 'partial' END
      WHEN 'UNMATCHED' THEN CASE WHEN TG_OP = 'INSERT' OR was = 'PENDING' THEN 'unmatched' END
      WHEN 'LAPSED' THEN 'lapsed'
      WHEN 'CANCELLED' THEN 'cancelled'
      WHEN 'WON' THEN 'won'
      WHEN 'LOST' THEN 'lost'
      WHEN 'VOID' THEN 'void'
    END;
  END IF;
  IF k IS NOT NULL THEN
    UPDATE exchange_notices SET kind = k, matched_minor = NEW.matched_minor, matched_value = NEW.matched_value,
        profit_minor = NEW.profit_minor, reason = NEW.reason
      WHERE bet_id = NEW.id AND tx = txid_current();
    IF NOT FOUND THEN
      INSERT INTO exchange_notices (player_id, bet_id, kind, matched_minor, matched_value, profit_minor, reason)
      VALUES (NEW.player_id, NEW.id, k, NEW.matched_minor, NEW.matched_value, NEW.profit_minor, NEW.reason);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER exchange_bets_notice AFTER INSERT OR UPDATE OF status, matched_minor, remaining_minor, voided, profit_minor
  ON exchange_bets FOR EACH ROW EXECUTE FUNCTION exchange_bet_notice();
