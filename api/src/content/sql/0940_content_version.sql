-- The content's version (issue 31 item 5): a counter bumped by any statement that changes what the players' pages
-- show from these tables (settings, logo, banners, promotions, popups, marquee, social links, payment methods, the
-- game catalogue), in the same transaction as the change, whoever makes it (the back office, the seed, a script or a
-- person at psql). The shell's render servers read it (GET /api/content/version) at most once a second and drop
-- their page cache when it moves; being a row of the database, it is the same for every API process.

CREATE TABLE content_version (
  id smallint PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO content_version (id, version) VALUES (1, 1);

CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END $$;

-- once per statement (a reorder of 40 rows is one bump)
CREATE TRIGGER general_settings_content_version AFTER INSERT OR UPDATE OR DELETE ON general_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER logos_content_version AFTER INSERT OR UPDATE OR DELETE ON logos
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER sliders_content_version AFTER INSERT OR UPDATE OR DELETE ON sliders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER promotions_content_version AFTER INSERT OR UPDATE OR DELETE ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER home_popups_content_version AFTER INSERT OR UPDATE OR DELETE ON home_popups
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER marquee_messages_content_version AFTER INSERT OR UPDATE OR DELETE ON marquee_messages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER social_links_content_version AFTER INSERT OR UPDATE OR DELETE ON social_links
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER payment_methods_content_version AFTER INSERT OR UPDATE OR DELETE ON payment_methods
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER games_content_version AFTER INSERT OR UPDATE OR DELETE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER game_systems_content_version AFTER INSERT OR UPDATE OR DELETE ON game_systems
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER game_providers_content_version AFTER INSERT OR UPDATE OR DELETE ON game_providers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER game_types_content_version AFTER INSERT OR UPDATE OR DELETE ON game_types
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
