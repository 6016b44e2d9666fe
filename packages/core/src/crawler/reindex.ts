// Which domains the cron sends back to the crawler: lost jobs, failed crawls due for a retry, subscribed brands
// daily and every other crawled brand monthly (design §6). Bounded per run.

export const REINDEX_BATCH = 500;

export async function domainsDueForIndexing(db: D1Database, now: Date): Promise<string[]> {
  const iso = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const { results } = await db
    .prepare(
      `SELECT domain FROM domains d
       WHERE NOT EXISTS (SELECT 1 FROM blocked_domains b WHERE b.domain = d.domain) AND (
            (d.state = 'pending' AND d.updated_at < ?1)
         OR (d.state = 'no_data' AND d.next_attempt_at <= ?2)
         OR (d.state = 'indexed' AND COALESCE(d.indexed_at, d.updated_at) < ?3 AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.domain = d.domain))
         OR (d.state = 'indexed' AND COALESCE(d.indexed_at, d.updated_at) < ?4))
       ORDER BY d.updated_at LIMIT ?5`,
    )
    .bind(iso(10 * 60_000), now.toISOString(), iso(86_400_000), iso(30 * 86_400_000), REINDEX_BATCH)
    .all<{ domain: string }>();
  return results.map((r) => r.domain);
}
