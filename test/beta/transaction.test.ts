// The row, the daily allowance headers and 429, the in-flight flag's 409 / saved-result cycle, with the provider and
// without it, and the saved rows' 24 hours.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { updateAccount } from "@brand/core/auth/accounts";
import { canonicalRequest, transactionRequestSchema } from "@brand/core/beta/request";
import { forgetCorpusIndex } from "@brand/core/beta/corpus-index";
import { sha256Hex } from "@brand/core/ids";
import type { BetaAccount } from "../../workers/beta/src/beta-account.ts";
import { newAccount } from "../helpers/accounts.ts";
import { accountObject, context, countedToday, lookUpWithRow, postTransaction, postWithoutProvider, startedElsewhere } from "../helpers/beta.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const nextMidnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
};

const failing = () => {
  throw new Error("D1 is down");
};

async function transactionIdOf(accountId: string, body: unknown) {
  return sha256Hex(`${accountId}\n${canonicalRequest(transactionRequestSchema().parse(body))}`);
}

/** Another request for this transaction, counted at `now` and still running. */
async function inFlight(accountId: string, body: unknown, now = Date.now()) {
  return startedElsewhere(accountId, await transactionIdOf(accountId, body), now);
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
    expect(await inFlight(account.id, body)).toEqual({ used: 1, outcomes: [{ state: "new" }] });

    const response = await postTransaction(body, account.beta);
    expect(response.status).toBe(409);
    expect(Object.keys((await response.json()) as object)).toEqual(["error"]);
    expect(response.headers.get("Retry-After")).toBe("2");
    expect(response.headers.get("X-RateLimit-Limit")).toBe("1000");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("998");
    expect(response.headers.get("X-RateLimit-Reset")).toBe(String(nextMidnight()));
    expect(await countedToday(account.id)).toBe(2); // the lookup in flight and this one

    // The same request, spelled differently (key order, case), is the same transaction.
    const respelled = await postTransaction('{"country_code":"US","transaction":"  ACME STORE "}', account.beta);
    expect(respelled.status).toBe(409);
  });

  it("lets a retry read the saved result once the first lookup finished", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "SAVED RESULT SHOP" };
    const first = await postTransaction(body, account.beta);
    expect(first.status).toBe(200);
    const id = await transactionIdOf(account.id, body);
    const saved = await runInDurableObject(accountObject(account.id), (_, state) =>
      state.storage.sql.exec<{ state: string }>("SELECT state FROM lookups WHERE id = ?", id).one(),
    );
    expect(saved.state).toBe("done");
    const retry = await postTransaction(body, account.beta);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(await countedToday(account.id)).toBe(2);
  });

  it("does not hold a lock whose lookup died (lease expired)", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "CRASHED LOOKUP" };
    await inFlight(account.id, body, Date.now() - 60_000);
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

  it("drops the flag of a lookup that failed in the object, so the next identical request looks it up again", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "FAILING LOOKUP SHOP" };
    const transactionId = await transactionIdOf(account.id, body);
    const request = transactionRequestSchema().parse(body);
    // The object's database fails (the corpus index forgotten, so the lookup must read it).
    const failed = await runInDurableObject(accountObject(account.id), async (instance: BetaAccount) => {
      const object = instance as unknown as { env: Record<string, unknown> };
      const real = object.env;
      object.env = { ...real, DB: { prepare: () => failing(), batch: () => failing() } };
      forgetCorpusIndex();
      try {
        return await instance.lookUp({ day: new Date().toISOString().slice(0, 10), limit: 1000, now: Date.now(), accountId: account.id, items: [{ transactionId, request }] });
      } finally {
        object.env = real;
      }
    });
    expect(failed).toEqual({ used: 1, outcomes: [{ state: "failed", error: "D1 is down" }] });
    const kept = await runInDurableObject(accountObject(account.id), (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lookups WHERE id = ?", transactionId).one(),
    );
    expect(kept.n).toBe(0);
    expect((await postTransaction(body, account.beta)).status).toBe(200);
    expect(await countedToday(account.id)).toBe(2); // the failed lookup was counted, like the spec's 409
  });

  it("keeps identical requests of different accounts apart", async () => {
    const a = await newAccount("pro", { beta: true });
    const b = await newAccount("pro", { beta: true });
    const body = { transaction: "SHARED SHOP" };
    await inFlight(a.id, body);
    expect((await postTransaction(body, a.beta)).status).toBe(409);
    expect((await postTransaction(body, b.beta)).status).toBe(200);
  });
});

