// This period's traffic by day and host, and this period's credit ledger: the dashboard's chart and table.
import { z } from "@hono/zod-openapi";
import { usageByDay } from "../billing/usage.ts";
import { nextMonthStart, utcMonth } from "../time.ts";
import { betaUsageByDay } from "./beta-usage.ts";

const LEDGER_SHOWN = 200;

export const UsageDay = z
  .object({
    day: z.string().openapi({ example: "2026-11-23" }),
    img: z.number().int().openapi({ description: "Image-host requests (request pool)" }),
    api: z.number().int().openapi({ description: "JSON-host requests (request pool)" }),
    beta: z.number().int().openapi({ description: "Beta lookups (daily allowance, not the pool)" }),
  })
  .openapi("UsageDay");

export const LedgerEntry = z
  .object({
    kind: z.enum(["grant", "purchase", "charge", "adjust"]),
    amount: z.number().int().openapi({ description: "Signed: charges are negative" }),
    balance_after: z.number().int(),
    reason: z.string(),
    created_at: z.string(),
  })
  .openapi("LedgerEntry");

export const AccountUsage = z
  .object({
    period: z.string().openapi({ example: "2026-11" }),
    period_start: z.string().openapi({ example: "2026-11-01" }),
    resets_on: z.string().openapi({ example: "2026-12-01" }),
    days: z.array(UsageDay).openapi({ description: "Every day of the period up to today (UTC), oldest first" }),
    totals: z.object({ img: z.number().int(), api: z.number().int(), beta: z.number().int() }),
    ledger: z.array(LedgerEntry).openapi({ description: `This period's credit ledger, newest first (at most ${LEDGER_SHOWN})` }),
  })
  .openapi("AccountUsage");
export type AccountUsage = z.infer<typeof AccountUsage>;
type UsageDay = z.infer<typeof UsageDay>;

export async function accountUsage(db: D1Database, accountId: string, now: Date): Promise<AccountUsage> {
  const period = utcMonth(now);
  const [pool, beta, ledger] = await Promise.all([
    usageByDay(db, accountId, now),
    betaUsageByDay(db, accountId, now),
    periodLedger(db, accountId, `${period}-01`),
  ]);
  const days = daysOfPeriod(now);
  for (const row of pool) {
    const day = days.get(row.day);
    if (day) day[row.surface] += row.count;
  }
  for (const row of beta) {
    const day = days.get(row.day);
    if (day) day.beta = row.used;
  }
  const list = [...days.values()];
  const sum = (key: "img" | "api" | "beta") => list.reduce((total, d) => total + d[key], 0);
  return {
    period,
    period_start: `${period}-01`,
    resets_on: nextMonthStart(now),
    days: list,
    totals: { img: sum("img"), api: sum("api"), beta: sum("beta") },
    ledger,
  };
}

/** Day 1 of the month through today, each at zero: a quiet day is a zero, not a gap in the chart. */
function daysOfPeriod(now: Date): Map<string, UsageDay> {
  const days = new Map<string, UsageDay>();
  for (let d = 1; d <= now.getUTCDate(); d++) {
    const day = `${utcMonth(now)}-${String(d).padStart(2, "0")}`;
    days.set(day, { day, img: 0, api: 0, beta: 0 });
  }
  return days;
}

async function periodLedger(db: D1Database, accountId: string, since: string) {
  const { results } = await db
    .prepare(
      `SELECT kind, amount, balance_after, reason, created_at FROM credit_ledger
       WHERE account_id = ? AND created_at >= ? ORDER BY id DESC LIMIT ?`,
    )
    .bind(accountId, since, LEDGER_SHOWN)
    .all<z.infer<typeof LedgerEntry>>();
  return results;
}
