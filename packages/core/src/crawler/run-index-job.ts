// One indexing job, as the queue consumer runs it: crawl, then store the result or record why there is none.
import { forgetCachedDomain } from "../brands/domain-cache.ts";
import { forgetCachedSearches } from "../brands/search.ts";
import { CrawlError } from "./fetch.ts";
import { crawlDomain } from "./index-domain.ts";
import { dnsConfig } from "./resolve.ts";
import { saveCrawl, saveCrawlFailure } from "./save-crawl.ts";
import { USER_AGENT, type CrawlConfig } from "./target.ts";

type Bindings = { DB: D1Database; LOGOS: R2Bucket };

/** `eventIds`: the events the crawl recorded, whose webhook deliveries the caller wakes up. */
export type JobOutcome = { domain: string; indexed: boolean; reason?: string; events?: string[]; eventIds?: string[] };

export async function runIndexJob(env: Bindings, domain: string, config: CrawlConfig, now = new Date()): Promise<JobOutcome> {
  try {
    return await crawlAndSave(env, domain, config, now);
  } finally {
    // This isolate shows the result at once; others within DOMAIN_CACHE_MS.
    forgetCachedDomain(domain);
    forgetCachedSearches();
  }
}

async function crawlAndSave(env: Bindings, domain: string, config: CrawlConfig, now: Date): Promise<JobOutcome> {
  const blocked = await env.DB.prepare("SELECT 1 FROM blocked_domains WHERE domain = ?").bind(domain).first();
  if (blocked) return { domain, indexed: false, reason: "blocked" };
  try {
    const result = await crawlDomain(domain, config);
    const { events, eventIds } = await saveCrawl(env, result, now);
    return { domain, indexed: true, events, eventIds };
  } catch (error) {
    // A crawl that fails is data too (no_data, retried later); a bug is logged, and recorded the same way so one bad
    // site cannot make the queue retry it forever.
    const reason = error instanceof CrawlError ? error.message : `internal: ${error instanceof Error ? error.message : String(error)}`;
    if (!(error instanceof CrawlError)) console.error(`indexing ${domain} failed:`, error);
    await saveCrawlFailure(env.DB, domain, reason, now);
    return { domain, indexed: false, reason };
  }
}

/** The crawler's settings from a Worker's env: a proxy only where configured (development and tests). */
export function crawlConfig(env: { CRAWL_PROXY?: string; CRAWL_TIMEOUT_MS?: string; DNS_RESOLVER_URL?: string }): CrawlConfig {
  return {
    proxy: env.CRAWL_PROXY || null,
    timeoutMs: Number(env.CRAWL_TIMEOUT_MS) || 10_000,
    userAgent: USER_AGENT,
    dns: dnsConfig(env),
  };
}
