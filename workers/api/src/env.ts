export type Env = {
  DB: D1Database;
  LOGOS: R2Bucket;
  INDEX_QUEUE: Queue<{ domain: string }>;
  WEBHOOK_QUEUE: Queue<unknown>;
  IMG_BASE_URL: string;
  /** Guards /admin; when unset, /admin refuses everyone. */
  ADMIN_TOKEN?: string;
};

export type AppEnv = { Bindings: Env };
