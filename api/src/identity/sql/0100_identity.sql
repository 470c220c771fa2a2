-- Identity: verification codes, extra phones, inbox, rate-limit events, VIP conversions, cash claims, referral rewards.

-- One-time codes (phone/e-mail verification, extra phones, password reset). Only an HMAC of the code is stored.
CREATE TABLE verification_codes (
  id           bigserial PRIMARY KEY,
  player_id    bigint NOT NULL REFERENCES players(id),
  purpose      text NOT NULL CHECK (purpose IN ('phone', 'email', 'extra_phone', 'reset')),
  channel      text NOT NULL CHECK (channel IN ('sms', 'email')),
  destination  text NOT NULL,
  code_hash    text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_player_purpose ON verification_codes (player_id, purpose, id DESC);

-- Up to two extra phones per player (spec 3: contract_value, isverify).
CREATE TABLE player_phones (
  id          bigserial PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players(id),
  phone       text NOT NULL,
  verified_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, phone)
);

CREATE TABLE inbox_messages (
  id         bigserial PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players(id),
  title      text NOT NULL,
  message    text NOT NULL,
  is_read    boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inbox_messages_player ON inbox_messages (player_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- Sliding-window rate limits (login failures, OTP sends) shared by every API process.
CREATE TABLE rate_limit_events (
  bucket     text NOT NULL,
  key        text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_events_lookup ON rate_limit_events (bucket, key, created_at);

CREATE TABLE vip_conversions (
  id          bigserial PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players(id),
  points      integer NOT NULL CHECK (points > 0),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  client_key  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, client_key)
);

CREATE TABLE cash_claims (
  id           bigserial PRIMARY KEY,
  player_id    bigint NOT NULL REFERENCES players(id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  client_key   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, client_key)
);

-- One reward per referred player, credited to the referrer's cash bonus when the friend verifies the phone.
CREATE TABLE referral_rewards (
  id           bigserial PRIMARY KEY,
  referrer_id  bigint NOT NULL REFERENCES players(id),
  referred_id  bigint NOT NULL UNIQUE REFERENCES players(id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
