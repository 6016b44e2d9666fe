-- Indexing on demand: retry bookkeeping, the events webhook delivery reads, and the subscriptions the daily
-- re-crawl follows.

ALTER TABLE domains ADD COLUMN next_attempt_at TEXT;    -- when a failed (no_data) domain may be tried again
ALTER TABLE domains ADD COLUMN indexed_at TEXT;         -- last successful crawl
CREATE INDEX domains_state ON domains (state, next_attempt_at);

CREATE TABLE events (
  id         TEXT PRIMARY KEY,                            -- evt_…
  type       TEXT NOT NULL CHECK (type IN ('brand.indexed', 'brand.updated', 'logo.updated')),
  brand_id   TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  domain     TEXT NOT NULL,
  data       TEXT NOT NULL,                               -- {domain, entity_id, object, delta}
  created_at TEXT NOT NULL
);
CREATE INDEX events_brand ON events (brand_id, created_at);
CREATE INDEX events_created ON events (created_at);

CREATE TABLE subscriptions (
  id         TEXT PRIMARY KEY,                            -- sub_…
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  domain     TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (account_id, domain)
);
CREATE INDEX subscriptions_domain ON subscriptions (domain);

-- Banner images and the brandmark, stored like logo masters (R2 keys, content-addressed).
ALTER TABLE brands ADD COLUMN brandmark_width INTEGER;
ALTER TABLE brands ADD COLUMN brandmark_height INTEGER;
ALTER TABLE brands ADD COLUMN brandmark_blurhash TEXT;
