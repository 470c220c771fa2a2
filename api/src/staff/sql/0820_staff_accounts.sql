-- Staff accounts (issue 32): a password an admin set must be changed at the first log-in; TOTP is enrolled only
-- through a one-time link an admin issued; failed log-ins throttle the (username, address) pair in rate_limit_events
-- (operators.failed_logins and locked_until are no longer written: nothing locks an account for everyone).
ALTER TABLE operators ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
ALTER TABLE operators ADD COLUMN password_changed_at timestamptz;

-- One-time TOTP enrolment links: only the sha256 of the token is kept; one live link per operator (a new one ends
-- the older), spent by the enrolment that turned TOTP on.
CREATE TABLE operator_totp_links (
  token_hash  text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  issued_by   bigint REFERENCES operators(id),        -- null: the operator:totp-link command on the server
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX operator_totp_links_operator ON operator_totp_links (operator_id, created_at DESC);
