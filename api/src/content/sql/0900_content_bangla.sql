-- Issue 34 item 2: every player-facing content text has an English and a Bangla version. The Bangla sits beside the
-- English in a *_bn column of the same row (NULL or '' = not written yet: the player then sees the English). One
-- column per text keeps the staff lists' search, the audit's before/after and the player's read one plain row.
ALTER TABLE promotions ADD COLUMN name_bn text, ADD COLUMN description_bn text;
ALTER TABLE sliders ADD COLUMN name_bn text;
ALTER TABLE home_popups ADD COLUMN title_bn text, ADD COLUMN body_bn text;
ALTER TABLE marquee_messages ADD COLUMN text_bn text;
ALTER TABLE general_settings ADD COLUMN system_notice_bn text;
