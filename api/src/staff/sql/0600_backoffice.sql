-- Back office: operator roles, two-factor sign-in and lock-out, richer sessions, and the audit log.

ALTER TABLE operators ADD COLUMN role text NOT NULL DEFAULT 'payments'
  CHECK (role IN ('support', 'payments', 'content', 'risk', 'admin'));
ALTER TABLE operators ADD COLUMN disabled_at timestamptz;
-- base32 TOTP secret; totp_enabled_at is set once the operator proved a code from it (enrolment done)
ALTER TABLE operators ADD COLUMN totp_secret text;
ALTER TABLE operators ADD COLUMN totp_enabled_at timestamptz;
-- the last TOTP time step accepted, so one code cannot be used twice
ALTER TABLE operators ADD COLUMN totp_last_step bigint;
ALTER TABLE operators ADD COLUMN failed_logins integer NOT NULL DEFAULT 0;
ALTER TABLE operators ADD COLUMN locked_until timestamptz;
ALTER TABLE operators ADD COLUMN last_login_at timestamptz;
ALTER TABLE operators ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE operator_sessions ADD COLUMN ip text;
ALTER TABLE operator_sessions ADD COLUMN user_agent text;

-- Every operator action: who, when, from where, what, and the record before and after. Written in the same
-- transaction as the change; never updated or deleted (the trigger refuses both, for every database user).
CREATE TABLE operator_audit (
  id          bigserial PRIMARY KEY,
  operator_id bigint REFERENCES operators(id),     -- null: the system (e.g. the odds feed) or a failed log-in
  username    text,                                -- kept as typed/known at the time, for failed log-ins too
  ip          text,
  action      text NOT NULL,                       -- 'payment.approve', 'player.status', 'market.settle', ...
  entity_type text,                                -- 'player', 'wallet_transaction', 'market', 'operator', ...
  entity_id   text,
  reason      text,
  before      jsonb,
  after       jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_audit_created ON operator_audit (created_at DESC, id DESC);
CREATE INDEX operator_audit_entity ON operator_audit (entity_type, entity_id, id DESC);
CREATE INDEX operator_audit_operator ON operator_audit (operator_id, id DESC);
CREATE INDEX operator_audit_action ON operator_audit (action, id DESC);

CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END;
$$;
CREATE TRIGGER operator_audit_no_update BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();

-- What staff must look at, shown on the dashboard until someone resolves it (a feed result that disagrees with a
-- staff settlement, ...). Written by the domains, in the transaction of what raised it.
CREATE TABLE staff_alerts (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL,                       -- 'market.feed_disagrees', ...
  message     text NOT NULL,
  ref         text,                                -- what it is about, e.g. 'market:1.234'
  created_at  timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by bigint REFERENCES operators(id)
);
CREATE INDEX staff_alerts_open ON staff_alerts (created_at DESC) WHERE resolved_at IS NULL;
