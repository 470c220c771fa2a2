-- Self-exclusion holds across accounts (issue 27 item 8). Accounts of the same person are linked, each link with its
-- reason: the same verified phone, the same name and birthday, the same payer number (the wallet number a deposit was
-- paid from), the same first-party device id (a random id the site keeps in the browser and sends as X-Khela-Device).
-- Links are found by triggers, whatever path wrote the fact (sign-up, profile, verification, deposit confirmation,
-- gateway callback, a request with a device id), and stored in both directions. While a linked account's
-- self-exclusion runs, the protection service refuses this account's deposits and stakes (service.ts gates); staff
-- are alerted (staff_alerts) when a link to an excluded account is found, when an account with links starts a
-- self-exclusion, and (the API, after the refused request) when a linked account tries to deposit or stake.

CREATE TABLE player_links (
  player_id  bigint NOT NULL REFERENCES players(id),
  linked_id  bigint NOT NULL REFERENCES players(id),
  reason     text NOT NULL CHECK (reason IN ('phone', 'name_birthday', 'payer_number', 'device')),
  -- what they share, as staff read it (a phone or payer number, a name and birthday, a device id's first characters)
  detail     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, linked_id, reason),
  CHECK (player_id <> linked_id)
);
CREATE INDEX player_links_linked ON player_links (linked_id);

-- The first-party device ids a player's requests carried (first and last seen).
CREATE TABLE player_devices (
  player_id  bigint NOT NULL REFERENCES players(id),
  device_id  text NOT NULL CHECK (length(device_id) BETWEEN 16 AND 64),
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, device_id)
);
CREATE INDEX player_devices_device ON player_devices (device_id);

CREATE INDEX players_name_birthday ON players (lower(regexp_replace(btrim(name), '\s+', ' ', 'g')), dofb)
  WHERE dofb IS NOT NULL AND name IS NOT NULL;
CREATE INDEX wallet_transactions_payer_number ON wallet_transactions (payer_number) WHERE payer_number IS NOT NULL;
CREATE INDEX player_phones_phone ON player_phones (phone) WHERE verified_at IS NOT NULL;

-- One staff alert per account while it is open (the dashboard lists it until someone resolves it).
CREATE FUNCTION player_links_alert(p bigint, message text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM staff_alerts WHERE kind = 'protection.linked_exclusion' AND ref = 'player:' || p AND resolved_at IS NULL) THEN
    INSERT INTO staff_alerts (kind, message, ref) VALUES ('protection.linked_exclusion', message, 'player:' || p);
  END IF;
END;
$$;

CREATE FUNCTION player_self_excluded(p bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM player_exclusions WHERE player_id = p AND kind = 'self_exclusion'
                 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now()))
$$;

