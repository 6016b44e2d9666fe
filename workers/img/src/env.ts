export type Env = {
  DB: D1Database;
  LOGOS: R2Bucket;
  VARIANTS: KVNamespace;
  INDEX_QUEUE: Queue<{ domain: string }>;
  IMG_BASE_URL: string;
};

export type AppEnv = { Bindings: Env };
