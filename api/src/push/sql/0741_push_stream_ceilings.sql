-- Push streams are capped per session (0021), and now also per player and per client address (push/streams.ts):
-- the address a stream was opened from, and indexes to count a player's and an address's open streams.
ALTER TABLE push_streams ADD COLUMN ip text;
CREATE INDEX push_streams_open_player ON push_streams (player_id) WHERE closed_at IS NULL;
CREATE INDEX push_streams_open_ip ON push_streams (ip) WHERE closed_at IS NULL AND ip IS NOT NULL;
