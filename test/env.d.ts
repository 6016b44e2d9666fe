// Bindings the tests see: the union of the three Workers' (each project binds its own subset) plus test-only ones.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    LOGOS: R2Bucket;
    VARIANTS: KVNamespace;
    INDEX_QUEUE: Queue<{ domain: string }>;
    WEBHOOK_QUEUE: Queue<unknown>;
    BETA_ACCOUNT: DurableObjectNamespace<import("../workers/beta/src/beta-account.ts").BetaAccount>;
    IMG_BASE_URL: string;
    API_BASE_URL: string;
    BETA_BASE_URL: string;
    ADMIN_TOKEN: string;
    VARIANT_SIGNING_KEY: string;
    FILE_SIGNING_KEY: string;
    WEBHOOK_SECRET_KEYS: string;
    CRAWL_PROXY: string;
    CRAWL_TIMEOUT_MS: string;
    /** The fake resolver (test/fixtures/fake-dns.mjs): resolution stays on in tests. */
    DNS_RESOLVER_URL: string;
    ENRICHMENT_URL: string;
    ENRICHMENT_API_KEY: string;
    ENRICHMENT_TIMEOUT_MS: string;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** What the icon packages hold (scripts/lib/icon-catalogue.mjs), read in Node by vitest.config.ts. */
    TEST_ICON_CATALOGUE: import("../packages/core/src/seed/validate.ts").IconCatalogue;
  }
}
