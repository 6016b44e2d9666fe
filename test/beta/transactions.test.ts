// POST /transactions (issue 14): up to 100 items, each validated, counted and answered exactly as POST /transaction
// answers that body; the whole request refused only for auth, content type, body size or a malformed envelope.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { updateAccount } from "@brand/core/auth/accounts";
import { canonicalRequest, MAX_BATCH_BODY_BYTES, transactionRequestSchema } from "@brand/core/beta/request";
import { sha256Hex } from "@brand/core/ids";
import worker from "../../workers/beta/src/index.ts";
import { newAccount } from "../helpers/accounts.ts";
import { accountObject, context, countedToday, postBatch, postTransaction, startedElsewhere } from "../helpers/beta.ts";
import { call } from "../helpers/http.ts";
import { countingWorker } from "../helpers/trips.ts";

type Result = { status: number; row?: Record<string, unknown>; error?: string; retry_after?: number };

const resultsOf = async (response: Response) => ((await response.json()) as { results: Result[] }).results;
const transactionIdOf = (accountId: string, body: unknown) =>
  sha256Hex(`${accountId}\n${canonicalRequest(transactionRequestSchema().parse(body))}`);

describe("a batch", () => {
  it("answers each item in order with the row POST /transaction gives it, and counts each", async () => {
    const [batchAccount, singleAccount] = [await newAccount("pro", { beta: true }), await newAccount("pro", { beta: true })];
    const bodies = [
      { transaction: "NETFLIX.COM 866-579-7172 CA" },
      { transaction: "SQ *BLUE BOTTLE COFFEE OAKLAND CA", transaction_context: context },
      { transaction: "JOES CORNER DINER 0042", country_code: "us" },
    ];
    const response = await postBatch({ transactions: bodies }, batchAccount.beta);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    const results = await resultsOf(response);
    for (const [i, body] of bodies.entries()) {
      const single = await postTransaction(body, singleAccount.beta);
      expect(results[i]).toEqual({ status: 200, row: await single.json() });
    }
    expect(response.headers.get("X-RateLimit-Limit")).toBe("1000");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("997"); // the allowance after the batch
    expect(await countedToday(batchAccount.id)).toBe(3);
  });

  it("answers an invalid item with the 400 or 413 the single call gives, uncounted, and the rest as usual", async () => {
    const account = await newAccount("pro", { beta: true });
    const items = [{ transaction: "VALID SHOP ONE" }, { transaction: "   " }, { transaction: "X", extra: 1 }, { transaction: "A".repeat(9_000) }, "not an object", { transaction: "VALID SHOP TWO" }];
    const response = await postBatch({ transactions: items }, account.beta);
    expect(response.status).toBe(200);
    const results = await resultsOf(response);
    expect(results.map((r) => r.status)).toEqual([200, 400, 400, 413, 400, 200]);
    for (const [i, item] of items.entries()) {
      if (results[i].status === 200) continue;
      const single = await postTransaction(JSON.stringify(item), account.beta); // the helper sends a string as it is
      expect(single.status).toBe(results[i].status);
      expect(results[i]).toEqual({ status: single.status, error: ((await single.json()) as { error: string }).error });
    }
    expect(await countedToday(account.id)).toBe(2);
  });

  it("gives items past the day's allowance 429 with retry_after, counted in order", async () => {
    const account = await newAccount("pro", { beta: true });
    await updateAccount(env.DB, account.id, { beta_daily_limit: 3 }, new Date());
    const response = await postBatch({ transactions: Array.from({ length: 5 }, (_, i) => ({ transaction: `LIMITED SHOP ${i}` })) }, account.beta, { provider: false });
    const results = await resultsOf(response);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    expect(results[3].error).toMatch(/allowance/);
    expect(results[3].retry_after).toBeGreaterThan(0);
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(await countedToday(account.id)).toBe(3);
  });

  it("counts exactly under concurrent batches: every item answered once, the allowance never exceeded", async () => {
    const account = await newAccount("pro", { beta: true });
    await updateAccount(env.DB, account.id, { beta_daily_limit: 25 }, new Date());
    const batch = (b: number) => ({ transactions: Array.from({ length: 10 }, (_, i) => ({ transaction: `BUSY SHOP ${b}-${i}` })) });
    const responses = await Promise.all([0, 1, 2, 3].map((b) => postBatch(batch(b), account.beta, { provider: b % 2 === 0 })));
    const results = (await Promise.all(responses.map(resultsOf))).flat();
    expect(results.filter((r) => r.status === 200)).toHaveLength(25);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    // Each batch's headers give the allowance as it stood after its own items, the last of them 0.
    expect(responses.map((r) => Number(r.headers.get("X-RateLimit-Remaining"))).sort((a, b) => a - b)[0]).toBe(0);
    expect(await countedToday(account.id)).toBe(25);
  });

  it("gives an item whose transaction is in flight elsewhere 409 with retry_after 2, and counts it", async () => {
    const account = await newAccount("pro", { beta: true });
    const busy = { transaction: "BUSY ELSEWHERE SHOP" };
    await startedElsewhere(account.id, await transactionIdOf(account.id, busy));
    for (const provider of [true, false]) {
      const results = await resultsOf(await postBatch({ transactions: [busy, { transaction: `FREE SHOP ${provider}` }] }, account.beta, { provider }));
      expect(results[0]).toEqual({ status: 409, error: expect.stringMatching(/already being looked up/), retry_after: 2 });
      expect(results[1].status).toBe(200);
    }
    expect(await countedToday(account.id)).toBe(5);
  });

  it("answers a transaction named twice with one lookup's row for both, counting both, with or without the provider", async () => {
    for (const provider of [true, false]) {
      const account = await newAccount("pro", { beta: true });
      const body = { transaction: "SLOW LOOKUP NETFLIX.COM", transaction_context: context };
      const results = await resultsOf(await postBatch({ transactions: [body, { ...body }] }, account.beta, { provider }));
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results[1].row).toEqual(results[0].row);
      expect(await countedToday(account.id)).toBe(2);
    }
  });

  it("reads a row saved by an earlier single lookup", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "SAVED BEFORE THE BATCH" };
    const single = await (await postTransaction(body, account.beta)).json();
    expect((await resultsOf(await postBatch({ transactions: [body] }, account.beta)))[0]).toEqual({ status: 200, row: single });
  });

  it("costs one Durable Object call for all its items", async () => {
    const account = await newAccount("pro", { beta: true });
    for (const lookup of [countingWorker(worker, env), countingWorker(worker, { ...env, ENRICHMENT_URL: "" })]) {
      const transactions = Array.from({ length: 20 }, (_, i) => ({ transaction: `TRIP SHOP ${i} ${Math.random()}` }));
      const { response, trips } = await lookup("/transactions", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${account.beta}` },
        body: JSON.stringify({ transactions }),
      });
      expect(response.status).toBe(200);
      expect(trips.response.do_calls).toBe(1);
    }
  });
});

describe("a batch refused whole, nothing counted", () => {
  const refusals: [string, unknown, RegExp][] = [
    ["no transactions field", {}, /transactions/],
    ["transactions not a list", { transactions: { transaction: "X" } }, /transactions/],
    ["an empty list", { transactions: [] }, /at least one/],
    ["over 100 items", { transactions: Array.from({ length: 101 }, (_, i) => ({ transaction: `SHOP ${i}` })) }, /at most 100/],
    ["an unknown field beside transactions", { transactions: [{ transaction: "X" }], extra: true }, /Unknown field: extra/],
    ["a list, not an object", [{ transaction: "X" }], /object/],
  ];
  for (const [what, body, message] of refusals) {
    it(`400 for ${what}`, async () => {
      const account = await newAccount("pro", { beta: true });
      const response = await postBatch(body, account.beta);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringMatching(message) });
      expect(await countedToday(account.id)).toBe(0);
    });
  }

  it("400 for a body that is not JSON, 415 for another content type, 413 past the batch limit", async () => {
    const account = await newAccount("pro", { beta: true });
    expect((await postBatch("{not json", account.beta)).status).toBe(400);
    expect((await postBatch({ transactions: [{ transaction: "X" }] }, account.beta, { headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    const huge = await postBatch({ transactions: [{ transaction: "X".repeat(MAX_BATCH_BODY_BYTES) }] }, account.beta);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "The body is over 819,200 bytes." });
    expect(await countedToday(account.id)).toBe(0);
    const kept = await runInDurableObject(accountObject(account.id), (_, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lookups").one());
    expect(kept.n).toBe(0);
  });

  it("401 without a valid beta key, 403 when the beta is off", async () => {
    expect((await postBatch({ transactions: [{ transaction: "X" }] }, null)).status).toBe(401);
    expect((await postBatch({ transactions: [{ transaction: "X" }] }, "tx_beta_" + "x".repeat(32))).status).toBe(401);
    const off = await newAccount("pro", { beta: false });
    const response = await postBatch({ transactions: [{ transaction: "X" }] }, off.beta);
    expect(response.status).toBe(403);
    expect(Object.keys((await response.json()) as object)).toEqual(["error"]);
  });

  it("is in the OpenAPI document with its limits", async () => {
    const spec = (await (await call("/openapi.json")).json()) as {
      paths: Record<string, { post?: { responses: Record<string, unknown>; summary: string } }>;
    };
    const post = spec.paths["/transactions"].post!;
    expect(post.summary).toMatch(/up to 100/);
    expect(Object.keys(post.responses).sort()).toEqual(["200", "400", "401", "403", "413", "415", "500"]);
  });
});
