// What one beta lookup reads, and from where: the isolate's corpus index for the corpus's brands and domains (no trip
// to D1 when warm), the domain cache or D1 for any other domain a descriptor or the provider names. Indexing a domain
// the row names waits until the lookup has counted (`startDueIndexing`).
import { cachedLookupDomain } from "../brands/domain-cache.ts";
import { awaitsIndexing, indexIfDue, type StartIndexing } from "../brands/request-indexing.ts";
import { corpusIndex, type CorpusIndex, type DomainFacts } from "./corpus-index.ts";
import type { IdentifyDeps } from "./identify.ts";
import type { EnrichmentProvider } from "./provider.ts";

export type LookupDeps = IdentifyDeps & {
  /**
   * Starts the indexing of the domains the rows named whose crawl is due; call it once the lookup has counted. Null
   * when none is due (most lookups), so there is nothing to wait for.
   */
  startDueIndexing: (start: StartIndexing, now: Date) => Promise<void> | null;
};

export async function lookupDeps(
  db: D1Database,
  options: { imgBaseUrl: string; provider: EnrichmentProvider | null },
): Promise<LookupDeps> {
  const corpus = await corpusIndex(db);
  const due = new Map<string, DomainFacts>();
  return {
    ...options,
    corpus,
    lookupDomain: (domain) => domainFacts(db, corpus, domain),
    indexLater: (found, domain) => void (awaitsIndexing(found) && due.set(domain, found)),
    startDueIndexing: (start, now) =>
      due.size === 0
        ? null
        : (async () => {
            for (const [domain, found] of due) {
              await indexIfDue(db, found, domain, start, now);
              found.awaitsCrawl = false; // claimed, by this call or an earlier one: the index's copy need not ask again
            }
          })(),
  };
}

async function domainFacts(db: D1Database, corpus: CorpusIndex, domain: string): Promise<DomainFacts> {
  if (corpus.blocked.has(domain)) return { state: "blocked", brand: null };
  const known = corpus.domains.get(domain);
  if (known) return known;
  const found = await cachedLookupDomain(db, domain);
  const brand = "brand" in found && found.brand ? { id: found.brand.id, name: found.brand.name } : null;
  return { state: found.state, brand, awaitsCrawl: "awaitsCrawl" in found && found.awaitsCrawl };
}
