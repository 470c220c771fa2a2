-- Issue 27 items 4 and 11: solved proof-of-work challenges are accepted once. A challenge is signed and carries its
-- own expiry, so only the used ones are stored (until they expire); the image captcha's table goes.
CREATE TABLE IF NOT EXISTS pow_challenges_used (
  nonce      text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS pow_challenges_used_expires ON pow_challenges_used (expires_at);
DROP TABLE IF EXISTS captchas;
