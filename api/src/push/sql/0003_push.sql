-- Single-use tickets that open a push stream, so the bearer token never appears in a URL.
CREATE TABLE push_tickets (
  ticket_hash text PRIMARY KEY,             -- sha256 hex
  player_id   bigint NOT NULL REFERENCES players(id),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX push_tickets_expires ON push_tickets (expires_at);
