// The image host's trip budget: a cached variant costs no storage trip before its answer on a warm isolate (the key and
// the image are both in the isolate), and a first render reads its master once. A publishable key revoked elsewhere is
// refused within KEY_CACHE_MS, as on the other hosts.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/img/src/index.ts";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { statusesAroundRevocation } from "../helpers/caches.ts";
import { countingWorker, type Trips } from "../helpers/trips.ts";

const img = countingWorker(worker, env);
let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
  await seedBrand({ domain: "tripmark.com", name: "TripMark" }, await logoPng(1024, 512));
  await env.DB.prepare("UPDATE domains SET indexed_at = '2026-01-01T00:00:00.000Z', queued_at = '2026-01-01T00:00:00.000Z' WHERE domain = 'tripmark.com'").run();
});

const logo = (query: string, key = token) => img(`/tripmark.com?${query}&token=${key}`);

describe("trips per request", () => {
  it("a first render: the domain's record and the small master, and the variant stored", async () => {
    const { response, trips } = await logo("size=64&format=webp");
    expect(response.status).toBe(200);
    // D1: the key and the record. KV: the variant, the request's latest variant and the source's failure mark, all
    // missing, then the variant and the pointer written. R2: the small master alone (a 64 px variant fits it).
    expect(trips.response).toEqual({ d1_trips: 2, d1_statements: 3, kv_reads: 3, kv_writes: 2, r2_reads: 1 });
  });

  it("the same variant again on a warm isolate: no trip before the answer, the count after it", async () => {
    await logo("size=96&format=png");
    const { response, trips } = await logo("size=96&format=png");
    expect(response.status).toBe(200);
    expect(trips).toEqual({ response: {}, background: { d1_trips: 1, d1_statements: 1 }, object: {} });
  });
});

describe("metering", () => {
  const d1Statements = ({ response, background }: Trips) => (response.d1_statements ?? 0) + (background.d1_statements ?? 0);

  it("past a paid plan's pool, the isolate writes the period's notice once, then only counts", async () => {
    await logo("size=48"); // the variant and the record in the isolate, so the starter's requests only meter
    const starter = await newAccount("starter");
    await env.DB.prepare("INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, 'img', 100000)")
      .bind(starter.id, new Date().toISOString().slice(0, 10))
      .run();
    const first = await logo("size=48", starter.publishable);
    expect(d1Statements(first.trips)).toBe(4); // the key, the notice, the count and the key's first use
    const again = await logo("size=48", starter.publishable);
    expect(again.response.status).toBe(200);
    expect(again.trips).toEqual({ response: {}, background: { d1_trips: 1, d1_statements: 1 }, object: {} });
  });
});

describe("keys", () => {
  it("a key's first use in the isolate is stamped in the count's own trip", async () => {
    await logo("size=40"); // the variant and the record in the isolate
    const fresh = await newAccount("pro");
    const first = await logo("size=40", fresh.publishable);
    expect(first.trips.background).toEqual({ d1_trips: 1, d1_statements: 2 });
    const lastUsed = await env.DB.prepare("SELECT last_used_at FROM api_keys WHERE account_id = ? AND kind = 'publishable'")
      .bind(fresh.id)
      .first<string>("last_used_at");
    expect(Date.now() - Date.parse(lastUsed!)).toBeLessThan(60_000);
  });

  it("a publishable key revoked elsewhere is refused within KEY_CACHE_MS", async () => {
    const account = await newAccount("pro");
    const image = async () => (await logo("size=32", account.publishable)).response.status;
    expect(await statusesAroundRevocation(account.id, "publishable", image)).toEqual([200, 200, 401]);
  });
});
