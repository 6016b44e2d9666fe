// Every request rule of POST /transaction: 415, 413 and 400, none of them counted against the daily allowance.
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../helpers/accounts.ts";
import { context, countedToday, postTransaction } from "../helpers/beta.ts";
import { call } from "../helpers/http.ts";

let account: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  account = await newAccount("pro", { beta: true });
});

const utcDate = (offsetDays: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays))
    .toISOString()
    .slice(0, 10);
};

/** Sends, then checks the status, the `error` body, and that the day's count did not move. */
async function expectRefused(send: () => Promise<Response>, status: number) {
  const before = await countedToday(account.id);
  const response = await send();
  expect(response.status).toBe(status);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["error"]);
  expect((body.error as string).length).toBeGreaterThan(5);
  expect(await countedToday(account.id)).toBe(before);
}

describe("content type (415)", () => {
  for (const type of [null, "text/plain", "application/x-www-form-urlencoded", "application/jsonx"]) {
    it(`refuses ${type ?? "no content type"}`, async () => {
      const send = () =>
        call("/transaction", {
          method: "POST",
          headers: { Authorization: `Bearer ${account.beta}`, ...(type ? { "Content-Type": type } : {}) },
          body: JSON.stringify({ transaction: "STARBUCKS" }),
        });
      await expectRefused(send, 415);
    });
  }

  it("accepts application/json with a charset, in any case", async () => {
    const response = await postTransaction({ transaction: "STARBUCKS" }, account.beta, {
      "Content-Type": "Application/JSON; charset=utf-8",
    });
    expect(response.status).toBe(200);
  });
});

describe("body size (413)", () => {
  it("accepts a body of exactly 8,192 bytes", async () => {
    const padded = `{"transaction":"${"A".repeat(1000)}"${" ".repeat(8192 - 1000 - 18)}}`;
    expect(new TextEncoder().encode(padded).length).toBe(8192);
    expect((await postTransaction(padded, account.beta)).status).toBe(200);
  });

  it("refuses 8,193 bytes", async () => {
    const padded = `{"transaction":"${"A".repeat(1000)}"${" ".repeat(8193 - 1000 - 18)}}`;
    await expectRefused(() => postTransaction(padded, account.beta), 413);
  });

  it("refuses an oversized body sent without Content-Length (streamed)", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"transaction":"X"'));
        if (sent++ < 4) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode("}"));
          controller.close();
        }
      },
    });
    const send = () =>
      call("/transaction", {
        method: "POST",
        headers: { Authorization: `Bearer ${account.beta}`, "Content-Type": "application/json" },
        body: stream,
        // @ts-expect-error: workerd needs duplex for a streamed request body
        duplex: "half",
      });
    await expectRefused(send, 413);
  });
});

