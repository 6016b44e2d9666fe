// POST /transaction. Order (design §7): auth 401/403 → 415 → 413 → 400 (not counted) → daily allowance (counted,
// 429 when spent) → in-flight flag (409 + Retry-After: 2) or the saved row → lookup. The allowance, the flag and the
// saved row are one call to the account's Durable Object (look-up.ts, beta-account.ts).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { MAX_BODY_BYTES, transactionRequestSchema } from "@brand/core/beta/request";
import { IdentityRow } from "@brand/core/beta/row";
import { AppError } from "@brand/core/errors";
import { describeIssues } from "@brand/core/http/app";
import { readJsonBody } from "../body.ts";
import type { AppEnv } from "../env.ts";
import { errorHeaders, lookUp } from "../look-up.ts";
import { betaPrincipal } from "../principal.ts";
import { rowExample, transactionExample } from "../examples.ts";
import { betaErrors, RateLimitHeaders } from "./responses.ts";
import { security } from "@brand/core/http/openapi";

const schema = transactionRequestSchema();

// Registered for the OpenAPI document only: the body is read and validated by hand so 415 and 413 come first.
const route = createRoute({
  method: "post",
  path: "/transaction",
  operationId: "identifyTransaction",
  tags: ["Transactions"],
  summary: "Identify the merchant behind a card descriptor",
  security: security("beta"),
  request: { body: { content: { "application/json": { schema, example: transactionExample } }, required: true } },
  responses: {
    200: {
      description: "Merchant identity row",
      headers: RateLimitHeaders,
      content: { "application/json": { schema: IdentityRow, example: rowExample } },
    },
    ...betaErrors({
      400: "Invalid JSON, transaction, country_code or context, or an unknown field (not counted)",
      401: "Missing, malformed, unknown or replaced beta key",
      403: "Beta is not on for this account",
      409: { description: "The same transaction is being looked up by another request; retry after 2 s", headers: RateLimitHeaders },
      413: `Body over ${MAX_BODY_BYTES.toLocaleString("en-US")} bytes`,
      415: "Content-Type is not application/json",
      429: { description: "Daily allowance spent; resets at X-RateLimit-Reset", headers: RateLimitHeaders },
      500: "Server error; retry",
    }),
  },
});

export function registerTransaction(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerPath(route);
  app.post("/transaction", async (c) => {
    const now = new Date();
    const principal = await betaPrincipal(c.env.DB, c.req.raw, now);

    const parsed = schema.safeParse(await readJsonBody(c.req.raw));
    if (!parsed.success) throw new AppError("bad_request", describeIssues(parsed.error));

    const { answers, headers } = await lookUp(c.env, c.executionCtx, principal, [parsed.data], now);
    const [answer] = answers;
    if ("error" in answer) throw new AppError(answer.error.code, answer.error.message, errorHeaders(answer.error, headers, now));
    return c.body(answer.row, 200, { ...headers, "Content-Type": "application/json" });
  });
}
