// Which domains the cron sends back to the crawler: pending domains never queued or whose job was lost, failed crawls
// due for a retry, subscribed brands daily and every other crawled brand monthly (design §6). A failed re-crawl of a
// brand we have data for waits for its retry time like any failure. Bounded per run, subscribed brands first: their
// changes are what webhooks promise, and a fresh corpus has thousands of never-crawled seeded domains.

export const REINDEX_BATCH = 500;
/** A job queued longer ago than this without a result is taken for lost and queued again. */
export const LOST_JOB_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** How often a brand with data is crawled again: daily when someone subscribes to it, else monthly. */
export const reindexIntervalMs = (subscribed: boolean) => (subscribed ? DAY_MS : 30 * DAY_MS);

export async function domainsDueForIndexing(db: D1Database, now: Date): Promise<string[]> {
  const iso = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const { results } = await db
    .prepare(
      `SELECT domain FROM domains d
       WHERE NOT EXISTS (SELECT 1 FROM blocked_domains b WHERE b.domain = d.domain)
         AND (d.queued_at IS NULL OR d.queued_at < ?1) AND (
            d.state = 'pending'
         OR (d.state = 'no_data' AND d.next_attempt_at <= ?2)
         OR (d.state = 'indexed' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= ?2) AND (
                (COALESCE(d.indexed_at, d.updated_at) < ?3 AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.domain = d.domain))
             OR COALESCE(d.indexed_at, d.updated_at) < ?4)))
       ORDER BY EXISTS (SELECT 1 FROM subscriptions s WHERE s.domain = d.domain) DESC, COALESCE(d.queued_at, '') LIMIT ?5`,
    )
    .bind(iso(LOST_JOB_MS), now.toISOString(), iso(reindexIntervalMs(true)), iso(reindexIntervalMs(false)), REINDEX_BATCH)
    .all<{ domain: string }>();
  return results.map((r) => r.domain);
}

/** Records that these domains were just queued, so the next runs leave them alone while their jobs are in flight. */
export function markQueued(db: D1Database, domains: string[], now: Date): D1PreparedStatement[] {
  return domains.map((d) => db.prepare("UPDATE domains SET queued_at = ? WHERE domain = ?").bind(now.toISOString(), d));
}

/** Whether a crawl of `domain` recorded a result (data or a failure) after `iso`: its retry message has nothing to do. */
export async function crawledAfter(db: D1Database, domain: string, iso: string): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS done FROM domains WHERE domain = ? AND updated_at > ?").bind(domain, iso).first();
  return row !== null;
}
