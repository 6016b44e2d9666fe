// GET /account and GET /account/usage: what the dashboard's overview shows (plan, credits, request pool, beta
// allowance; traffic by day and this period's ledger).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { AccountOverview, accountOverview } from "@brand/core/account/overview";
import { AccountUsage, accountUsage } from "@brand/core/account/usage";
import type { AppEnv } from "../env.ts";
import { apiErrors, jsonResponse } from "../schemas.ts";
import { accountAuth, authorizeAccountRequest, NO_STORE } from "./account-auth.ts";

const unauthorized = apiErrors({ 401: "Missing or invalid secret key" });

const routes = {
  overview: createRoute({
    method: "get",
    path: "/account",
    operationId: "getAccount",
    tags: ["Account"],
    summary: "Your account: plan, credits, request pool this month, beta allowance today",
    description: "Not counted against the request pool.",
    ...accountAuth,
    responses: { 200: jsonResponse(AccountOverview, "The account"), ...unauthorized },
  }),
  usage: createRoute({
    method: "get",
    path: "/account/usage",
    operationId: "getAccountUsage",
    tags: ["Account"],
    summary: "Requests by day this month (image, JSON, beta) and this period's credit ledger",
    description: "Not counted against the request pool.",
    ...accountAuth,
    responses: { 200: jsonResponse(AccountUsage, "This period's usage"), ...unauthorized },
  }),
};

export function registerAccount(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.overview, async (c) => {
    const now = new Date();
    const { accountId } = await authorizeAccountRequest(c, now);
    return c.json(await accountOverview(c.env.DB, accountId, now), 200, NO_STORE);
  });

  app.openapi(routes.usage, async (c) => {
    const now = new Date();
    const { accountId } = await authorizeAccountRequest(c, now);
    return c.json(await accountUsage(c.env.DB, accountId, now), 200, NO_STORE);
  });
}
