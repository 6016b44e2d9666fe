// Asking for a domain to be indexed. Only the request that inserts the `pending` row (or claims a seeded one whose
// crawl is due and nobody queued yet) enqueues the crawl, so concurrent first requests start one job.
import { claimCrawl, type DomainLookup } from "./store.ts";

export type IndexQueue = Queue<{ domain: string }>;

/** Marks `domain` pending and queues its crawl; true when this call started it. */
export async function requestIndexing(db: D1Database, queue: IndexQueue, domain: string, now: Date): Promise<boolean> {
  if (!(await claimCrawl(db, domain, now))) return false;
  await queue.send({ domain });
  return true;
}

/** Whether a request that found this should ask for indexing: a domain we never heard of, or a crawl due and never queued. */
export const awaitsIndexing = (found: DomainLookup) =>
  found.state === "unknown" || ((found.state === "pending" || found.state === "indexed") && found.awaitsCrawl);
