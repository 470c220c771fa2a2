-- Scoped tokens: the exchange token of POST /api/player-login works only on the exchange's calls and
-- ends with the session it was made from (parent_hash).
ALTER TABLE sessions ADD COLUMN scope text NOT NULL DEFAULT 'player' CHECK (scope IN ('player', 'exchange'));
ALTER TABLE sessions ADD COLUMN parent_hash text REFERENCES sessions(token_hash);
CREATE INDEX sessions_parent ON sessions (parent_hash) WHERE parent_hash IS NOT NULL;
