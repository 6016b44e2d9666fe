// The monthly request pool of the image and JSON hosts. Counting happens after the response (waitUntil), in
// atomic upserts that each isolate coalesces per account, so nothing is lost and nothing waits for it. The same write
// carries the key's last use (auth/key-use.ts).
import { keyUseDue, mergeKeyUse, runWithKeyUse, type KeyUse } from "../auth/key-use.ts";
import { Coalescer } from "../coalesce.ts";
import { AppError } from "../errors.ts";
import { utcDay, utcMonth } from "../time.ts";
import { PLANS, type PlanName } from "./plans.ts";

export type PoolSurface = "img" | "api";

/** Adds `count` requests to an account's day, atomically. */
function countStatement(db: D1Database, accountId: string, surface: PoolSurface, day: string, count: number) {
  return db
    .prepare(
      `INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id, day, surface) DO UPDATE SET count = count + excluded.count`,
    )
    .bind(accountId, day, surface, count);
}

export async function recordRequests(db: D1Database, accountId: string, surface: PoolSurface, day: string, count: number): Promise<void> {
  await countStatement(db, accountId, surface, day, count).run();
}

/** How long an isolate gathers an account's requests into one write. */
export const COALESCE_MS = 250;
type HeldCount = { count: number; use: KeyUse };
const requestCounts = new Coalescer<HeldCount>(COALESCE_MS, (held, added) => ({
  count: held.count + added.count,
  use: mergeKeyUse(held.use, added.use),
}));

/** Who made a request: the account it counts for and the key it came with. */
export type Caller = { accountId: string; keyId: string };

/**
 * Counts one request. Requests of the same account, day and host arriving in the same isolate within COALESCE_MS
 * share one write (src/coalesce.ts), so a busy logo costs a few writes a second instead of one per request. The write
 * to hold open with waitUntil, or null when another request of this isolate holds the one that carries this count.
 */
function countRequest(db: D1Database, { accountId, keyId }: Caller, surface: PoolSurface, now: Date): Promise<void> | null {
  const day = utcDay(now);
  return requestCounts.add(`${accountId}|${day}|${surface}`, { count: 1, use: keyUseDue(keyId, now) }, ({ count, use }) =>
    runWithKeyUse(db, countStatement(db, accountId, surface, day, count), use),
  );
}

/** Requests counted so far this calendar month, both hosts together. */
export async function periodUsage(db: D1Database, accountId: string, now: Date): Promise<number> {
  const total = await db
    .prepare("SELECT COALESCE(SUM(count), 0) AS total FROM usage_daily WHERE account_id = ? AND day LIKE ?")
    .bind(accountId, `${utcMonth(now)}-%`)
    .first<number>("total");
  return total ?? 0;
}

/** Requests per day and host over the current month, for the dashboard and the admin's usage view. */
export async function usageByDay(db: D1Database, accountId: string, now: Date) {
  const { results } = await db
    .prepare("SELECT day, surface, count FROM usage_daily WHERE account_id = ? AND day LIKE ? ORDER BY day, surface")
    .bind(accountId, `${utcMonth(now)}-%`)
    .all<{ day: string; surface: PoolSurface; count: number }>();
  return results;
}

/**
 * Applies the pool rule to a request about to be served, given the usage already counted: throws 429 on an enforced
 * plan once the pool is spent. Returns true when a soft plan is past its pool (the caller records a notice).
 */
export function checkPool(plan: PlanName, used: number): boolean {
  const limits = PLANS[plan];
  if (used < limits.requestPool) return false;
  if (limits.poolEnforced) {
    throw new AppError(
      "rate_limited",
      `Monthly request limit of ${limits.requestPool.toLocaleString("en-US")} reached on the ${plan} plan. Upgrade, or wait for next month.`,
    );
  }
  return true;
}

/** Accounts and periods whose pool notice this isolate has written: past a soft pool, every later request would
 * otherwise repeat the (ignored) insert, a D1 write each. */
const noticedPools = new Set<string>();

/**
 * Counts one request and, past a soft pool, leaves one notice per period in the outbox. The writes to hold open with
 * waitUntil (they run after the response), or null when there are none of this request's own.
 */
export function meterRequest(db: D1Database, caller: Caller, surface: PoolSurface, overSoftPool: boolean, now: Date): Promise<unknown> | null {
  const { accountId } = caller;
  const counted = countRequest(db, caller, surface, now);
  if (!overSoftPool) return counted;
  const period = utcMonth(now);
  const poolKey = `${accountId} ${period}`;
  if (noticedPools.has(poolKey)) return counted;
  const noticed = db
    .prepare("INSERT OR IGNORE INTO notices (account_id, kind, period, created_at) VALUES (?, 'request_pool_exceeded', ?, ?)")
    .bind(accountId, period, now.toISOString())
    .run()
    .then(() => noticedPools.add(poolKey));
  return counted ? Promise.all([counted, noticed]) : noticed;
}
