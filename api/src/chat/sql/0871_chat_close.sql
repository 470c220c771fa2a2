-- Chats are closed and reopened by staff, with first-response and resolution times on the desk (issue 32).
--
-- A player has one chat (chats.player_id is unique): a "conversation" is its stretch from opened_at (the player's
-- first message since it was last closed) to closed_at. first_response_at is the first reply an operator wrote after
-- opened_at (the automatic greeting, sender 0, does not count). The one writer of messages (insertMessageRow) keeps
-- them: a player's message to a closed chat opens a new conversation; an operator's reply to one reopens it.
ALTER TABLE chats ADD COLUMN opened_at timestamptz;
ALTER TABLE chats ADD COLUMN first_response_at timestamptz;
ALTER TABLE chats ADD COLUMN closed_at timestamptz;
ALTER TABLE chats ADD COLUMN closed_by bigint REFERENCES operators(id);

UPDATE chats c SET
  opened_at = (SELECT min(m.created_at) FROM chat_messages m WHERE m.chat_id = c.id AND m.sender_kind = 'player'),
  first_response_at = (SELECT min(r.created_at) FROM chat_messages r
                       WHERE r.chat_id = c.id AND r.sender_kind = 'support' AND r.sender_id > 0
                         AND r.created_at >= (SELECT min(m.created_at) FROM chat_messages m
                                              WHERE m.chat_id = c.id AND m.sender_kind = 'player'));

-- the desk's figures look at conversations opened or closed lately
CREATE INDEX chats_opened_at ON chats (opened_at);
CREATE INDEX chats_closed_at ON chats (closed_at);
