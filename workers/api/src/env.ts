import type { Principal } from "@brand/core/auth/authenticate";
import type { IndexQueue, WebhookQueue } from "@brand/core/queue-messages";

export type Env = {
  DB: D1Database;
  LOGOS: R2Bucket;
  INDEX_QUEUE: IndexQueue;
  WEBHOOK_QUEUE: WebhookQueue;
  IMG_BASE_URL: string;
  /** The JSON and beta hosts' URLs: the API reference (/docs) lists their documents; every host's / links it. */
  API_BASE_URL?: string;
  BETA_BASE_URL?: string;
  /** Guards /admin; when unset, /admin refuses everyone. */
  ADMIN_TOKEN?: string;
  /** Signs temporary file URLs (logos endpoint). A secret. */
  FILE_SIGNING_KEY: string;
  /**
   * Seal webhook signing secrets at rest: `kid:base64key[,…]`, 32-byte AES keys, the first seals, all open
   * (packages/core/src/webhooks/secret-box.ts). A secret.
   */
  WEBHOOK_SECRET_KEYS: string;
  /** Development and tests only: fetch crawled URLs through this proxy, and allow `.test` hosts. */
  CRAWL_PROXY?: string;
  /**
   * The DNS-over-HTTPS resolver (Cloudflare's JSON API) that checks where a crawled or webhook host points; default
   * https://cloudflare-dns.com/dns-query. `off` only with CRAWL_PROXY (local development); a deploy refuses `off`.
   */
  DNS_RESOLVER_URL?: string;
  /** Time budget of one crawl in milliseconds (default 10 s). */
  CRAWL_TIMEOUT_MS?: string;
  /** Local development only (npm start sets it): webhook URLs may be http(s) to 127.0.0.1, [::1] or localhost. */
  WEBHOOK_ALLOW_LOOPBACK?: string;
};

/** `principal`: the account behind a metered route's secret key, set by `requireSecretKey`. */
export type AppEnv = { Bindings: Env; Variables: { principal: Principal } };
