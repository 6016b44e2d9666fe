// The monthly request pool of the image and JSON hosts. Counting happens after the response (waitUntil), one
// atomic upsert per request, so nothing is lost and nothing waits for it.
import { AppError } from "../errors.ts";
import { utcDay, utcMonth } from "../time.ts";
import { PLANS, type PlanName } from "./plans.ts";

export type PoolSurface = "img" | "api";

export async function recordRequest(db: D1Database, accountId: string, surface: PoolSurface, now: Date): Promise<void> {
  await db
    .prepare(
      `INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (account_id, day, surface) DO UPDATE SET count = count + 1`,
    )
    .bind(accountId, utcDay(now), surface)
    .run();
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

/** Counts one request and, past a soft pool, leaves one notice per period in the outbox. Runs after the response. */
export async function meterRequest(
  db: D1Database,
  accountId: string,
  surface: PoolSurface,
  overSoftPool: boolean,
  now: Date,
): Promise<void> {
  await recordRequest(db, accountId, surface, now);
  if (!overSoftPool) return;
  await db
    .prepare("INSERT OR IGNORE INTO notices (account_id, kind, period, created_at) VALUES (?, 'request_pool_exceeded', ?, ?)")
    .bind(accountId, utcMonth(now), now.toISOString())
    .run();
}
