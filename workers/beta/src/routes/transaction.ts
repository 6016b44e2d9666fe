// POST /transaction. Order (design §7): auth 401/403 → 415 → 413 → 400 (not counted) → daily allowance (counted,
// 429 when spent) → in-flight flag (409 + Retry-After: 2) or the saved row → lookup. The allowance, the flag and the
// saved row are one call to the account's Durable Object (look-up.ts, beta-account.ts).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { transactionRequestSchema } from "@brand/core/beta/request";
import { IdentityRow } from "@brand/core/beta/row";
import { AppError } from "@brand/core/errors";
import { describeIssues } from "@brand/core/http/app";
import { readJsonBody } from "../body.ts";
import type { AppEnv } from "../env.ts";
import { errorHeaders, lookUp } from "../look-up.ts";
import { betaPrincipal } from "../principal.ts";
import { betaErrorResponse, RateLimitHeaders } from "./responses.ts";

const schema = transactionRequestSchema();

// Registered for the OpenAPI document only: the body is read and validated by hand so 415 and 413 come first.
const route = createRoute({
  method: "post",
  path: "/transaction",
  summary: "Identify the merchant behind a card descriptor",
  security: [{ bearer: [] }],
  request: { body: { content: { "application/json": { schema } }, required: true } },
  responses: {
    200: { description: "Merchant identity row", headers: RateLimitHeaders, content: { "application/json": { schema: IdentityRow } } },
    400: betaErrorResponse("Invalid JSON, transaction, country_code or context, or an unknown field (not counted)"),
    401: betaErrorResponse("Missing, malformed, unknown or replaced beta key"),
    403: betaErrorResponse("Beta is not on for this account"),
    409: { ...betaErrorResponse("The same transaction is being looked up by another request; retry after 2 s"), headers: RateLimitHeaders },
    413: betaErrorResponse("Body over 8,192 bytes"),
    415: betaErrorResponse("Content-Type is not application/json"),
    429: betaErrorResponse("Daily allowance spent; resets at X-RateLimit-Reset"),
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
