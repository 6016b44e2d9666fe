-- Beta lookups per account and UTC day, mirrored from the beta host's DailyCounter Durable Object after each counted
-- lookup, so the JSON host's dashboard can show "used today" (docs/dashboard.md). The Durable Object stays the
-- authority and enforces the allowance; this copy may trail it by a moment. A table of its own rather than a 'beta'
-- surface in usage_daily: every sum over usage_daily is the image and JSON request pool, which beta lookups are not in.
CREATE TABLE beta_usage_daily (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  day        TEXT NOT NULL,                                -- YYYY-MM-DD, UTC
  used       INTEGER NOT NULL CHECK (used >= 0),
  PRIMARY KEY (account_id, day)
);
