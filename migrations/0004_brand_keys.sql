-- Exact-name lookup for the beta's descriptor matching: every brand name and alias under a key that ignores case,
-- spaces and punctuation ("McDonald's" and "MCDONALDS" → "mcdonalds", "AT&T" and "ATT" → "att"). Kept by triggers,
-- so seeded and crawled brands alike are found without every writer having to remember it.
-- The key expression is mirrored by `nameKey` in packages/core/src/descriptor/name-key.ts: change both together.

CREATE TABLE brand_keys (
  brand_id TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  raw      TEXT NOT NULL,                                -- the name or alias as written
  key      TEXT NOT NULL,
  PRIMARY KEY (brand_id, raw)
);
CREATE INDEX brand_keys_key ON brand_keys (key);

CREATE TRIGGER brand_keys_name_insert AFTER INSERT ON brands
BEGIN
  INSERT OR IGNORE INTO brand_keys (brand_id, raw, key) VALUES (NEW.id, NEW.name,
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(NEW.name),
      ' ', ''), '''', ''), '.', ''), ',', ''), '-', ''), '&', ''), '*', ''), '/', ''), '!', ''), '’', ''), '+', ''), ':', ''), '(', ''), ')', ''), '_', ''), '#', ''));
END;

CREATE TRIGGER brand_keys_name_update AFTER UPDATE OF name ON brands WHEN OLD.name <> NEW.name
BEGIN
  DELETE FROM brand_keys WHERE brand_id = OLD.id AND raw = OLD.name
    AND NOT EXISTS (SELECT 1 FROM brand_aliases WHERE brand_id = OLD.id AND alias = OLD.name);
  INSERT OR IGNORE INTO brand_keys (brand_id, raw, key) VALUES (NEW.id, NEW.name,
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(NEW.name),
      ' ', ''), '''', ''), '.', ''), ',', ''), '-', ''), '&', ''), '*', ''), '/', ''), '!', ''), '’', ''), '+', ''), ':', ''), '(', ''), ')', ''), '_', ''), '#', ''));
END;

CREATE TRIGGER brand_keys_alias_insert AFTER INSERT ON brand_aliases
BEGIN
  INSERT OR IGNORE INTO brand_keys (brand_id, raw, key) VALUES (NEW.brand_id, NEW.alias,
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(NEW.alias),
      ' ', ''), '''', ''), '.', ''), ',', ''), '-', ''), '&', ''), '*', ''), '/', ''), '!', ''), '’', ''), '+', ''), ':', ''), '(', ''), ')', ''), '_', ''), '#', ''));
END;

CREATE TRIGGER brand_keys_alias_delete AFTER DELETE ON brand_aliases
BEGIN
  DELETE FROM brand_keys WHERE brand_id = OLD.brand_id AND raw = OLD.alias
    AND raw <> (SELECT name FROM brands WHERE id = OLD.brand_id);
END;

CREATE TRIGGER brand_keys_brand_delete AFTER DELETE ON brands
BEGIN
  DELETE FROM brand_keys WHERE brand_id = OLD.id;
END;

-- Brands and aliases written before this migration.
INSERT OR IGNORE INTO brand_keys (brand_id, raw, key)
  SELECT id, name,
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(name),
      ' ', ''), '''', ''), '.', ''), ',', ''), '-', ''), '&', ''), '*', ''), '/', ''), '!', ''), '’', ''), '+', ''), ':', ''), '(', ''), ')', ''), '_', ''), '#', '')
  FROM brands
  UNION ALL
  SELECT brand_id, alias,
    replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(alias),
      ' ', ''), '''', ''), '.', ''), ',', ''), '-', ''), '&', ''), '*', ''), '/', ''), '!', ''), '’', ''), '+', ''), ':', ''), '(', ''), ')', ''), '_', ''), '#', '')
  FROM brand_aliases;
