// The body of POST /transaction: every field rule of the spec, strict at every level (an unknown field is a 400).
import { z } from "@hono/zod-openapi";
import { COUNTRY_CODES, NO_CONTEXT_COUNTRIES } from "./countries.ts";
import { CURRENCY_CODES } from "./currencies.ts";

export const MAX_BODY_BYTES = 8_192;
/** POST /transactions: at most this many transactions a call (Plaid's enrich endpoint takes 100 too). */
export const MAX_BATCH_ITEMS = 100;
/** A batch's body: room for every item at the single endpoint's limit. */
export const MAX_BATCH_BODY_BYTES = MAX_BATCH_ITEMS * MAX_BODY_BYTES;
const MAX_TEXT = 1_024;

/** Length in characters (code points), not UTF-16 units, so an emoji counts once. */
const chars = (s: string) => [...s].length;

/**
 * Whitespace, and the invisible characters that read as none: Unicode format (zero-width space and joiners, BOM, bidi
 * marks) and control characters (NUL, BEL). A body of only these is the spec's empty transaction, not a blank name.
 */
const INVISIBLE_EDGES = /^[\s\p{Cc}\p{Cf}]+|[\s\p{Cc}\p{Cf}]+$/gu;

const trimmedText = (field: string) =>
  z
    .string()
    .transform((s) => s.replace(INVISIBLE_EDGES, ""))
    .refine((s) => chars(s) >= 1, `${field} is empty after trimming whitespace`)
    .refine((s) => chars(s) <= MAX_TEXT, `${field} is longer than ${MAX_TEXT} characters`);

const upperCode = (length: number, known: ReadonlySet<string>, what: string) =>
  z
    .string()
    .length(length, `${what} must be ${length} letters`)
    .transform((s) => s.toUpperCase())
    .refine((s) => known.has(s), `unknown ${what}`);

/** YYYY-MM-DD, a real calendar date, from 1970-01-01 up to tomorrow in UTC (relative to `now`). */
function contextDate(now: () => Date) {
  return z.string().superRefine((s, ctx) => {
    const problem = dateProblem(s, now());
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

function dateProblem(s: string, today: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return "date must be YYYY-MM-DD";
  const parsed = new Date(`${s}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(s)) return "date is not a calendar date";
  if (s < "1970-01-01") return "date is before 1970-01-01";
  const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1));
  if (s > tomorrow.toISOString().slice(0, 10)) return "date is later than tomorrow (UTC)";
  return null;
}

export function transactionRequestSchema(now: () => Date = () => new Date()) {
  const AccountHolder = z.strictObject({
    type: z.enum(["consumer", "business"]),
    name: trimmedText("account_holder.name").optional(),
  });
  const Context = z.strictObject({
    date: contextDate(now),
    amount: z.number().min(0, "amount must be 0 or more").max(1_000_000_000_000, "amount is over 1,000,000,000,000"),
    currency: upperCode(3, CURRENCY_CODES, "currency (ISO 4217, see the supported list)"),
    entry_type: z.enum(["incoming", "outgoing"]),
    account_holder: AccountHolder.optional(),
  });
  return z
    .strictObject({
      transaction: trimmedText("transaction"),
      country_code: upperCode(2, COUNTRY_CODES, "country_code (ISO 3166-1 alpha-2)").optional(),
      transaction_context: Context.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.transaction_context && body.country_code && NO_CONTEXT_COUNTRIES.has(body.country_code)) {
        ctx.addIssue({
          code: "custom",
          path: ["country_code"],
          message: `${body.country_code} cannot be combined with transaction_context`,
        });
      }
    })
    .openapi("TransactionRequest");
}

export type TransactionRequest = z.infer<ReturnType<typeof transactionRequestSchema>>;

/** The same request always gives the same string: keys sorted, values as normalised by the schema. */
export function canonicalRequest(body: TransactionRequest): string {
  const sort = (value: unknown): unknown =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, sort(v)]),
        )
      : value;
  return JSON.stringify(sort(body));
}
