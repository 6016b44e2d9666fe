// A warm isolate answers a repeated describe, brand or logos request without reading D1: a domain's settled record
// (indexed with nothing due, no data, blocked) is kept for DOMAIN_CACHE_MS. What a request could be waiting for is
// never cached: an unknown or pending domain, or a seeded one whose first crawl is due, is read from D1 every time,
// so the 200 after a 202 shows as soon as the crawl lands.
import { TtlCache } from "../ttl-cache.ts";
import { lookupDomain, type DomainLookup } from "./store.ts";

/**
 * The bound: a re-crawl's changes or an operator's block show on every isolate within this. The isolate that made the
 * change (a crawl it ran, a block through its /admin) sees it at once (`forgetCachedDomain`).
 */
export const DOMAIN_CACHE_MS = 60_000;
const settled = new TtlCache<string, DomainLookup>(DOMAIN_CACHE_MS, 2_000);

const isSettled = (found: DomainLookup) =>
  found.state !== "unknown" && found.state !== "pending" && !("awaitsCrawl" in found && found.awaitsCrawl);

export function cachedLookupDomain(db: D1Database, domain: string, now = Date.now()): Promise<DomainLookup> {
  return settled.through(domain, () => lookupDomain(db, domain), isSettled, now);
}

/** Drops this isolate's record of `domain`, after a change to it made here. */
export const forgetCachedDomain = (domain: string) => settled.delete(domain);

/** Drops every record this isolate holds (tests that change D1 behind the Workers' back). */
export const forgetCachedDomains = () => settled.clear();
