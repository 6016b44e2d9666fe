-- One database for the three Workers. Timestamps are ISO 8601 strings in UTC; JSON columns hold JSON text.

-- Accounts and keys -----------------------------------------------------------------------------------------------

CREATE TABLE accounts (
  id             TEXT PRIMARY KEY,                         -- acc_…
  name           TEXT,
  plan           TEXT NOT NULL CHECK (plan IN ('free', 'starter', 'pro')),
  beta           INTEGER NOT NULL DEFAULT 0 CHECK (beta IN (0, 1)),
  beta_daily_limit INTEGER NOT NULL DEFAULT 1000 CHECK (beta_daily_limit >= 0),
  credits        INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
  credits_period TEXT NOT NULL,                            -- YYYY-MM of the last monthly grant
  created_at     TEXT NOT NULL
);

-- Only the SHA-256 of a key is stored; `prefix` is what a person sees to tell keys apart.
CREATE TABLE api_keys (
  id         TEXT PRIMARY KEY,                             -- key_…
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('publishable', 'secret', 'beta')),
  hash       TEXT NOT NULL UNIQUE,
  prefix     TEXT NOT NULL,
  referrers  TEXT NOT NULL DEFAULT '[]',                   -- publishable keys: allowed referrer hosts
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX api_keys_account ON api_keys (account_id, kind);

-- Every grant, purchase and charge; accounts.credits is the running balance, changed in the same batch.
CREATE TABLE credit_ledger (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind          TEXT NOT NULL CHECK (kind IN ('grant', 'purchase', 'charge', 'adjust')),
  amount        INTEGER NOT NULL,                          -- signed: charges are negative
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  reason        TEXT NOT NULL,
  created_at    TEXT NOT NULL
);
CREATE INDEX credit_ledger_account ON credit_ledger (account_id, created_at);

-- Request pool: one row per account, UTC day and host, incremented after the response is sent.
CREATE TABLE usage_daily (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  day        TEXT NOT NULL,                                -- YYYY-MM-DD
  surface    TEXT NOT NULL CHECK (surface IN ('img', 'api')),
  count      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day, surface)
);

-- Outbox a mailer reads: soft-limit notices, at most one per kind and period.
CREATE TABLE notices (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind       TEXT NOT NULL,
  period     TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (account_id, kind, period)
);

-- Brands ----------------------------------------------------------------------------------------------------------

-- A brand keeps its id when its domain changes; `domains` maps every known domain (old ones too) to it.
CREATE TABLE brands (
  id             TEXT PRIMARY KEY,                         -- brd_…
  domain         TEXT UNIQUE,                              -- current domain; NULL for an asset without a site
  name           TEXT NOT NULL,
  description    TEXT NOT NULL DEFAULT '',
  colors         TEXT NOT NULL DEFAULT '[]',               -- [{hex, r, g, b, type}]
  socials        TEXT NOT NULL DEFAULT '{}',               -- {twitter: url, …}
  logo_key       TEXT,                                     -- R2 key of the master PNG (content-addressed)
  logo_width     INTEGER,
  logo_height    INTEGER,
  blurhash       TEXT,
  brandmark_key  TEXT,
  banners        TEXT NOT NULL DEFAULT '[]',               -- [{key, width, height, source}]
  popularity     INTEGER NOT NULL DEFAULT 0,
  source         TEXT NOT NULL CHECK (source IN ('seed', 'crawl')),
  indexed_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
);

CREATE TABLE domains (
  domain       TEXT PRIMARY KEY,
  brand_id     TEXT REFERENCES brands (id) ON DELETE SET NULL,
  state        TEXT NOT NULL CHECK (state IN ('pending', 'indexed', 'no_data', 'blocked')),
  attempts     INTEGER NOT NULL DEFAULT 0,
  last_error   TEXT,
  requested_at TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX domains_brand ON domains (brand_id);

CREATE TABLE brand_aliases (
  brand_id TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  alias    TEXT NOT NULL,
  PRIMARY KEY (brand_id, alias)
);

-- Tickers (qualified by MIC), ISINs, crypto symbols, exchange codes and index symbols. An identifier points at a
-- brand, or only at a domain when its brand is not indexed yet (an index provider's site, say).
CREATE TABLE identifiers (
  kind      TEXT NOT NULL CHECK (kind IN ('ticker', 'isin', 'crypto', 'exchange', 'index')),
  value     TEXT NOT NULL,                                 -- upper case
  qualifier TEXT NOT NULL DEFAULT '',                      -- the MIC for tickers
  brand_id  TEXT REFERENCES brands (id) ON DELETE CASCADE,
  domain    TEXT,
  rank      INTEGER NOT NULL DEFAULT 0,                    -- tie-break when a value is claimed twice (crypto)
  PRIMARY KEY (kind, value, qualifier),
  CHECK (brand_id IS NOT NULL OR domain IS NOT NULL)
);
CREATE INDEX identifiers_brand ON identifiers (brand_id);

CREATE TABLE exchanges (
  mic      TEXT PRIMARY KEY,
  name     TEXT NOT NULL,
  country  TEXT NOT NULL,
  domain   TEXT NOT NULL,
  acronyms TEXT NOT NULL DEFAULT '[]',
  suffixes TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE exchange_suffixes (
  suffix TEXT PRIMARY KEY,
  mic    TEXT NOT NULL REFERENCES exchanges (mic) ON DELETE CASCADE
);

-- The nearest verified owner (one level).
CREATE TABLE parents (
  child_id  TEXT PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
  parent_id TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  source    TEXT NOT NULL,
  CHECK (child_id <> parent_id)
);

CREATE TABLE platforms (
  id           TEXT PRIMARY KEY,                           -- plt_…
  name         TEXT NOT NULL,
  domain       TEXT NOT NULL,
  kind         TEXT NOT NULL,
  sells_itself INTEGER NOT NULL CHECK (sells_itself IN (0, 1))
);

CREATE TABLE platform_prefixes (
  prefix      TEXT PRIMARY KEY,                            -- upper case, as printed on statements
  platform_id TEXT NOT NULL REFERENCES platforms (id) ON DELETE CASCADE
);

-- Name search over names, aliases and domains; ranked by popularity in the query.
CREATE VIRTUAL TABLE brand_search USING fts5 (
  brand_id UNINDEXED,
  name,
  aliases,
  domain,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);

-- The ledger is the source of truth: inserting a row moves the balance in the same statement, and the CHECK on
-- accounts.credits refuses any row that would overdraw.
CREATE TRIGGER credit_ledger_apply AFTER INSERT ON credit_ledger
BEGIN
  UPDATE accounts SET credits = credits + NEW.amount WHERE id = NEW.account_id;
END;

-- Blocked domains answer 404 on every host and are never crawled.
CREATE TABLE blocked_domains (
  domain     TEXT PRIMARY KEY,
  reason     TEXT NOT NULL,
  created_at TEXT NOT NULL
);
