// POST /transaction. Order (design §7): auth 401/403 → 415 → 413 → 400 (not counted) → daily allowance (counted,
// 429 when spent) → in-flight flag (409 + Retry-After: 2) or the saved row → lookup. The allowance, the flag and the
// saved row are one call to the account's Durable Object (beta-account.ts).
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { mirrorBetaUsage } from "@brand/core/account/beta-usage";
import { authenticate, bearerKey } from "@brand/core/auth/authenticate";
import { identify, recheckSaved, type IdentifyDeps, type LookupIds } from "@brand/core/beta/identify";
import { lookupDeps } from "@brand/core/beta/lookup-deps";
import { ntropyProvider } from "@brand/core/beta/ntropy";
import { canonicalRequest, transactionRequestSchema, type TransactionRequest } from "@brand/core/beta/request";
import { viaQueue } from "@brand/core/brands/request-indexing";
import { IdentityRow } from "@brand/core/beta/row";
import { AppError } from "@brand/core/errors";
import { describeIssues } from "@brand/core/http/app";
import { sha256Hex } from "@brand/core/ids";
import { nextUtcMidnight, utcDay } from "@brand/core/time";
import type { BetaAccount, RowJson } from "../beta-account.ts";
import { readJsonBody } from "../body.ts";
import type { AppEnv, Env } from "../env.ts";

const schema = transactionRequestSchema();
const ErrorBody = z.object({ error: z.string() }).openapi("BetaError");
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const RateLimitHeaders = z.object({
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
    200: { description: "Merchant identity row", headers: RateLimitHeaders, content: { "application/json": { schema: IdentityRow } } },
    400: errorResponse("Invalid JSON, transaction, country_code or context, or an unknown field (not counted)"),
    401: errorResponse("Missing, malformed, unknown or replaced beta key"),
    403: errorResponse("Beta is not on for this account"),
    409: { ...errorResponse("The same transaction is being looked up by another request; retry after 2 s"), headers: RateLimitHeaders },
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

    const request = parsed.data;
    const ids = { transactionId: await sha256Hex(`${principal.accountId}\n${canonicalRequest(request)}`), accountId: principal.accountId };
    const deps = await lookupDeps(c.env.DB, { imgBaseUrl: c.env.IMG_BASE_URL, provider: enrichmentProvider(c.env) });
    const account = c.env.BETA_ACCOUNT.get(c.env.BETA_ACCOUNT.idFromName(principal.accountId));
    const day = utcDay(now);
    // With no provider the row costs no trip, so it is computed first and saved in the same call that counts it. The
    // row travels as the response's own JSON, serialised once.
    const computed = deps.provider ? undefined : JSON.stringify(await identify(deps, request, ids));
    const begun = await account.begin({ day, limit: principal.betaDailyLimit, transactionId: ids.transactionId, now: now.getTime(), row: computed });

    const headers = rateLimitHeaders(principal.betaDailyLimit, begun.used, now);
    if (!begun.allowed) {
      throw new AppError("rate_limited", "Daily beta allowance spent; it resets at midnight UTC.", {
        ...headers,
        "Retry-After": String(Math.max(Number(headers["X-RateLimit-Reset"]) - Math.floor(now.getTime() / 1000), 1)),
      });
    }
    // The dashboard (JSON host) reads the day's count from D1; the account's object stays the authority.
    const mirrored = mirrorBetaUsage(c.env.DB, principal.accountId, day, begun.used);
    if (mirrored) c.executionCtx.waitUntil(mirrored);
    if (begun.state === "running") {
      throw new AppError("conflict", "This transaction is already being looked up; retry in 2 seconds.", { ...headers, "Retry-After": "2" });
    }
    const row =
      begun.state === "done" ? await savedRow(deps, begun.row, request) : (computed ?? (await lookUp(account, deps, request, ids)));
    const indexing = deps.startDueIndexing(viaQueue(c.env.INDEX_QUEUE), now);
    if (indexing) c.executionCtx.waitUntil(indexing);
    return c.body(row, 200, { ...headers, "Content-Type": "application/json" });
  });
}

/** A saved row, its merchant checked again (identify.ts recheckSaved): its own JSON while it still stands. */
async function savedRow(deps: IdentifyDeps, saved: RowJson, request: TransactionRequest): Promise<RowJson> {
  const row = JSON.parse(saved) as IdentityRow;
  const checked = await recheckSaved(deps, row, request);
  return checked === row ? saved : JSON.stringify(checked);
}

/**
 * A lookup begun without its row (the provider is called): its row is saved before the answer, or the flag dropped.
 * Saving it after the answer would spare this path one Durable Object call, but a retry sent right after the answer
 * could then find the flag and get 409 instead of the saved row (the tests caught that race).
 */
async function lookUp(account: DurableObjectStub<BetaAccount>, deps: IdentifyDeps, request: TransactionRequest, ids: LookupIds): Promise<RowJson> {
  try {
    const row = JSON.stringify(await identify(deps, request, ids));
    await account.finish(ids.transactionId, row, Date.now());
    return row;
  } catch (error) {
    await account.release(ids.transactionId);
    throw error;
  }
}

function enrichmentProvider(env: Env) {
  const { ENRICHMENT_URL, ENRICHMENT_API_KEY, ENRICHMENT_TIMEOUT_MS } = env;
  if (!ENRICHMENT_URL) return null;
  return ntropyProvider({ baseUrl: ENRICHMENT_URL, apiKey: ENRICHMENT_API_KEY ?? "", timeoutMs: Number(ENRICHMENT_TIMEOUT_MS) || undefined });
}

function rateLimitHeaders(limit: number, used: number, now: Date) {
  return {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(limit - used, 0)),
    "X-RateLimit-Reset": String(nextUtcMidnight(now)),
  };
}
