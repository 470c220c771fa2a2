-- Support chat: one conversation per player with the support desk.
-- The legacy client's fixed ids (support user 7, sender 6) are not stored: the player comes from the
-- token and the other side is the support desk, optionally assigned to an operator account.
CREATE TABLE chats (
  id                  bigserial PRIMARY KEY,
  player_id           bigint NOT NULL UNIQUE REFERENCES players(id),
  support_operator_id bigint REFERENCES operators(id),
  locale              text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'bn')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_messages (
  id          bigserial PRIMARY KEY,
  chat_id     bigint NOT NULL REFERENCES chats(id),
  sender_kind text NOT NULL CHECK (sender_kind IN ('player', 'support')),
  -- players.id for the player; operators.id (or 0 for the automatic desk) for support
  sender_id   bigint NOT NULL,
  content     text NOT NULL CHECK (length(btrim(content)) > 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_chat ON chat_messages (chat_id, id);
