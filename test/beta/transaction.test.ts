// The row, the daily allowance headers and 429, and the in-flight lock's 409 / saved-result cycle.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { updateAccount } from "@brand/core/auth/accounts";
import { canonicalRequest, transactionRequestSchema } from "@brand/core/beta/request";
import { sha256Hex } from "@brand/core/ids";
import { newAccount } from "../helpers/accounts.ts";
import { context, countedToday, postTransaction } from "../helpers/beta.ts";

const nextMidnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
};

async function lockFor(accountId: string, body: unknown) {
  const canonical = canonicalRequest(transactionRequestSchema().parse(body));
  return env.TRANSACTION_LOCK.get(env.TRANSACTION_LOCK.idFromName(await sha256Hex(`${accountId}\n${canonical}`)));
}

describe("identity row", () => {
  it("is a cleaned row with the tidied descriptor, and no entity_type without context", async () => {
    const account = await newAccount("pro", { beta: true });
    const response = await postTransaction({ transaction: "  POS PURCHASE JOE'S COFFEE #1234 04/12  " }, account.beta);
    expect(response.status).toBe(200);
    const row = (await response.json()) as Record<string, unknown>;
    expect(row).toEqual({
      domain: null,
      name: "Joe's Coffee",
      entity_id: null,
      logo_url: null,
      parent: null,
      intermediary: null,
      status: "cleaned",
      match_type: "cleaned_descriptor",
      confidence: expect.any(Number),
    });
    expect(row.confidence).toBeGreaterThanOrEqual(0);
    expect(row.confidence).toBeLessThanOrEqual(1);
  });

  it("carries entity_type (null: nobody classified) when the request has context", async () => {
    const account = await newAccount("pro", { beta: true });
    const row = await (await postTransaction({ transaction: "CORNER DELI", transaction_context: context }, account.beta)).json();
    expect(row).toHaveProperty("entity_type", null);
  });

  it("gives the same input the same score", async () => {
    const a = await newAccount("pro", { beta: true });
    const b = await newAccount("pro", { beta: true });
    const first = (await (await postTransaction({ transaction: "SOME SHOP 123" }, a.beta)).json()) as { confidence: number };
    const second = (await (await postTransaction({ transaction: "SOME SHOP 123" }, b.beta)).json()) as { confidence: number };
    expect(first.confidence).toBe(second.confidence);
  });
});

describe("daily allowance", () => {
  it("sends the three X-RateLimit headers, counting down, reset at next UTC midnight", async () => {
    const account = await newAccount("pro", { beta: true });
    const first = await postTransaction({ transaction: "SHOP A" }, account.beta);
    const second = await postTransaction({ transaction: "SHOP B" }, account.beta);
    expect(first.headers.get("X-RateLimit-Limit")).toBe("1000");
    expect(first.headers.get("X-RateLimit-Remaining")).toBe("999");
    expect(second.headers.get("X-RateLimit-Remaining")).toBe("998");
    expect(Number(first.headers.get("X-RateLimit-Reset"))).toBe(nextMidnight());
  });

  it("answers 429 once the day's allowance is spent", async () => {
    const account = await newAccount("pro", { beta: true });
    await updateAccount(env.DB, account.id, { beta_daily_limit: 2 }, new Date());
    expect((await postTransaction({ transaction: "SHOP 1" }, account.beta)).status).toBe(200);
    expect((await postTransaction({ transaction: "SHOP 2" }, account.beta)).status).toBe(200);
    const refused = await postTransaction({ transaction: "SHOP 3" }, account.beta);
    expect(refused.status).toBe(429);
    expect(Object.keys((await refused.json()) as object)).toEqual(["error"]);
    expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(await countedToday(account.id)).toBe(2);
  });

  it("counts exactly under concurrent lookups", async () => {
    const account = await newAccount("pro", { beta: true });
    await updateAccount(env.DB, account.id, { beta_daily_limit: 20 }, new Date());
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postTransaction({ transaction: `MERCHANT ${i}` }, account.beta)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("X-RateLimit-Remaining")));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(await countedToday(account.id)).toBe(20);
  });

  it("keeps one account's count apart from another's", async () => {
    const a = await newAccount("pro", { beta: true });
    const b = await newAccount("pro", { beta: true });
    await postTransaction({ transaction: "SHOP" }, a.beta);
    expect(await countedToday(a.id)).toBe(1);
    expect(await countedToday(b.id)).toBe(0);
  });
});

describe("in-flight lock", () => {
  it("answers 409 with Retry-After 2 and the rate-limit headers while the same lookup runs, and counts it", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "ACME STORE", country_code: "us" };
    const lock = await lockFor(account.id, body);
    expect(await lock.begin(Date.now())).toEqual({ state: "started" });

    const response = await postTransaction(body, account.beta);
    expect(response.status).toBe(409);
    expect(Object.keys((await response.json()) as object)).toEqual(["error"]);
    expect(response.headers.get("Retry-After")).toBe("2");
    expect(response.headers.get("X-RateLimit-Limit")).toBe("1000");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("999");
    expect(response.headers.get("X-RateLimit-Reset")).toBe(String(nextMidnight()));
    expect(await countedToday(account.id)).toBe(1);

    // The same request, spelled differently (key order, case), is the same transaction.
    const respelled = await postTransaction('{"country_code":"US","transaction":"  ACME STORE "}', account.beta);
    expect(respelled.status).toBe(409);
  });

  it("lets a retry read the saved result once the first lookup finished", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "SAVED RESULT SHOP" };
    const first = await postTransaction(body, account.beta);
    expect(first.status).toBe(200);
    const lock = await lockFor(account.id, body);
    const saved = await runInDurableObject(lock, (_, state) => state.storage.kv.get<{ state: string }>("lookup"));
    expect(saved?.state).toBe("done");
    const retry = await postTransaction(body, account.beta);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(await countedToday(account.id)).toBe(2);
  });

  it("does not hold a lock whose lookup died (lease expired)", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "CRASHED LOOKUP" };
    const lock = await lockFor(account.id, body);
    await lock.begin(Date.now() - 60_000);
    expect((await postTransaction(body, account.beta)).status).toBe(200);
  });

  it("under concurrent identical requests: one lookup, the others 409 with Retry-After 2, then a retry reads the saved row; all counted", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "SLOW LOOKUP NETFLIX.COM", transaction_context: context };
    const responses = await Promise.all(Array.from({ length: 5 }, () => postTransaction(body, account.beta)));
    const ok = responses.filter((r) => r.status === 200);
    const busy = responses.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(busy).toHaveLength(4);
    for (const r of busy) {
      expect(r.headers.get("Retry-After")).toBe("2");
      for (const h of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) expect(r.headers.get(h)).toMatch(/^\d+$/);
    }
    const first = await ok[0].json();
    expect(first).toMatchObject({ status: "matched", domain: "netflix.com" });
    const retry = await postTransaction(body, account.beta);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(first);
    expect(await countedToday(account.id)).toBe(6);
  });

  it("keeps identical requests of different accounts apart", async () => {
    const a = await newAccount("pro", { beta: true });
    const b = await newAccount("pro", { beta: true });
    const body = { transaction: "SHARED SHOP" };
    await (await lockFor(a.id, body)).begin(Date.now());
    expect((await postTransaction(body, a.beta)).status).toBe(409);
    expect((await postTransaction(body, b.beta)).status).toBe(200);
  });
});
