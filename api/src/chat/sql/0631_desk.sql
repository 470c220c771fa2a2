-- The support desk (back office): the queue's order and read state kept on the chat, canned replies.
--   last_message_*: the chat's newest message (the queue sorts on it without reading chat_messages)
--   awaiting: the player wrote last (waiting for an answer; listed first)
--   last_player_message_id: the player's newest message (unread for the desk while above the desk's read mark)
--   staff_read_message_id: the desk's read mark (the last message an operator has seen)
--   player_read_message_id: the player's read mark (the last message the player has seen)
ALTER TABLE chats ADD COLUMN last_message_id bigint;
ALTER TABLE chats ADD COLUMN last_message_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE chats ADD COLUMN last_message text;
ALTER TABLE chats ADD COLUMN awaiting boolean NOT NULL DEFAULT false;
ALTER TABLE chats ADD COLUMN staff_read_message_id bigint;
ALTER TABLE chats ADD COLUMN staff_read_by bigint REFERENCES operators(id);
ALTER TABLE chats ADD COLUMN player_read_message_id bigint;
ALTER TABLE chats ADD COLUMN last_player_message_id bigint;

UPDATE chats c SET last_message_id = m.id, last_message_at = m.created_at, last_message = left(m.content, 200),
                   awaiting = (m.sender_kind = 'player')
FROM (SELECT DISTINCT ON (chat_id) chat_id, id, created_at, content, sender_kind FROM chat_messages ORDER BY chat_id, id DESC) m
WHERE m.chat_id = c.id;
UPDATE chats c SET last_player_message_id = (SELECT max(id) FROM chat_messages m WHERE m.chat_id = c.id AND m.sender_kind = 'player');

-- Chats were assigned to the first operator account automatically, before there was a desk: that was no one's
-- decision, so every chat starts unassigned (operators take them in the console).
UPDATE chats SET support_operator_id = NULL;

CREATE INDEX chats_queue ON chats (awaiting DESC, last_message_at DESC, id DESC);
CREATE INDEX chats_queue_time ON chats (last_message_at DESC, id DESC);
CREATE INDEX chats_assigned ON chats (support_operator_id, awaiting DESC, last_message_at DESC, id DESC);
CREATE INDEX chats_unassigned ON chats (awaiting DESC, last_message_at DESC, id DESC) WHERE support_operator_id IS NULL;
CREATE INDEX chats_unread ON chats (awaiting DESC, last_message_at DESC, id DESC)
  WHERE last_player_message_id > coalesce(staff_read_message_id, 0);
CREATE INDEX chat_messages_chat_kind ON chat_messages (chat_id, sender_kind, id);

CREATE TABLE canned_replies (
  id          bigserial PRIMARY KEY,
  title       text NOT NULL CHECK (length(btrim(title)) > 0),
  body        text NOT NULL CHECK (length(btrim(body)) > 0),
  created_by  bigint REFERENCES operators(id),
  updated_by  bigint REFERENCES operators(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX canned_replies_title ON canned_replies (lower(title));