describe("without a provider (the row is computed first, then counted and saved in one call)", () => {
  it("counts exactly under concurrent lookups, with every Remaining value once", async () => {
    const account = await newAccount("pro", { beta: true });
    await updateAccount(env.DB, account.id, { beta_daily_limit: 20 }, new Date());
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => postWithoutProvider({ transaction: `LOCAL SHOP ${i}` }, account.beta)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("X-RateLimit-Remaining")));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const refused of responses.filter((r) => r.status === 429)) {
      expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(await countedToday(account.id)).toBe(20);
  });

  it("answers concurrent identical requests with one row, counts each, and keeps that row for a retry", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "CONCURRENT CORNER CAFE" };
    const responses = await Promise.all(Array.from({ length: 8 }, () => postWithoutProvider(body, account.beta)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const rows = await Promise.all(responses.map((r) => r.json()));
    for (const row of rows) expect(row).toEqual(rows[0]);
    expect(await countedToday(account.id)).toBe(8);
    const id = await transactionIdOf(account.id, body);
    const saved = await runInDurableObject(accountObject(account.id), (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lookups WHERE id = ? AND state = 'done'", id).one(),
    );
    expect(saved.n).toBe(1);
    expect(await (await postWithoutProvider(body, account.beta)).json()).toEqual(rows[0]);
  });

  it("still answers 409 while the same transaction runs elsewhere with a provider, and counts it", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "PROVIDER STILL RUNNING" };
    await inFlight(account.id, body);
    const response = await postWithoutProvider(body, account.beta);
    expect(response.status).toBe(409);
    expect(response.headers.get("Retry-After")).toBe("2");
    expect(await countedToday(account.id)).toBe(2);
  });

  it("refuses a 400 uncounted and unsaved", async () => {
    const account = await newAccount("pro", { beta: true });
    expect((await postWithoutProvider({ transaction: "   " }, account.beta)).status).toBe(400);
    expect(await countedToday(account.id)).toBe(0);
    const kept = await runInDurableObject(accountObject(account.id), (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lookups").one(),
    );
    expect(kept.n).toBe(0);
  });
});

describe("saved rows", () => {
  it("are kept 24 hours: a retry within them reads the row, one after them looks the transaction up again", async () => {
    const account = await newAccount("pro", { beta: true });
    const t0 = Date.now();
    const row = await (await postWithoutProvider({ transaction: "KEPT A DAY" }, account.beta)).text();
    const outcome = async (now: number) => (await lookUpWithRow(account.id, "tx_kept", now === t0 ? row : "{}", now)).outcomes[0];
    expect(await outcome(t0)).toEqual({ state: "new" });
    expect(await outcome(t0 + DAY_MS - 1)).toEqual({ state: "saved", row });
    expect(await outcome(t0 + DAY_MS)).toEqual({ state: "new" });
  });

  it("are deleted by the object's alarm once a day old", async () => {
    const account = await newAccount("pro", { beta: true });
    const object = accountObject(account.id);
    // The fresh row first: its save sets the alarm for a day from now, and the old row's save leaves it.
    await lookUpWithRow(account.id, "tx_new", '{"status":"cleaned"}');
    await lookUpWithRow(account.id, "tx_old", '{"status":"cleaned"}', Date.now() - DAY_MS - 1);
    expect(await runDurableObjectAlarm(object)).toBe(true);
    const ids = await runInDurableObject(object, (_, state) => state.storage.sql.exec<{ id: string }>("SELECT id FROM lookups ORDER BY id").toArray());
    expect(ids.map((r) => r.id)).toEqual(["tx_new"]);
    expect(await runInDurableObject(object, (_, state) => state.storage.getAlarm())).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
  });
});