-- Links a and b (both directions) for `why`; a new link to a self-excluded account alerts staff about the other one.
CREATE FUNCTION player_links_add(a bigint, b bigint, why text, what text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF a IS NULL OR b IS NULL OR a = b THEN RETURN; END IF;
  INSERT INTO player_links (player_id, linked_id, reason, detail) VALUES (a, b, why, what), (b, a, why, what)
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added = 0 THEN RETURN; END IF;
  IF player_self_excluded(b) THEN
    PERFORM player_links_alert(a, format('Account %s is linked (%s: %s) to account %s, which is self-excluded: its deposits and stakes are refused.',
      (SELECT username FROM players WHERE id = a), why, what, (SELECT username FROM players WHERE id = b)));
  END IF;
  IF player_self_excluded(a) THEN
    PERFORM player_links_alert(b, format('Account %s is linked (%s: %s) to account %s, which is self-excluded: its deposits and stakes are refused.',
      (SELECT username FROM players WHERE id = b), why, what, (SELECT username FROM players WHERE id = a)));
  END IF;
END;
$$;

-- The player's phone (a verified one on either side), name and birthday.
CREATE FUNCTION players_find_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  other bigint;
  norm text;
BEGIN
  IF NEW.phone IS NOT NULL AND NEW.phone <> '' AND (TG_OP = 'INSERT' OR NEW.phone IS DISTINCT FROM OLD.phone
      OR NEW.phone_verified IS DISTINCT FROM OLD.phone_verified) THEN
    FOR other IN
      SELECT id FROM players WHERE phone = NEW.phone AND id <> NEW.id AND (phone_verified OR NEW.phone_verified)
      UNION SELECT player_id FROM player_phones WHERE phone = NEW.phone AND player_id <> NEW.id AND verified_at IS NOT NULL
    LOOP
      PERFORM player_links_add(NEW.id, other, 'phone', NEW.phone);
    END LOOP;
  END IF;
  IF NEW.dofb IS NOT NULL AND NEW.name IS NOT NULL AND btrim(NEW.name) <> '' AND (TG_OP = 'INSERT'
      OR NEW.name IS DISTINCT FROM OLD.name OR NEW.dofb IS DISTINCT FROM OLD.dofb) THEN
    norm := lower(regexp_replace(btrim(NEW.name), '\s+', ' ', 'g'));
    FOR other IN
      SELECT id FROM players WHERE lower(regexp_replace(btrim(name), '\s+', ' ', 'g')) = norm AND dofb = NEW.dofb
        AND dofb IS NOT NULL AND name IS NOT NULL AND id <> NEW.id
    LOOP
      PERFORM player_links_add(NEW.id, other, 'name_birthday', norm || ', ' || to_char(NEW.dofb, 'YYYY-MM-DD'));
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER players_find_links AFTER INSERT OR UPDATE OF phone, phone_verified, name, dofb ON players
  FOR EACH ROW EXECUTE FUNCTION players_find_links();

-- A verified extra phone.
CREATE FUNCTION player_phones_find_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  other bigint;
BEGIN
  IF NEW.verified_at IS NULL THEN RETURN NULL; END IF;
  FOR other IN
    SELECT id FROM players WHERE phone = NEW.phone AND id <> NEW.player_id
    UNION SELECT player_id FROM player_phones WHERE phone = NEW.phone AND player_id <> NEW.player_id
  LOOP
    PERFORM player_links_add(NEW.player_id, other, 'phone', NEW.phone);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_phones_find_links AFTER INSERT OR UPDATE OF verified_at ON player_phones
  FOR EACH ROW EXECUTE FUNCTION player_phones_find_links();

-- The wallet number a deposit (or withdrawal) was paid from.
CREATE FUNCTION wallet_payer_find_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  other bigint;
BEGIN
  IF NEW.payer_number IS NULL OR NEW.payer_number = '' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND NEW.payer_number IS NOT DISTINCT FROM OLD.payer_number THEN RETURN NULL; END IF;
  FOR other IN
    SELECT DISTINCT player_id FROM wallet_transactions WHERE payer_number = NEW.payer_number AND player_id <> NEW.player_id
  LOOP
    PERFORM player_links_add(NEW.player_id, other, 'payer_number', NEW.payer_number);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER wallet_payer_find_links AFTER INSERT OR UPDATE OF payer_number ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION wallet_payer_find_links();

-- A device id first seen for this player.
CREATE FUNCTION player_devices_find_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  other bigint;
BEGIN
  FOR other IN SELECT player_id FROM player_devices WHERE device_id = NEW.device_id AND player_id <> NEW.player_id LOOP
    PERFORM player_links_add(NEW.player_id, other, 'device', left(NEW.device_id, 8) || '…');
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_devices_find_links AFTER INSERT ON player_devices
  FOR EACH ROW EXECUTE FUNCTION player_devices_find_links();

-- A self-exclusion starting on an account with links: staff hear of every linked account (now closed too).
CREATE FUNCTION player_exclusions_alert_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l record;
BEGIN
  IF NEW.kind <> 'self_exclusion' THEN RETURN NULL; END IF;
  FOR l IN SELECT linked_id, reason, detail FROM player_links WHERE player_id = NEW.player_id LOOP
    PERFORM player_links_alert(l.linked_id, format('Account %s is linked (%s: %s) to account %s, which has just self-excluded: its deposits and stakes are refused.',
      (SELECT username FROM players WHERE id = l.linked_id), l.reason, l.detail, (SELECT username FROM players WHERE id = NEW.player_id)));
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_exclusions_alert_links AFTER INSERT ON player_exclusions
  FOR EACH ROW EXECUTE FUNCTION player_exclusions_alert_links();

-- Inbox messages that advertise (a bonus, the referral programme): not sent to, and not shown to, an excluded player.
ALTER TABLE inbox_messages ADD COLUMN marketing boolean NOT NULL DEFAULT false;
