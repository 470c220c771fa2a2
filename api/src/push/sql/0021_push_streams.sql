-- A push stream belongs to the session whose token asked for its ticket: it ends when that session ends,
-- and a session has at most a few open streams (push/streams.ts).
ALTER TABLE push_tickets ADD COLUMN session_hash text REFERENCES sessions(token_hash);

CREATE TABLE push_streams (
  id           bigserial PRIMARY KEY,
  player_id    bigint NOT NULL REFERENCES players(id),
  session_hash text NOT NULL REFERENCES sessions(token_hash),
  opened_at    timestamptz NOT NULL DEFAULT now(),
  seen_at      timestamptz NOT NULL DEFAULT now(),  -- refreshed by the heartbeat: a crashed process's rows go stale
  closed_at    timestamptz
);
CREATE INDEX push_streams_open ON push_streams (session_hash) WHERE closed_at IS NULL;
