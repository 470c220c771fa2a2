-- The back office's staff stream (GET /api/operator/stream): single-use tickets, so the operator's token never
-- appears in a URL. A ticket belongs to the operator session that asked for it; the stream ends with that session.
CREATE TABLE operator_stream_tickets (
  ticket_hash  text PRIMARY KEY,             -- sha256 hex
  operator_id  bigint NOT NULL REFERENCES operators(id),
  session_hash text NOT NULL REFERENCES operator_sessions(token_hash),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX operator_stream_tickets_expires ON operator_stream_tickets (expires_at);
