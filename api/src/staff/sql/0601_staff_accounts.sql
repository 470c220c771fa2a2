-- Back office, staff accounts: audit log search by operator name (failed log-ins have no operator id, only the
-- name typed) and by action prefix ('payment.', 'staff.login').
CREATE INDEX operator_audit_username ON operator_audit (lower(username), id DESC);
CREATE INDEX operator_audit_action_prefix ON operator_audit (action text_pattern_ops, id DESC);
