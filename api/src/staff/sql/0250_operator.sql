-- Operator (back-office) sessions: separate from player sessions, so a player token never
-- authorises an operator call. Only the sha256 of the token is stored.
CREATE TABLE operator_sessions (
  token_hash  text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
