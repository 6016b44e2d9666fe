-- Webhooks: endpoints that receive signed events, one delivery per (endpoint, event), every attempt logged.
-- Subscriptions (which brands an account follows) and events (what changed) came with 0003.

CREATE TABLE webhook_endpoints (
  id                         TEXT PRIMARY KEY,            -- wh_…
  account_id                 TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  url                        TEXT NOT NULL,
  description                TEXT NOT NULL DEFAULT '',
  events                     TEXT,                         -- JSON array of event types; NULL = every type
  enabled                    INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  disabled_reason            TEXT,
  -- whsec_…, kept as issued: HMAC signing needs the secret itself, not a hash (docs/webhooks.md). Never returned
  -- after the response that created it, never logged.
  secret                     TEXT NOT NULL,
  previous_secret            TEXT,                         -- still signs, beside `secret`, until the time below
  previous_secret_expires_at TEXT,
  failing_since              TEXT,                         -- first failed attempt of the current run of failures
  created_at                 TEXT NOT NULL,
  updated_at                 TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at);

-- One message to one endpoint. Its id is the `webhook-id` of every attempt, so receivers can deduplicate.
CREATE TABLE webhook_deliveries (
  id              TEXT PRIMARY KEY,                        -- msg_…
  endpoint_id     TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id        TEXT,                                    -- events.id; NULL for a test event
  event_type      TEXT NOT NULL,
  payload         TEXT NOT NULL,                           -- the exact body, the same bytes on every attempt
  status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempt_count   INTEGER NOT NULL DEFAULT 0,
  retry_step      INTEGER NOT NULL DEFAULT 0,              -- attempts in the current round; a replay starts a new one
  next_attempt_at TEXT,                                    -- when due; while a consumer sends it, the end of its lease
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  delivered_at    TEXT,
  UNIQUE (endpoint_id, event_id)                           -- fan-out is idempotent
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id     TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt         INTEGER NOT NULL,                        -- 1, 2, … over the delivery's whole life
  response_status INTEGER,                                 -- NULL when nothing answered (timeout, refused, network)
  latency_ms      INTEGER NOT NULL,
  error           TEXT,
  created_at      TEXT NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt);
