-- A launch token lives only as long as the log-in session that made it (logout, password change or reset, staff
-- disable end it) and never past a fixed maximum life (its idle expiry slides, capped at max_expires_at).
-- Launches made before this migration have no session: they are dead (a launch token lives at most hours).
ALTER TABLE casino_launches ADD COLUMN IF NOT EXISTS session_hash text;
ALTER TABLE casino_launches ADD COLUMN IF NOT EXISTS max_expires_at timestamptz;
UPDATE casino_launches SET max_expires_at = LEAST(expires_at, now()) WHERE max_expires_at IS NULL;
ALTER TABLE casino_launches ALTER COLUMN max_expires_at SET NOT NULL;
