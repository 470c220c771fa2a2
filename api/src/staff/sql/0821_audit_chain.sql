-- Audit the application cannot rewrite (issue 32).
-- 1. The audit rows are sealed in a hash chain by a job after they commit (operator/audit-chain.ts), in id order:
--    one seal per row, each hash covering the previous seal's hash and the row; the seals are append-only too.
-- 2. TRUNCATE (which no row trigger sees) is refused on the audit, its seals and the exclusions, for every role.
-- 3. On PostgreSQL, `pnpm --filter api db:protect-audit` (operator/protect-cli.ts, run by the database's admin) gives
--    these tables to a separate owner role and leaves the API's role SELECT and INSERT only (README.md beside).
CREATE TABLE operator_audit_seals (
  seq        bigserial PRIMARY KEY,
  audit_id   bigint NOT NULL UNIQUE REFERENCES operator_audit(id),
  prev_hash  text NOT NULL,
  hash       text NOT NULL,
  sealed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION khela_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END;
$$;
CREATE TRIGGER operator_audit_seals_no_update BEFORE UPDATE OR DELETE ON operator_audit_seals
  FOR EACH ROW EXECUTE FUNCTION khela_refuse_rewrite();
CREATE TRIGGER operator_audit_seals_no_truncate BEFORE TRUNCATE ON operator_audit_seals
  FOR EACH STATEMENT EXECUTE FUNCTION khela_refuse_rewrite();
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION khela_refuse_rewrite();
CREATE TRIGGER player_exclusions_no_truncate BEFORE TRUNCATE ON player_exclusions
  FOR EACH STATEMENT EXECUTE FUNCTION khela_refuse_rewrite();
