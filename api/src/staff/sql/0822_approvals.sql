-- Maker–checker (issue 32): what one operator asked for and another must approve before it happens.
CREATE TABLE staff_approvals (
  id              bigserial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('balance_adjustment', 'withdrawal', 'market_settle', 'market_void')),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  entity_type     text NOT NULL,
  entity_id       text NOT NULL,
  -- what may wait only once at a time: 'withdrawal:17', 'market:1.23', 'adjustment:<idempotency key>'
  lock_key        text NOT NULL,
  payload         jsonb NOT NULL,
  summary         text NOT NULL,
  amount_minor    bigint,
  currency        text,
  reason          text,
  requested_by    bigint NOT NULL REFERENCES operators(id),
  requested_at    timestamptz NOT NULL DEFAULT now(),
  decided_by      bigint REFERENCES operators(id),
  decided_at      timestamptz,
  decision_reason text,
  CHECK (decided_by IS NULL OR decided_by <> requested_by OR status = 'cancelled')
);
CREATE UNIQUE INDEX staff_approvals_one_pending ON staff_approvals (lock_key) WHERE status = 'pending';
CREATE INDEX staff_approvals_queue ON staff_approvals (status, id DESC);
CREATE INDEX staff_approvals_maker ON staff_approvals (requested_by, id DESC);
