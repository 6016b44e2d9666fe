export type Env = {
  DB: D1Database;
  LOGOS: R2Bucket;
  INDEX_QUEUE: Queue<{ domain: string }>;
  WEBHOOK_QUEUE: Queue<unknown>;
  IMG_BASE_URL: string;
  /** Guards /admin; when unset, /admin refuses everyone. */
  ADMIN_TOKEN?: string;
  /** Signs temporary file URLs (logos endpoint). A secret. */
  FILE_SIGNING_KEY: string;
  /** Development and tests only: fetch crawled URLs through this proxy, and allow `.test` hosts. */
  CRAWL_PROXY?: string;
  /** Time budget of one crawl in milliseconds (default 10 s). */
  CRAWL_TIMEOUT_MS?: string;
};

export type AppEnv = { Bindings: Env };
