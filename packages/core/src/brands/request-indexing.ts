// The one rule for when a lookup starts indexing a domain. Only the request that claims the crawl in D1 (inserts the
// `pending` row, or claims a seeded domain whose crawl is due and nobody queued yet) starts it, so concurrent first
// requests start one job. How it starts is the caller's: the JSON host crawls in the request's waitUntil, the image
// and beta hosts queue it.
import type { IndexQueue } from "../queue-messages.ts";
import { claimCrawl, type DomainLookup } from "./store.ts";

export type StartIndexing = (domain: string) => Promise<void>;

/** Whether a request that found this should ask for indexing: a domain we never heard of, or a crawl due and never queued. */
export const awaitsIndexing = (found: Pick<DomainLookup, "state"> & { awaitsCrawl?: boolean }) =>
  found.state === "unknown" || ((found.state === "pending" || found.state === "indexed") && Boolean(found.awaitsCrawl));

/** Starts indexing `domain` when `found` calls for it and this call wins the claim; true when it started it. */
export async function indexIfDue(
  db: D1Database,
  found: Pick<DomainLookup, "state"> & { awaitsCrawl?: boolean },
  domain: string,
  start: StartIndexing,
  now: Date,
): Promise<boolean> {
  if (!awaitsIndexing(found) || !(await claimCrawl(db, domain, now))) return false;
  await start(domain);
  return true;
}

/** The image and beta hosts' way to start a crawl: a message to the indexing queue. */
export const viaQueue = (queue: IndexQueue): StartIndexing => async (domain) => {
  await queue.send({ domain });
};
