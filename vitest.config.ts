// One vitest project per Worker, each running inside workerd with that Worker's real wrangler config and bindings.
// test/core holds domain tests that need bindings too; they run with the api Worker's configuration.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { DNS_ORIGIN, DNS_RESOLVER_URL, dnsResponse } from "./test/fixtures/fake-dns.mjs";
import { NTROPY_KEY, NTROPY_ORIGIN, ntropyResponse } from "./test/fixtures/fake-ntropy.mjs";
import { fixtureResponse } from "./test/fixtures/site-router.mjs";
import { iconCatalogue } from "./scripts/lib/icon-catalogue.mjs";
import { RECEIVER_ORIGIN, receiverResponse } from "./test/fixtures/webhook-receiver.mjs";
import { SEED_SLICE_DIR } from "./test/deploy/seed-slice.ts";

const migrations = await readD1Migrations("migrations");
const icons = iconCatalogue();
/**
 * The Workers' required secrets ([secrets] in their wrangler.toml), as tests bind them. They are in process.env too,
 * where wrangler looks for required secrets when it reads a config, so it does not warn that they are missing.
 */
const TEST_SECRETS = {
  ADMIN_TOKEN: "test-admin-token",
  VARIANT_SIGNING_KEY: "test-variant-signing-key",
  FILE_SIGNING_KEY: "test-file-signing-key",
  // One 32-byte key, id `test`: the bytes of "test-webhook-secret-key-32-bytes".
  WEBHOOK_SECRET_KEYS: "test:dGVzdC13ZWJob29rLXNlY3JldC1rZXktMzItYnl0ZXM=",
};
Object.assign(process.env, TEST_SECRETS);
/** The crawler's offline proxy in tests: `{FIXTURE_PROXY}/{host}{path}` is answered from test/fixtures/sites. */
const FIXTURE_PROXY = "http://fixtures.internal";

/**
 * No test reaches the network. The crawler's offline proxy (CRAWL_PROXY) is answered by the fixture sites, webhook
 * receivers at https://receiver.test by a fake that records what it got, the beta's enrichment provider by a fake
 * Ntropy, DNS-over-HTTPS questions by a fake resolver; any other outbound request fails loudly.
 */
async function outbound(request: Request): Promise<Response> {
  if (request.url.startsWith(`${FIXTURE_PROXY}/`)) return fixtureResponse(request);
  if (request.url.startsWith(`${RECEIVER_ORIGIN}/`)) return receiverResponse(request);
  if (request.url.startsWith(`${NTROPY_ORIGIN}/`)) return ntropyResponse(request);
  if (request.url.startsWith(`${DNS_ORIGIN}/`)) return dnsResponse(request);
  throw new Error(`unexpected outbound request in a test: ${request.method} ${request.url}`);
}

/** Each project's `main`, when it is not its config's: the beta's Durable Object runs counted (test/beta/counted-main.ts). */
const TEST_MAIN: Partial<Record<"img" | "api" | "beta", string>> = { beta: "test/beta/counted-main.ts" };

function workerProject(worker: "img" | "api" | "beta", include: string[]) {
  return {
    plugins: [
      cloudflareTest({
        main: TEST_MAIN[worker],
        wrangler: { configPath: `workers/${worker}/wrangler.toml` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_ICON_CATALOGUE: icons,
            ...TEST_SECRETS,
            IMG_BASE_URL: "https://img.test",
            API_BASE_URL: "https://api.test",
            BETA_BASE_URL: "https://beta.test",
            CRAWL_PROXY: FIXTURE_PROXY,
            CRAWL_TIMEOUT_MS: "2000",
            // Every crawled and webhook host is resolved, as in production, by a fake resolver (never `off` here).
            DNS_RESOLVER_URL,
            // Off unless a test turns it on, whatever a local .dev.vars beside a Worker's config might say: these
            // bindings win over it (npm start keeps its own beside its generated configs, never under workers/).
            WEBHOOK_ALLOW_LOOPBACK: "",
            // The beta host's provider is the fake Ntropy; tests of our own stages call the pipeline without one.
            ENRICHMENT_URL: NTROPY_ORIGIN,
            ENRICHMENT_API_KEY: NTROPY_KEY,
            ENRICHMENT_TIMEOUT_MS: "300",
          },
          outboundService: outbound,
        },
      }),
    ],
    // Hooks get a minute: writing the whole seed corpus (about 4,000 brands) takes seconds, more on a busy machine.
    test: { name: worker, include, setupFiles: ["test/setup/apply-migrations.ts"], hookTimeout: 60_000 },
  };
}

/**
 * The deploy tool in Node, as a user runs it: `npm run deploy` against a fake Cloudflare API, and its local rehearsal
 * against local state. Its files run one after another (each starts wrangler processes of its own).
 */
const deployProject = {
  resolve: { alias: { "@brand/core": `${import.meta.dirname}/packages/core/src` } },
  test: {
    name: "deploy",
    include: ["test/deploy/**/*.test.ts"],
    environment: "node",
    // A slice of the corpus (test/deploy/seed-slice.ts), written before the files run.
    globalSetup: ["test/deploy/seed-slice.ts"],
    env: { BRAND_SEED_DIR: SEED_SLICE_DIR },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
};

/** The benches' own tooling, in Node: the storage-trip counter against fake bindings. */
const benchProject = { test: { name: "bench", include: ["bench/**/*.test.mjs"], environment: "node" } };

export default defineConfig({
  test: {
    // Two at a time, whatever the core count: vitest's default (cores - 1) is one on a 2-core machine, and the deploy
    // tests spend most of their time waiting on wrangler processes, so they run beside the Workers' tests.
    maxWorkers: 2,
    projects: [
      workerProject("img", ["test/img/**/*.test.ts"]),
      workerProject("api", ["test/api/**/*.test.ts", "test/core/**/*.test.ts"]),
      workerProject("beta", ["test/beta/**/*.test.ts"]),
      deployProject,
      benchProject,
    ],
  },
});