describe("request validation (400)", () => {
  const bad: [string, unknown][] = [
    ["invalid JSON", "{transaction: 'x'}"],
    ["a JSON array", "[]"],
    ["JSON null", "null"],
    ["invalid UTF-8", "\uFFFD"],
    ["no transaction", {}],
    ["an empty transaction", { transaction: "" }],
    ["a whitespace-only transaction", { transaction: " \n\t " }],
    // Invisible characters are whitespace for the trim: a body of them is an empty transaction, not an invisible name.
    ["a zero-width space", { transaction: "\u200b" }],
    ["a NUL", { transaction: "\u0000" }],
    ["format and control characters only", { transaction: " \ufeff\u200d\u2060\u0007\u00ad\u202e " }],
    ["an account_holder name of invisible characters", { transaction: "X", transaction_context: { ...context, account_holder: { type: "consumer", name: "\u200b\u200c" } } }],
    ["a transaction of 1,025 characters", { transaction: "A".repeat(1025) }],
    ["1,025 emoji", { transaction: "🍕".repeat(1025) }],
    ["a number as transaction", { transaction: 42 }],
    ["null as transaction", { transaction: null }],
    ["an unknown top-level field", { transaction: "X", merchant: "Y" }],
    ["an unknown country code", { transaction: "X", country_code: "XX" }],
    ["Kosovo's user-assigned code", { transaction: "X", country_code: "XK" }],
    ["a three-letter country code", { transaction: "X", country_code: "USA" }],
    ["AQ with context", { transaction: "X", country_code: "AQ", transaction_context: context }],
    ["ax with context", { transaction: "X", country_code: "ax", transaction_context: context }],
    ["TF with context", { transaction: "X", country_code: "TF", transaction_context: context }],
    ["VA with context", { transaction: "X", country_code: "VA", transaction_context: context }],
    ["context without date", { transaction: "X", transaction_context: { ...context, date: undefined } }],
    ["context without amount", { transaction: "X", transaction_context: { ...context, amount: undefined } }],
    ["context without currency", { transaction: "X", transaction_context: { ...context, currency: undefined } }],
    ["context without entry_type", { transaction: "X", transaction_context: { ...context, entry_type: undefined } }],
    ["an empty context", { transaction: "X", transaction_context: {} }],
    ["context as a string", { transaction: "X", transaction_context: "2026-01-15" }],
    ["an unknown context field", { transaction: "X", transaction_context: { ...context, mcc: "5812" } }],
    ["a date that does not exist", { transaction: "X", transaction_context: { ...context, date: "2025-02-30" } }],
    ["a date before 1970", { transaction: "X", transaction_context: { ...context, date: "1969-12-31" } }],
    ["a date after tomorrow", { transaction: "X", transaction_context: { ...context, date: utcDate(2) } }],
    ["a date with a time", { transaction: "X", transaction_context: { ...context, date: "2026-01-15T10:00:00Z" } }],
    ["a negative amount", { transaction: "X", transaction_context: { ...context, amount: -0.01 } }],
    ["an amount over 10^12", { transaction: "X", transaction_context: { ...context, amount: 1_000_000_000_000.01 } }],
    ["an amount as a string", { transaction: "X", transaction_context: { ...context, amount: "12.50" } }],
    ["an unsupported currency", { transaction: "X", transaction_context: { ...context, currency: "XBT" } }],
    ["a currency missing from the supported list", { transaction: "X", transaction_context: { ...context, currency: "VES" } }],
    ["an unknown entry_type", { transaction: "X", transaction_context: { ...context, entry_type: "debit" } }],
    ["account_holder without type", { transaction: "X", transaction_context: { ...context, account_holder: { name: "Jo" } } }],
    ["an unknown account_holder type", { transaction: "X", transaction_context: { ...context, account_holder: { type: "bank" } } }],
    ["an empty account_holder name", { transaction: "X", transaction_context: { ...context, account_holder: { type: "consumer", name: "  " } } }],
    ["an account_holder name of 1,025 characters", { transaction: "X", transaction_context: { ...context, account_holder: { type: "consumer", name: "N".repeat(1025) } } }],
    ["an unknown account_holder field", { transaction: "X", transaction_context: { ...context, account_holder: { type: "business", id: 1 } } }],
  ];
  for (const [what, body] of bad) {
    it(`refuses ${what}`, async () => {
      const raw = what === "invalid UTF-8" ? new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]) : body;
      const send = () =>
        raw instanceof Uint8Array
          ? call("/transaction", {
              method: "POST",
              headers: { Authorization: `Bearer ${account.beta}`, "Content-Type": "application/json" },
              body: raw,
            })
          : postTransaction(raw, account.beta);
      await expectRefused(send, 400);
    });
  }

  const good: [string, unknown][] = [
    ["a transaction of 1,024 characters after trimming", { transaction: `  ${"A".repeat(1024)}  ` }],
    ["1,024 emoji (characters, not UTF-16 units: each is two)", { transaction: "🍕".repeat(1024) }],
    ["a lowercase country code", { transaction: "X", country_code: "gb" }],
    ["AQ without context", { transaction: "X", country_code: "AQ" }],
    ["tomorrow's date", { transaction: "X", transaction_context: { ...context, date: utcDate(1) } }],
    ["1970-01-01 and amount 0", { transaction: "X", transaction_context: { ...context, date: "1970-01-01", amount: 0 } }],
    ["amount 10^12", { transaction: "X", transaction_context: { ...context, amount: 1_000_000_000_000 } }],
    ["a lowercase currency", { transaction: "X", transaction_context: { ...context, currency: "eur" } }],
    ["a legacy listed currency (VEF)", { transaction: "X", transaction_context: { ...context, currency: "VEF" } }],
    ["a full account holder", { transaction: "X", transaction_context: { ...context, entry_type: "incoming", account_holder: { type: "business", name: " Acme Ltd " } } }],
  ];
  for (const [what, body] of good) {
    it(`accepts ${what}`, async () => {
      expect((await postTransaction(body, account.beta)).status).toBe(200);
    });
  }

  it("trims invisible characters around a transaction like spaces, so the row's name has none", async () => {
    const response = await postTransaction({ transaction: "\u200b\ufeffJOES CORNER DINER\u0000\u200d" }, account.beta);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe("Joes Corner Diner");
  });
});
