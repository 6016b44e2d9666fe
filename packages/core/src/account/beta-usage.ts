// The beta's daily count, mirrored into D1 so the JSON host (the dashboard) can show it. The beta host's BetaAccount
// Durable Object stays the authority: it enforces the allowance exactly. After each counted lookup the beta host
// hands the counter's new value here in waitUntil; an isolate's lookups within a quarter second share one write (it
// cost a D1 write per lookup before), and a write that arrives late or twice changes nothing, because the row only
// ever takes the larger value. Beta lookups never count toward the image and JSON request pool. The same write carries
// the beta key's last use (auth/key-use.ts).
import { keyUseDue, mergeKeyUse, runWithKeyUse, type KeyUse } from "../auth/key-use.ts";
import { COALESCE_MS, type Caller } from "../billing/usage.ts";
import { Coalescer } from "../coalesce.ts";
import { utcDay, utcMonth } from "../time.ts";

type HeldCount = { used: number; use: KeyUse };
const latestCounts = new Coalescer<HeldCount>(COALESCE_MS, (held, added) => ({
  used: Math.max(held.used, added.used),
  use: mergeKeyUse(held.use, added.use),
}));

/**
 * Records that the caller's account has used `used` lookups on `day` (YYYY-MM-DD), as the counter said. The write to
 * hold open with waitUntil, or null when another lookup of this isolate holds the one that carries this count.
 */
export function mirrorBetaUsage(db: D1Database, caller: Caller, day: string, used: number, now: Date): Promise<void> | null {
  const { accountId } = caller;
  return latestCounts.add(`${accountId}|${day}`, { used, use: keyUseDue(caller.keyId, now) }, (held) =>
    runWithKeyUse(db, mirrorStatement(db, accountId, day, held.used), held.use),
  );
}

function mirrorStatement(db: D1Database, accountId: string, day: string, used: number) {
  return db
    .prepare(
      `INSERT INTO beta_usage_daily (account_id, day, used) VALUES (?, ?, ?)
       ON CONFLICT (account_id, day) DO UPDATE SET used = MAX(used, excluded.used)`,
    )
    .bind(accountId, day, used);
}

/** Writes a mirrored count at once (the row keeps the larger of the two). */
export async function recordBetaUsage(db: D1Database, accountId: string, day: string, used: number): Promise<void> {
  await mirrorStatement(db, accountId, day, used).run();
}

/** Lookups counted today (UTC), as last mirrored. */
export async function betaUsedToday(db: D1Database, accountId: string, now: Date): Promise<number> {
  const used = await db
    .prepare("SELECT used FROM beta_usage_daily WHERE account_id = ? AND day = ?")
    .bind(accountId, utcDay(now))
    .first<number>("used");
  return used ?? 0;
}

/** Lookups per day over the current month. */
export async function betaUsageByDay(db: D1Database, accountId: string, now: Date) {
  const { results } = await db
    .prepare("SELECT day, used FROM beta_usage_daily WHERE account_id = ? AND day LIKE ? ORDER BY day")
    .bind(accountId, `${utcMonth(now)}-%`)
    .all<{ day: string; used: number }>();
  return results;
}
