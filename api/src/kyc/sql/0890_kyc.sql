-- Identity checks (KYC, issue 32): the player's NID front, NID back and selfie, stored outside the database by
-- content hash (kyc/store.ts); here only what points at them and the review's state.

-- One row per player who ever uploaded; no row = status 'none'.
CREATE TABLE player_kyc (
  player_id     bigint PRIMARY KEY REFERENCES players(id),
  status        text NOT NULL DEFAULT 'none' CHECK (status IN ('none', 'pending', 'verified', 'rejected')),
  -- the kinds the player must (re)upload before the review can start again: after a rejection every kind, after
  -- "ask for a new document" the ones staff named; empty while pending or verified
  requested     text[] NOT NULL DEFAULT '{}',
  -- the reason the player sees (rejection, new document asked)
  reason        text,
  submitted_at  timestamptz,
  decided_at    timestamptz,
  decided_by    bigint REFERENCES operators(id),
  -- the NID's birthday typed by the approving operator (it replaced players.dofb and locks it)
  nid_dofb      date,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX player_kyc_status ON player_kyc (status, submitted_at);

CREATE TABLE kyc_documents (
  id            bigserial PRIMARY KEY,
  player_id     bigint NOT NULL REFERENCES players(id),
  kind          text NOT NULL CHECK (kind IN ('nid_front', 'nid_back', 'selfie')),
  -- sha256 (hex) of the stored bytes (after the metadata was stripped): the key in the document store
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes    integer NOT NULL,
  width         integer,
  height        integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- a newer upload of the same kind replaced it
  replaced_at   timestamptz,
  -- the review that looked at it (approve, reject, ask again): the retention period counts from here
  decided_at    timestamptz,
  -- the retention job removed the file (the row stays: what was held and when it went)
  purged_at     timestamptz
);
CREATE INDEX kyc_documents_player ON kyc_documents (player_id, kind, id);
CREATE INDEX kyc_documents_sha ON kyc_documents (sha256);
CREATE INDEX kyc_documents_retention ON kyc_documents (decided_at) WHERE purged_at IS NULL;

-- Payers and payees (issue 32): a withdrawal to a number that is not one of the player's verified numbers waits for
-- a payments operator to confirm it; a deposit from a number new to the player is marked for staff.
ALTER TABLE wallet_transactions
  ADD COLUMN payout_unverified     boolean NOT NULL DEFAULT false,
  ADD COLUMN payout_confirmed_by   bigint REFERENCES operators(id),
  ADD COLUMN payout_confirmed_at   timestamptz,
  ADD COLUMN payer_unverified      boolean NOT NULL DEFAULT false;
