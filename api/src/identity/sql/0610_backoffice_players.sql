-- Back office, players (issue 13): search indexes that keep the players table fast at 100,000 rows, the
-- append-only staff notes on a player. (Statuses: active, suspended, disabled; the API checks what staff set,
-- older rows may hold another non-active value, which counts as suspended.)

-- Prefix search (LIKE 'abc%') by user name, phone and e-mail, whatever the database's collation.
CREATE INDEX players_username_prefix ON players (lower(username) text_pattern_ops);
CREATE INDEX players_phone_prefix ON players (phone text_pattern_ops);
CREATE INDEX players_email_prefix ON players (lower(email) text_pattern_ops);
-- Sorted pages of the players table and its filters.
CREATE INDEX players_created ON players (created_at, id);
CREATE INDEX players_status ON players (status, id);
CREATE INDEX players_currency ON players (currency, id);
-- Sorting the table by balance: the players' main accounts by balance.
CREATE INDEX ledger_accounts_player_main_balance ON ledger_accounts (balance_minor, player_id)
  WHERE player_id IS NOT NULL AND code LIKE 'player:%:main';

-- Staff notes on a player: append-only (a correction is a new note).
CREATE TABLE player_notes (
  id          bigserial PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players(id),
  operator_id bigint REFERENCES operators(id),
  username    text,                         -- the operator's user name at the time
  text        text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX player_notes_player ON player_notes (player_id, id DESC);

CREATE FUNCTION player_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player_notes is append-only';
END;
$$;
CREATE TRIGGER player_notes_append_only BEFORE UPDATE OR DELETE ON player_notes
  FOR EACH ROW EXECUTE FUNCTION player_notes_append_only();
