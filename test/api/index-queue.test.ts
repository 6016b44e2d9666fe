// "A 202 starts exactly one crawl": the JSON host crawls in the first request's waitUntil and sends the indexing queue
// one delayed retry message for it, counted here at the queue binding itself, for unknown domains and for seeded
// brands still waiting for a logo. The domains are subdomains of the slow.test fixture, whose crawl runs until the crawl
// deadline, so every request in a test is made while it runs.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";

let key: string;
beforeAll(async () => {
  key = (await newAccount("pro")).secret;
});
afterEach(() => vi.restoreAllMocks());

/** Wraps the queue binding's send; returns the domains sent so far. */
function queued() {
  const send = vi.spyOn(env.INDEX_QUEUE, "send");
  return () => send.mock.calls.map(([message]) => (message as { domain: string }).domain);
}

const get = (path: string) => call(path, { headers: bearer(key) });
const ENDPOINTS = ["/describe/", "/brand/", "/logos/"];

describe("unknown domains", () => {
  it.each(ENDPOINTS)("%s{domain} answers 202 and queues one job, and its retries queue none", async (endpoint) => {
    const sent = queued();
    const domain = `first-${endpoint.replaceAll("/", "")}.slow.test`;
    expect((await get(`${endpoint}${domain}`)).status).toBe(202);
    expect(sent()).toEqual([domain]);
    expect((await get(`${endpoint}${domain}`)).status).toBe(202);
    expect(sent()).toEqual([domain]);
  });

  it("8 concurrent first requests across the three endpoints queue one job", async () => {
    const sent = queued();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => get(`${ENDPOINTS[i % 3]}stampede.slow.test`)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(202));
    expect(sent()).toEqual(["stampede.slow.test"]);
  });
});

describe("seeded brands without a logo", () => {
  it("are not queued by seeding, and the first request queues them once", async () => {
    const sent = queued();
    await seedBrand({ domain: "seeded-nologo.slow.test", name: "Seeded No Logo" });
    expect(await countRows("domains", "domain = 'seeded-nologo.slow.test' AND state = 'pending' AND queued_at IS NULL")).toBe(1);
    expect(sent()).toEqual([]);
    const first = await get("/describe/seeded-nologo.slow.test");
    expect(first.status).toBe(202);
    expect(sent()).toEqual(["seeded-nologo.slow.test"]);
    for (const endpoint of ENDPOINTS) expect((await get(`${endpoint}seeded-nologo.slow.test`)).status).toBe(202);
    expect(sent()).toEqual(["seeded-nologo.slow.test"]);
  });

  it("8 concurrent first requests queue one job", async () => {
    await seedBrand({ domain: "seeded-stampede.slow.test", name: "Seeded Stampede" });
    const sent = queued();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => get(`${ENDPOINTS[i % 3]}seeded-stampede.slow.test`)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(202));
    expect(sent()).toEqual(["seeded-stampede.slow.test"]);
  });
});
