// POST /transactions: up to 100 lookups in one call, beyond the spec, as fintech users expect (Plaid's enrich endpoint
// takes 100). Each item is validated, counted and answered exactly as POST /transaction answers that body: its row,
// or its error with the status the single call gives (400 and 413 uncounted; 409 and 429 counted, with retry_after).
// The whole request is refused only for auth (401/403), content type (415), body size (413 past 819,200 bytes: every
// item at the single limit) or a malformed envelope (400). Items are counted in order; the rate-limit headers describe
// the allowance after the batch.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { MAX_BATCH_BODY_BYTES, MAX_BATCH_ITEMS, MAX_BODY_BYTES, transactionRequestSchema, type TransactionRequest } from "@brand/core/beta/request";
import { IdentityRow } from "@brand/core/beta/row";
import { AppError } from "@brand/core/errors";
import { describeIssues } from "@brand/core/http/app";
import { readJsonBody, tooLarge } from "../body.ts";
import type { AppEnv } from "../env.ts";
import { errorHeaders, lookUp } from "../look-up.ts";
import { betaPrincipal } from "../principal.ts";
import { batchExample, batchResultsExample } from "../examples.ts";
import { betaErrors, RateLimitHeaders } from "./responses.ts";
import { security } from "@brand/core/http/openapi";

const itemSchema = transactionRequestSchema();
const Envelope = z.strictObject({
  transactions: z
    .array(z.unknown())
    .min(1, "transactions must hold at least one transaction")
    .max(MAX_BATCH_ITEMS, `transactions holds at most ${MAX_BATCH_ITEMS} transactions a call`),
});

const ItemResult = z
  .union([
    z.object({ status: z.literal(200), row: IdentityRow }),
    z.object({
      status: z.number().int().openapi({ description: "The status POST /transaction gives this body: 400, 409, 413, 429 or 500" }),
      error: z.string(),
      retry_after: z.number().int().optional().openapi({ description: "On a 409 (always 2) and a 429 (seconds to the reset), as the single call's Retry-After" }),
    }),
  ])
  .openapi("TransactionResult");
const BatchResponse = z.object({ results: z.array(ItemResult).openapi({ description: "One result per transaction, in order" }) }).openapi("TransactionsResponse");
const BatchRequest = z.object({ transactions: z.array(itemSchema).min(1).max(MAX_BATCH_ITEMS) }).openapi("TransactionsRequest");

// Registered for the OpenAPI document only: the body is read and validated by hand so 415 and 413 come first.
const route = createRoute({
  method: "post",
  path: "/transactions",
  operationId: "identifyTransactions",
  tags: ["Transactions"],
  summary: `Identify the merchants behind up to ${MAX_BATCH_ITEMS} card descriptors`,
  security: security("beta"),
  request: { body: { content: { "application/json": { schema: BatchRequest, example: batchExample } }, required: true } },
  responses: {
    200: {
      description: "A result per transaction, in order",
      headers: RateLimitHeaders,
      content: { "application/json": { schema: BatchResponse, example: batchResultsExample satisfies z.input<typeof BatchResponse> } },
    },
    ...betaErrors({
      400: `Invalid JSON, or an envelope other than {transactions: [1 to ${MAX_BATCH_ITEMS} items]} (nothing counted)`,
      401: "Missing, malformed, unknown or replaced beta key",
      403: "Beta is not on for this account",
      413: `Body over ${MAX_BATCH_BODY_BYTES.toLocaleString("en-US")} bytes`,
      415: "Content-Type is not application/json",
      500: "Server error; retry",
    }),
  },
});

type ItemResult = z.infer<typeof ItemResult>;
type Refused = Exclude<ItemResult, { status: 200 }>;
const UTF8 = new TextEncoder();

export function registerTransactions(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerPath(route);
  app.post("/transactions", async (c) => {
    const now = new Date();
    const principal = await betaPrincipal(c.env.DB, c.req.raw, now);

    const envelope = Envelope.safeParse(await readJsonBody(c.req.raw, MAX_BATCH_BODY_BYTES));
    if (!envelope.success) throw new AppError("bad_request", describeIssues(envelope.error));

    const items = envelope.data.transactions.map(validated);
    const requests = items.filter((item): item is TransactionRequest => !("status" in item));
    const { answers, headers } = await lookUp(c.env, c.executionCtx, principal, requests, now);
    let next = 0;
    // Each row is already the JSON the single endpoint sends: spliced in as it is, not parsed and written again.
    const results = items.map((item) => {
      if ("status" in item) return JSON.stringify(item);
      const answer = answers[next++];
      return "row" in answer ? `{"status":200,"row":${answer.row}}` : JSON.stringify(errorResult(answer.error, headers, now));
    });
    return c.body(`{"results":[${results.join(",")}]}`, 200, { ...headers, "Content-Type": "application/json" });
  });
}

/** An item as POST /transaction would take it as its body: its request, or the 413 or 400 it would get (uncounted). */
function validated(item: unknown): Refused | TransactionRequest {
  if (UTF8.encode(JSON.stringify(item)).byteLength > MAX_BODY_BYTES) {
    return { status: 413, error: tooLarge(MAX_BODY_BYTES).message };
  }
  const parsed = itemSchema.safeParse(item);
  return parsed.success ? parsed.data : { status: 400, error: describeIssues(parsed.error) };
}

function errorResult(error: AppError, headers: Record<string, string>, now: Date): Refused {
  const retryAfter = errorHeaders(error, headers, now)["Retry-After"];
  return { status: error.status, error: error.message, ...(retryAfter ? { retry_after: Number(retryAfter) } : {}) };
}
