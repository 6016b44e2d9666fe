// The beta's trip budget (issue: one round trip where there were six): on a warm isolate a fresh lookup makes one
// Durable Object call and no D1 query before its answer, with or without the provider, counting the object's own
// trips out of it too; a cold isolate reads the key and the corpus once; what the isolate keeps is refreshed within
// its stated bounds (CORPUS_TTL_MS, KEY_CACHE_MS).
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CORPUS_TTL_MS } from "@brand/core/beta/corpus-index";
import worker from "../../workers/beta/src/index.ts";
import { newAccount } from "../helpers/accounts.ts";
import { countedToday } from "../helpers/beta.ts";
import { forgetIsolateCaches, statusesAroundRevocation } from "../helpers/caches.ts";
import { seedCorpus } from "../helpers/corpus.ts";
import { countingWorker } from "../helpers/trips.ts";

/** Our own stages alone (no provider), as `npm run bench:beta` measures them, and with the (fake) provider. */
const ownStages = countingWorker(worker, { ...env, ENRICHMENT_URL: "" });
const withProvider = countingWorker(worker, env);

let account: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  await seedCorpus();
  account = await newAccount("pro", { beta: true });
});
afterEach(() => vi.useRealTimers());

const post = (lookup: typeof ownStages, body: unknown, key = account.beta) =>
  lookup("/transaction", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` }, body: JSON.stringify(body) });

describe("trips per lookup", () => {
  it("a fresh lookup on a warm isolate: one Durable Object call, no D1 query before the answer", async () => {
    await post(ownStages, { transaction: "WARM UP 1" });
    for (const transaction of ["NETFLIX.COM 866-579-7172 CA", "SQ *BLUE BOTTLE COFFEE OAKLAND CA", "JOES CORNER DINER 0042"]) {
      const { response, trips } = await post(ownStages, { transaction });
      expect(response.status).toBe(200);
      expect(trips.response).toEqual({ do_calls: 1 });
      expect(trips.object).toEqual({});
    }
    // After the answer, one write: the dashboard's mirror of the day's count (and, for a row naming a brand whose
    // first crawl is due, that crawl's claim and queue message).
    expect((await post(ownStages, { transaction: "MAPLE STREET BAKERY" })).trips.background).toEqual({ d1_trips: 1, d1_statements: 1 });
  });

  it("a beta key's first use in the isolate is stamped in the mirror's own trip", async () => {
    const fresh = await newAccount("pro", { beta: true });
    await post(ownStages, { transaction: "WARM UP 2" }, fresh.beta); // the key read from D1
    const lastUsed = await env.DB.prepare("SELECT last_used_at FROM api_keys WHERE account_id = ? AND kind = 'beta'")
      .bind(fresh.id)
      .first<string>("last_used_at");
    expect(Date.now() - Date.parse(lastUsed!)).toBeLessThan(60_000);
    const again = await post(ownStages, { transaction: "WARM UP 3" }, fresh.beta);
    expect(again.trips.background).toEqual({ d1_trips: 1, d1_statements: 1 }); // stamped already: the mirror alone
  });

  it("a retry of a finished lookup reads its saved row in the same single call", async () => {
    const body = { transaction: "AMAZON.COM*2K4RT5 AMZN.COM/BILL WA" };
    const first = await post(ownStages, body);
    const retry = await post(ownStages, body);
    expect(retry.trips.response).toEqual({ do_calls: 1 });
    expect(await retry.response.json()).toEqual(await first.response.json());
  });

  it("with the provider: one call that counts, flags, looks up and saves the row before the answer", async () => {
    // Warms the isolate, and makes the object claim spotify.com's first crawl (a D1 write and a queue message in its
    // waitUntil): the domain the provider names is not indexed in the test seed.
    const warmUp = await post(withProvider, { transaction: "SPOTIFY WARM UP" });
    expect(warmUp.trips.object).toEqual({ d1_trips: 1, d1_statements: 1, queue_sends: 1, queue_messages: 1 });
    const body = { transaction: "SPOTIFY USA 877-7781161 NY" };
    const { response, trips } = await post(withProvider, body);
    expect(response.status).toBe(200);
    expect(trips.response).toEqual({ do_calls: 1 });
    expect(trips.object).toEqual({}); // the object's isolate keeps the corpus index too
    // The row was saved: the retry reads it in its one call, with no provider call.
    const retry = await post(withProvider, body);
    expect(retry.trips.response).toEqual({ do_calls: 1 });
    expect(await retry.response.json()).toEqual(await response.json());
  });

  it("a cold isolate reads the key and the corpus index once (one D1 trip each), then nothing", async () => {
    forgetIsolateCaches();
    const cold = await post(ownStages, { transaction: "COLD START SHOP" });
    expect(cold.trips.response).toEqual({ d1_trips: 2, d1_statements: 6, do_calls: 1 });
    expect((await post(ownStages, { transaction: "WARM SHOP" })).trips.response).toEqual({ do_calls: 1 });
  });

  it("a 400 makes no trip at all once the key is known, and is not counted", async () => {
    const before = await countedToday(account.id);
    const { response, trips } = await post(ownStages, { transaction: "X", extra: 1 });
    expect(response.status).toBe(400);
    expect(trips).toEqual({ response: {}, background: {}, object: {} });
    expect(await countedToday(account.id)).toBe(before);
  });
});

describe("what the isolate keeps, and for how long", () => {
  it("a corpus brand indexed since the index was read shows in rows within CORPUS_TTL_MS", async () => {
    const body = (n: number) => ({ transaction: `CHEWY.COM ${n}` });
    const entityOf = async (n: number) => ((await (await post(ownStages, body(n))).response.json()) as { entity_id: string | null }).entity_id;
    await env.DB.prepare("UPDATE domains SET state = 'pending', brand_id = brand_id WHERE domain = 'chewy.com'").run();
    forgetIsolateCaches();
    expect(await entityOf(1)).toBeNull(); // pending: no entity yet
    const start = Date.now(); // the index was read just before
    await env.DB.prepare("UPDATE domains SET state = 'indexed' WHERE domain = 'chewy.com'").run();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + CORPUS_TTL_MS - 1_000);
    expect(await entityOf(2)).toBeNull(); // still the index read at `start`
    vi.setSystemTime(start + CORPUS_TTL_MS);
    expect(await entityOf(3)).toMatch(/^brd_/);
  });

  it("a beta key revoked elsewhere is refused within KEY_CACHE_MS", async () => {
    const other = await newAccount("pro", { beta: true });
    const lookup = async (n: number) => (await post(ownStages, { transaction: `KEY CHECK ${n}` }, other.beta)).response.status;
    expect(await statusesAroundRevocation(other.id, "beta", lookup)).toEqual([200, 200, 401]);
  });
});
