// The image host's trip budget: a cached variant costs no storage trip before its answer on a warm isolate (the key and
// the image are both in the isolate), and a first render reads its master once. A publishable key revoked elsewhere is
// refused within KEY_CACHE_MS, as on the other hosts.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { KEY_CACHE_MS } from "@brand/core/auth/authenticate";
import worker from "../../workers/img/src/index.ts";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { countingWorker } from "../helpers/trips.ts";

const img = countingWorker(worker, env);
let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
  await seedBrand({ domain: "tripmark.com", name: "TripMark" }, await logoPng(1024, 512));
  await env.DB.prepare("UPDATE domains SET indexed_at = '2026-01-01T00:00:00.000Z', queued_at = '2026-01-01T00:00:00.000Z' WHERE domain = 'tripmark.com'").run();
});
afterEach(() => vi.useRealTimers());

const logo = (query: string, key = token) => img(`/tripmark.com?${query}&token=${key}`);

describe("trips per request", () => {
  it("a first render: the domain's record and the small master, and the variant stored", async () => {
    const { response, trips } = await logo("size=64&format=webp");
    expect(response.status).toBe(200);
    // D1: the key and the record; KV: the variant and the latest-variant pointer, both missing; R2: the small master.
    // D1: the key and the record. KV: the variant, the request's latest variant and the source's failure mark, all
    // missing, then the variant and the pointer written. R2: the small master alone (a 64 px variant fits it).
    expect(trips.response).toEqual({ d1_trips: 2, d1_statements: 3, kv_reads: 3, kv_writes: 2, r2_reads: 1 });
  });

  it("the same variant again on a warm isolate: no trip before the answer, the count after it", async () => {
    await logo("size=96&format=png");
    const { response, trips } = await logo("size=96&format=png");
    expect(response.status).toBe(200);
    expect(trips).toEqual({ response: {}, background: { d1_trips: 1, d1_statements: 1 } });
  });
});

describe("keys", () => {
  it("a publishable key revoked elsewhere is refused within KEY_CACHE_MS", async () => {
    const account = await newAccount("pro");
    expect((await logo("size=32", account.publishable)).response.status).toBe(200);
    const start = Date.now(); // the key was read just before
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND kind = 'publishable'").bind(new Date().toISOString(), account.id).run();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + KEY_CACHE_MS - 1_000);
    expect((await logo("size=32", account.publishable)).response.status).toBe(200);
    vi.setSystemTime(start + KEY_CACHE_MS);
    expect((await logo("size=32", account.publishable)).response.status).toBe(401);
  });
});
