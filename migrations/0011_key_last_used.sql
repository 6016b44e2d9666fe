-- When each key was last used (auth/key-use.ts): written with the request's own count, accurate to KEY_USE_STAMP_MS.
-- NULL until the key's first counted use, and for keys used before this column existed.
ALTER TABLE api_keys ADD COLUMN last_used_at TEXT;
