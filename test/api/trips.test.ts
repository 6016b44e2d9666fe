// The JSON host's trip budget: a repeated describe, logos or search on a warm isolate makes no D1 query before its
// answer (the key and the record come from the isolate; the request is counted after the answer); /brand makes the one
// its credit charge needs. What the isolate keeps is refreshed within its stated bounds.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DOMAIN_CACHE_MS } from "@brand/core/brands/domain-cache";
import worker from "../../workers/api/src/index.ts";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { forgetIsolateCaches, statusesAroundRevocation } from "../helpers/caches.ts";
import { bearer } from "../helpers/http.ts";
import { countingWorker } from "../helpers/trips.ts";

const api = countingWorker(worker, env);
let secret: string;
beforeAll(async () => {
  secret = (await newAccount("pro")).secret;
  await seedBrand({ domain: "tripco.com", name: "TripCo" }, await logoPng(64, 64));
  // Crawled once already: nothing is due on its first request.
  await env.DB.prepare("UPDATE domains SET indexed_at = '2026-01-01T00:00:00.000Z', queued_at = '2026-01-01T00:00:00.000Z' WHERE domain = 'tripco.com'").run();
});
afterEach(() => vi.useRealTimers());

const get = (path: string, key = secret) => api(path, { headers: bearer(key) });
/** The request pool's count, written after the answer (coalesced per account and isolate). */
const METERING = { d1_trips: 1, d1_statements: 1 };

describe("trips per request on a warm isolate", () => {
  it.each(["/describe/tripco.com", "/logos/tripco.com", "/search?q=tripco"])("%s repeated: no trip before the answer", async (path) => {
    expect((await get(path)).response.status).toBe(200);
    const { response, trips } = await get(path);
    expect(response.status).toBe(200);
    expect(trips).toEqual({ response: {}, background: METERING, object: {} });
  });

  it("/brand repeated: one D1 trip, the credit charge (with the month's grant in the same batch)", async () => {
    await get("/brand/tripco.com");
    const { response, trips } = await get("/brand/tripco.com");
    expect(response.status).toBe(200);
    expect(trips.response).toEqual({ d1_trips: 1, d1_statements: 3 });
    expect(trips.background).toEqual(METERING);
  });

  it("a first describe on a cold isolate: the key and the domain's record, one D1 trip each", async () => {
    forgetIsolateCaches();
    const { trips } = await get("/describe/tripco.com");
    expect(trips.response).toEqual({ d1_trips: 2, d1_statements: 3 });
  });
});

describe("what the isolate keeps, and for how long", () => {
  it("a secret key revoked elsewhere is refused within KEY_CACHE_MS", async () => {
    const account = await newAccount("pro");
    const describe = async () => (await get("/describe/tripco.com", account.secret)).response.status;
    expect(await statusesAroundRevocation(account.id, "secret", describe)).toEqual([200, 200, 401]);
  });

  it("a re-crawl's change made elsewhere shows within DOMAIN_CACHE_MS", async () => {
    const name = async () => ((await (await get("/describe/tripco.com")).response.json()) as { name: string }).name;
    forgetIsolateCaches();
    expect(await name()).toBe("TripCo");
    const start = Date.now(); // the record was read just before
    await env.DB.prepare("UPDATE brands SET name = 'TripCo Renamed' WHERE domain = 'tripco.com'").run();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + DOMAIN_CACHE_MS - 1_000);
    expect(await name()).toBe("TripCo");
    vi.setSystemTime(start + DOMAIN_CACHE_MS);
    expect(await name()).toBe("TripCo Renamed");
  });

  it("a domain blocked through this isolate's /admin is refused at once", async () => {
    expect((await get("/describe/tripco.com")).response.status).toBe(200);
    const block = await api("/admin/blocked-domains", {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ domain: "tripco.com", reason: "owner's request" }),
    });
    expect(block.response.status).toBe(201);
    expect((await get("/describe/tripco.com")).response.status).toBe(404);
  });
});
