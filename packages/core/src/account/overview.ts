// What an account holder sees first: plan, credits, this month's request pool and today's beta allowance.
import { z } from "@hono/zod-openapi";
import { getAccount } from "../auth/accounts.ts";
import { applyMonthlyGrant } from "../billing/credits.ts";
import { PlanName, PLANS } from "../billing/plans.ts";
import { periodUsage } from "../billing/usage.ts";
import { nextMonthStart, nextUtcMidnight, utcMonth } from "../time.ts";
import { betaUsedToday } from "./beta-usage.ts";

export const AccountOverview = z
  .object({
    id: z.string().openapi({ example: "acc_3kTq9ZbW1nR7xYc0LmPa" }),
    name: z.string().nullable(),
    plan: PlanName,
    credits: z.object({
      balance: z.number().int(),
      monthly_grant: z.number().int().openapi({ description: "The balance is topped up to this at each period start" }),
      can_buy: z.boolean().openapi({ description: "Whether the plan can buy credits (Pro)" }),
      renews_on: z.string().openapi({ description: "Next grant, YYYY-MM-DD (UTC)", example: "2026-12-01" }),
    }),
    requests: z.object({
      used: z.number().int().openapi({ description: "Image and JSON requests counted this period" }),
      pool: z.number().int().openapi({ description: "The plan's monthly request pool" }),
      enforced: z.boolean().openapi({ description: "true: 429 once spent (free); false: soft, served and notified" }),
      period_start: z.string().openapi({ example: "2026-11-01" }),
      resets_on: z.string().openapi({ example: "2026-12-01" }),
    }),
    beta: z.object({
      enabled: z.boolean(),
      daily_limit: z.number().int(),
      used_today: z.number().int().openapi({ description: "Lookups counted today (UTC); may trail by a moment" }),
      resets_at: z.string().openapi({ description: "Next midnight UTC, ISO 8601", example: "2026-11-24T00:00:00.000Z" }),
    }),
  })
  .openapi("AccountOverview");
export type AccountOverview = z.infer<typeof AccountOverview>;

export async function accountOverview(db: D1Database, accountId: string, now: Date): Promise<AccountOverview> {
  // The monthly grant is otherwise applied by the next brand request; apply it now so the balance shown is the one
  // that request would see. Idempotent within a period.
  const before = await getAccount(db, accountId);
  await applyMonthlyGrant(db, accountId, before.plan, now);
  const [account, used, betaToday] = await Promise.all([
    getAccount(db, accountId),
    periodUsage(db, accountId, now),
    betaUsedToday(db, accountId, now),
  ]);
  const plan = PLANS[account.plan];
  const renews = nextMonthStart(now);
  return {
    id: account.id,
    name: account.name,
    plan: account.plan,
    credits: { balance: account.credits, monthly_grant: plan.monthlyCredits, can_buy: plan.canBuyCredits, renews_on: renews },
    requests: {
      used,
      pool: plan.requestPool,
      enforced: plan.poolEnforced,
      period_start: `${utcMonth(now)}-01`,
      resets_on: renews,
    },
    beta: {
      enabled: account.beta === 1,
      daily_limit: account.beta_daily_limit,
      used_today: betaToday,
      resets_at: new Date(nextUtcMidnight(now) * 1000).toISOString(),
    },
  };
}
