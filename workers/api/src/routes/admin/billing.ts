// Admin: credits (grant or sell) and usage.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getAccount } from "@brand/core/auth/accounts";
import { addLedgerEntry, ledger } from "@brand/core/billing/credits";
import { PLANS } from "@brand/core/billing/plans";
import { periodUsage, usageByDay } from "@brand/core/billing/usage";
import { AppError } from "@brand/core/errors";
import { nextMonthStart, utcMonth } from "@brand/core/time";
import type { AppEnv } from "../../env.ts";
import { AccountIdParam, jsonBody } from "./schemas.ts";

const routes = {
  credits: createRoute({
    method: "post",
    path: "/admin/accounts/{id}/credits",
    hide: true,
    request: {
      params: AccountIdParam,
      body: jsonBody(
        z.strictObject({
          kind: z.enum(["grant", "purchase"]),
          amount: z.number().int().min(1).max(100_000_000),
          reason: z.string().min(1).max(200).optional(),
        }),
      ),
    },
    responses: { 200: { description: "New balance" } },
  }),
  usage: createRoute({
    method: "get",
    path: "/admin/accounts/{id}/usage",
    hide: true,
    request: { params: AccountIdParam },
    responses: { 200: { description: "This period's requests, credits and ledger" } },
  }),
};

export function registerAdminBilling(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.credits, async (c) => {
    const { id } = c.req.valid("param");
    const { kind, amount, reason } = c.req.valid("json");
    const account = await getAccount(c.env.DB, id);
    if (kind === "purchase" && !PLANS[account.plan].canBuyCredits) {
      throw new AppError("forbidden", `The ${account.plan} plan cannot buy credits; only Pro can.`);
    }
    const balance = await addLedgerEntry(c.env.DB, id, kind, amount, reason ?? `admin ${kind}`, new Date());
    return c.json({ id, credits: balance }, 200);
  });

  app.openapi(routes.usage, async (c) => {
    const { id } = c.req.valid("param");
    const now = new Date();
    const account = await getAccount(c.env.DB, id);
    return c.json(
      {
        id,
        plan: account.plan,
        period: utcMonth(now),
        period_resets: nextMonthStart(now),
        requests: await periodUsage(c.env.DB, id, now),
        request_pool: PLANS[account.plan].requestPool,
        by_day: await usageByDay(c.env.DB, id, now),
        credits: account.credits,
        ledger: await ledger(c.env.DB, id),
      },
      200,
    );
  });
}
