// POST /transaction. Order (design §7): auth 401/403 → 415 → 413 → 400 (not counted) → daily allowance (counted,
// 429 when spent) → in-flight lock (409 + Retry-After: 2) → lookup.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { mirrorBetaUsage } from "@brand/core/account/beta-usage";
import { authenticate, bearerKey } from "@brand/core/auth/authenticate";
import { identify, recheckSaved } from "@brand/core/beta/identify";
import { ntropyProvider } from "@brand/core/beta/ntropy";
import { canonicalRequest, transactionRequestSchema } from "@brand/core/beta/request";
import { requestIndexing } from "@brand/core/brands/request-indexing";
import { IdentityRow } from "@brand/core/beta/row";
import { AppError } from "@brand/core/errors";
import { describeIssues } from "@brand/core/http/app";
import { sha256Hex } from "@brand/core/ids";
import { nextUtcMidnight, utcDay } from "@brand/core/time";
import type { Context } from "hono";
import { readJsonBody } from "../body.ts";
import type { AppEnv } from "../env.ts";

const schema = transactionRequestSchema();
const ErrorBody = z.object({ error: z.string() }).openapi("BetaError");
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const rateLimitHeaders = z.object({
  "X-RateLimit-Limit": z.string().openapi({ description: "Daily allowance" }),
  "X-RateLimit-Remaining": z.string().openapi({ description: "Lookups left today after this one" }),
  "X-RateLimit-Reset": z.string().openapi({ description: "Next midnight UTC, Unix seconds" }),
});

// Registered for the OpenAPI document only: the body is read and validated by hand so 415 and 413 come first.
const route = createRoute({
  method: "post",
  path: "/transaction",
  summary: "Identify the merchant behind a card descriptor",
  security: [{ bearer: [] }],
  request: { body: { content: { "application/json": { schema } }, required: true } },
  responses: {
    200: { description: "Merchant identity row", headers: rateLimitHeaders, content: { "application/json": { schema: IdentityRow } } },
    400: errorResponse("Invalid JSON, transaction, country_code or context, or an unknown field (not counted)"),
    401: errorResponse("Missing, malformed, unknown or replaced beta key"),
    403: errorResponse("Beta is not on for this account"),
    409: { ...errorResponse("The same transaction is being looked up by another request; retry after 2 s"), headers: rateLimitHeaders },
    413: errorResponse("Body over 8,192 bytes"),
    415: errorResponse("Content-Type is not application/json"),
    429: errorResponse("Daily allowance spent; resets at X-RateLimit-Reset"),
  },
});

export function registerTransaction(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerPath(route);
  app.post("/transaction", async (c) => {
    const now = new Date();
    const principal = await authenticate(c.env.DB, "beta", bearerKey(c.req.raw.headers, { allowBare: true }), now);
    if (!principal.beta) throw new AppError("forbidden", "The beta is not enabled for this account.");

    const parsed = schema.safeParse(await readJsonBody(c.req.raw));
    if (!parsed.success) throw new AppError("bad_request", describeIssues(parsed.error));

    const headers = await consumeAllowance(c, principal.accountId, principal.betaDailyLimit, now);
    const transactionId = await sha256Hex(`${principal.accountId}\n${canonicalRequest(parsed.data)}`);
    const lock = c.env.TRANSACTION_LOCK.get(c.env.TRANSACTION_LOCK.idFromName(transactionId));
    const begun = await lock.begin(now.getTime());
    if (begun.state === "running") {
      throw new AppError("conflict", "This transaction is already being looked up; retry in 2 seconds.", {
        ...headers,
        "Retry-After": "2",
      });
    }
    const deps = identifyDeps(c, now);
    if (begun.state === "done") return c.json(await recheckSaved(deps, begun.row, parsed.data), 200, headers);
    try {
      const row = await identify(deps, parsed.data, { transactionId, accountId: principal.accountId });
      await lock.finish(row, Date.now());
      return c.json(row, 200, headers);
    } catch (error) {
      await lock.release();
      throw error;
    }
  });
}

function identifyDeps(c: Context<AppEnv>, now: Date) {
  const { DB, INDEX_QUEUE, IMG_BASE_URL, ENRICHMENT_URL, ENRICHMENT_API_KEY, ENRICHMENT_TIMEOUT_MS } = c.env;
  return {
    db: DB,
    imgBaseUrl: IMG_BASE_URL,
    provider: ENRICHMENT_URL
      ? ntropyProvider({ baseUrl: ENRICHMENT_URL, apiKey: ENRICHMENT_API_KEY ?? "", timeoutMs: Number(ENRICHMENT_TIMEOUT_MS) || undefined })
      : null,
    requestIndexing: async (domain: string) => {
      await requestIndexing(DB, INDEX_QUEUE, domain, now);
    },
  };
}

/** Counts this lookup against the account's day; 429 (with the headers) once the allowance is spent. */
async function consumeAllowance(c: Context<AppEnv>, accountId: string, limit: number, now: Date) {
  const counter = c.env.DAILY_COUNTER.get(c.env.DAILY_COUNTER.idFromName(accountId));
  const day = utcDay(now);
  const { allowed, used } = await counter.consume(day, limit);
  // The dashboard (JSON host) reads the day's count from D1; the counter stays the authority (docs/dashboard.md).
  if (allowed) c.executionCtx.waitUntil(mirrorBetaUsage(c.env.DB, accountId, day, used));
  const reset = nextUtcMidnight(now);
  const headers = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(limit - used, 0)),
    "X-RateLimit-Reset": String(reset),
  };
  if (!allowed) {
    throw new AppError("rate_limited", "Daily beta allowance spent; it resets at midnight UTC.", {
      ...headers,
      "Retry-After": String(Math.max(reset - Math.floor(now.getTime() / 1000), 1)),
    });
  }
  return headers;
}
