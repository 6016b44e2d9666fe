-- 1. brand_search follows every brand's name and domain, kept by triggers (like brand_keys in 0004), so a re-crawl that
--    renames a brand, or any other writer, cannot leave search on the old name. The seed still rewrites a brand's row
--    itself, aliases included.
-- 2. domains.queued_at: when the domain's crawl was last put on the queue. A pending row that was never queued (a
--    seeded brand without a logo) is queued by the first request that finds it; the cron leaves alone what it queued
--    a moment ago.

CREATE TRIGGER brand_search_insert AFTER INSERT ON brands
BEGIN
  INSERT INTO brand_search (brand_id, name, aliases, domain) VALUES (NEW.id, NEW.name, '', COALESCE(NEW.domain, ''));
END;

CREATE TRIGGER brand_search_update AFTER UPDATE OF name, domain ON brands
  WHEN OLD.name IS NOT NEW.name OR OLD.domain IS NOT NEW.domain
BEGIN
  UPDATE brand_search SET name = NEW.name, domain = COALESCE(NEW.domain, '') WHERE brand_id = NEW.id;
END;

CREATE TRIGGER brand_search_delete AFTER DELETE ON brands
BEGIN
  DELETE FROM brand_search WHERE brand_id = OLD.id;
END;

-- Rows that went stale before this migration.
UPDATE brand_search
  SET name = (SELECT b.name FROM brands b WHERE b.id = brand_search.brand_id),
      domain = (SELECT COALESCE(b.domain, '') FROM brands b WHERE b.id = brand_search.brand_id)
  WHERE EXISTS (SELECT 1 FROM brands b WHERE b.id = brand_search.brand_id
                AND (b.name <> brand_search.name OR COALESCE(b.domain, '') <> brand_search.domain));
DELETE FROM brand_search WHERE brand_id NOT IN (SELECT id FROM brands);
INSERT INTO brand_search (brand_id, name, aliases, domain)
  SELECT id, name, '', COALESCE(domain, '') FROM brands WHERE id NOT IN (SELECT brand_id FROM brand_search);

ALTER TABLE domains ADD COLUMN queued_at TEXT;
-- Pending rows made by a request were queued when made; seeded ones (with a brand) never were.
UPDATE domains SET queued_at = updated_at WHERE state = 'pending' AND brand_id IS NULL;
