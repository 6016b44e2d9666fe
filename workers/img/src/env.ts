import type { IndexQueue } from "@brand/core/queue-messages";
import type { Principal } from "@brand/core/auth/authenticate";

export type Env = {
  DB: D1Database;
  LOGOS: R2Bucket;
  VARIANTS: KVNamespace;
  INDEX_QUEUE: IndexQueue;
  IMG_BASE_URL: string;
  /** The JSON and beta hosts' URLs: the API reference (/docs) lists their documents; every host's / links it. */
  API_BASE_URL?: string;
  BETA_BASE_URL?: string;
  /** Signs immutable variant URLs (`redirect`). A secret: `wrangler secret put VARIANT_SIGNING_KEY`. */
  VARIANT_SIGNING_KEY: string;
  /** Development and tests only: the crawler's offline proxy; its presence also admits `.test` fixture domains. */
  CRAWL_PROXY?: string;
};

export type AppEnv = { Bindings: Env; Variables: { principal: Principal } };
