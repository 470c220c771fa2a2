-- Back office, content: the marquee and home popups staff edit, uploaded images, and the indexes of the staff lists
-- and of the player's game lists (which honour the catalogue's status and order).

CREATE TABLE marquee_messages (
  id         bigserial PRIMARY KEY,
  text       text NOT NULL,
  status     text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  start_date date,
  end_date   date,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX marquee_messages_order ON marquee_messages (status, sort_order, id);

-- 'notice' pops up once after log-in, 'welcome' after sign-up (spec 4's popup / regPopup flags).
CREATE TABLE home_popups (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('notice', 'welcome')),
  title      text NOT NULL,
  body       text NOT NULL DEFAULT '',
  image      text,
  link       text,
  status     text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  start_date date,
  end_date   date,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX home_popups_order ON home_popups (status, sort_order, id);

-- Images staff uploaded (served from the storage dir at `path`); who and when, for the audit trail.
CREATE TABLE content_images (
  id          bigserial PRIMARY KEY,
  path        text NOT NULL UNIQUE,
  mime        text NOT NULL,
  size_bytes  integer NOT NULL,
  sha256      text NOT NULL,
  operator_id bigint REFERENCES operators(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sliders_order ON sliders (slider_type, sort_order, id);
CREATE INDEX promotions_order ON promotions (status, sort_order, id);
CREATE INDEX social_links_order ON social_links (status, sort_order, id);

-- Staff lists of the catalogue and the player's lists (type + active, featured first, then sort_order).
CREATE INDEX games_list ON games (type, status, is_featured DESC, sort_order, id);
CREATE INDEX games_sort ON games (sort_order, id);
CREATE INDEX games_platform ON games (platform, sort_order, id);
CREATE INDEX games_name_lower ON games (lower(name));
