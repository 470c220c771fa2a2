-- Core tables: players and sessions (auth needs them), payments staff, site content, game catalogue.

CREATE TABLE players (
  id                bigserial PRIMARY KEY,
  username          text NOT NULL,
  password_hash     text NOT NULL,
  name              text,
  phone             text,
  email             text,
  currency          text NOT NULL DEFAULT 'BDT' CHECK (currency IN ('BDT', 'INR', 'PKR')),
  vip_coin          integer NOT NULL DEFAULT 0 CHECK (vip_coin >= 0),
  cash_bonus_minor  bigint NOT NULL DEFAULT 0 CHECK (cash_bonus_minor >= 0),
  dofb              date,
  phone_verified    boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  referral_code     text NOT NULL UNIQUE,
  referred_by       bigint REFERENCES players(id),
  agent_code        text,
  affiliate_code    text,
  status            text NOT NULL DEFAULT 'active',
  exchange_market   integer NOT NULL DEFAULT 1,
  cs_market         integer NOT NULL DEFAULT 1,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
-- Case-insensitive uniqueness without the citext extension (same SQL on PGlite and PostgreSQL).
CREATE UNIQUE INDEX players_username_lower ON players (lower(username));
CREATE INDEX players_phone ON players (phone);

CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,            -- sha256 hex of the bearer token; the token itself is never stored
  player_id   bigint NOT NULL REFERENCES players(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_player ON sessions (player_id);

CREATE TABLE operators (
  id            bigserial PRIMARY KEY,
  username      text NOT NULL,
  password_hash text NOT NULL,
  name          text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_username_lower ON operators (lower(username));

-- Desktop registration captcha; single use, short-lived.
CREATE TABLE captchas (
  id         text PRIMARY KEY,
  answer     text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Content -------------------------------------------------------------------

CREATE TABLE general_settings (
  id                integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  site_title        text NOT NULL,
  site_status       integer NOT NULL DEFAULT 1,
  system_notice     text,
  support_mail      text,
  withdrawal_status integer NOT NULL DEFAULT 1,
  whatsapp          text,
  facebook          text,
  telegram          text,
  live_chat         text,
  intercom          text,
  tawk_id           text,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE logos (
  id          bigserial PRIMARY KEY,
  logo        text NOT NULL,
  mobile_logo text NOT NULL,
  loader_logo text,
  favicon     text,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sliders (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  thumbnail   text NOT NULL,
  link        text,
  message_id  text,
  status      text NOT NULL DEFAULT 'active',
  slider_type text NOT NULL CHECK (slider_type IN ('Main', 'Favourite', 'Features')),
  sort_order  integer NOT NULL DEFAULT 0
);

CREATE TABLE social_links (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  icon       text,
  link       text NOT NULL,
  status     text NOT NULL DEFAULT 'active',
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE promotions (
  id                    bigserial PRIMARY KEY,
  name                  text NOT NULL,
  description           text NOT NULL DEFAULT '',
  thumbnail             text,
  start_date            date,
  end_date              date,
  deposit_bonus_percent integer NOT NULL DEFAULT 0 CHECK (deposit_bonus_percent >= 0),
  max_bonus_minor       bigint,             -- cap of the deposit bonus, null = no cap
  turnover              integer NOT NULL DEFAULT 1 CHECK (turnover >= 0),  -- wagering multiplier
  categories            integer NOT NULL DEFAULT 0,  -- bit flags of spec section 2 (99 = welcome offer)
  status                text NOT NULL DEFAULT 'display' CHECK (status IN ('active', 'display')),
  sort_order            integer NOT NULL DEFAULT 0,
  created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_methods (
  id              bigserial PRIMARY KEY,
  code            text NOT NULL UNIQUE,     -- 'bkash', 'nagad', 'rocket', 'ewallet'
  name            text NOT NULL,
  icon            text,
  status          text NOT NULL DEFAULT 'active',
  account_type    text NOT NULL CHECK (account_type IN ('Agent', 'Merchant', 'Personal', 'ewallet')),
  pgs             jsonb,                    -- e-wallet gateways: [{ "name", "code", "icon" }]
  allows_deposit  boolean NOT NULL DEFAULT true,
  allows_withdraw boolean NOT NULL DEFAULT true,
  sort_order      integer NOT NULL DEFAULT 0
);

-- Deposit targets shown to players (wallet numbers of agents/merchants).
CREATE TABLE payment_method_numbers (
  id                bigserial PRIMARY KEY,
  payment_method_id bigint NOT NULL REFERENCES payment_methods(id),
  account_number    text NOT NULL,
  status            text NOT NULL DEFAULT 'active',
  sort_order        integer NOT NULL DEFAULT 0
);

-- Game catalogue ----------------------------------------------------------------

CREATE TABLE game_types (
  code       text PRIMARY KEY,             -- LIVE, SLOT, TABLE, BINGO, EGAME, FH, LOTTO, SPORTS
  name       text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE game_systems (
  id         bigserial PRIMARY KEY,
  platform   text NOT NULL UNIQUE,         -- e.g. 'JILI', 'SANDBOX'
  name       text NOT NULL,
  icon       text,
  status     text NOT NULL DEFAULT 'active',
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE game_providers (
  id              bigserial PRIMARY KEY,
  system_platform text NOT NULL REFERENCES game_systems(platform),
  platform        text NOT NULL,
  name            text NOT NULL,
  icon            text,
  status          text NOT NULL DEFAULT 'active',
  sort_order      integer NOT NULL DEFAULT 0,
  UNIQUE (system_platform, platform)
);

CREATE TABLE games (
  id          bigserial PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  name        text NOT NULL,
  type        text NOT NULL REFERENCES game_types(code),
  platform    text NOT NULL REFERENCES game_systems(platform),
  provider    text,
  thumbnail   text,
  status      text NOT NULL DEFAULT 'active',
  is_featured boolean NOT NULL DEFAULT false,
  sort_order  integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_type_platform ON games (type, platform);
