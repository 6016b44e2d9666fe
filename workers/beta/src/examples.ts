// Examples in the beta host's OpenAPI document, copied from real responses of a local run (the README's examples).
// Each is typed by its schema, so a field renamed there fails the type check here.
import type { z } from "@hono/zod-openapi";
import type { transactionRequestSchema } from "@brand/core/beta/request";
import type { IdentityRow } from "@brand/core/beta/row";

type Request = z.input<ReturnType<typeof transactionRequestSchema>>;

export const transactionExample = {
  transaction: "SQ *BLUE BOTTLE COFFEE",
  transaction_context: { date: "2026-11-20", amount: 6.5, currency: "USD", entry_type: "outgoing" },
} satisfies Request;

export const rowExample = {
  domain: "bluebottlecoffee.com",
  name: "Blue Bottle Coffee",
  entity_type: null,
  entity_id: null,
  logo_url: "https://img.example.com/bluebottlecoffee.com",
  parent: null,
  intermediary: { domain: "squareup.com", name: "Square", entity_id: "brd_0a60e85ac039e3b31d9f", logo_url: "https://img.example.com/squareup.com" },
  status: "matched",
  match_type: "searched_name",
  confidence: 0.45,
} satisfies z.input<typeof IdentityRow>;

const netflixRow = {
  domain: "netflix.com",
  name: "Netflix",
  entity_id: "brd_398aa0cc5d6ef68b44b1",
  logo_url: "https://img.example.com/netflix.com",
  parent: null,
  intermediary: null,
  status: "matched",
  match_type: "descriptor_domain",
  confidence: 0.9,
} satisfies z.input<typeof IdentityRow>;

export const batchExample = {
  transactions: [{ transaction: "CHECKCARD 0322 NETFLIX.COM 866-579-7172 CA" }, { transaction: "   " }, transactionExample],
} satisfies { transactions: Request[] };

export const batchResultsExample = {
  results: [
    { status: 200 as const, row: netflixRow },
    { status: 400, error: "transaction is empty after trimming whitespace" },
    { status: 200 as const, row: rowExample },
  ],
};
