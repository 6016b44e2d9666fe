// Subscriptions on the JSON host: create (idempotent, starting indexing when the domain is new), list with cursor
// pagination, delete; per account; the spec's error shapes.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { blockDomain } from "@brand/core/brands/store";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { harness } from "./webhook-harness.ts";

const h = harness();
let account: Awaited<ReturnType<typeof newAccount>>;
type Sub = { id: string; domain: string; entity_id: string | null; created_at: string };

const subscribe = (domain: unknown, key = account.secret) => h.json("POST", "/subscriptions", key, { domain });

beforeAll(async () => {
  account = await newAccount("pro");
  await seedBrand({ domain: "stripe.com", name: "Stripe" }, await logoPng(64, 64));
  // Crawled since it was seeded: a seeded brand never crawled would have its first crawl queued (see below).
  await env.DB.prepare("UPDATE domains SET indexed_at = '2026-01-01T00:00:00.000Z' WHERE domain = 'stripe.com'").run();
});

describe("POST /subscriptions", () => {
  it("subscribes to an indexed brand: 201 with the brand id, no crawl queued", async () => {
    const response = await subscribe("https://www.Stripe.com/pricing");
    expect(response.status).toBe(201);
    const body = (await response.json()) as Sub;
    expect(Object.keys(body).sort()).toEqual(["created_at", "domain", "entity_id", "id"]);
    expect(body).toMatchObject({ id: expect.stringMatching(/^sub_[0-9A-Za-z]{20}$/), domain: "stripe.com", entity_id: expect.stringMatching(/^brd_/) });
    expect(h.indexQueue.take()).toEqual([]);
  });

  it("subscribes to a seeded brand never crawled: 201 with the brand id, and its first crawl queued", async () => {
    await seedBrand({ domain: "seeded-only.com", name: "Seeded Only" }, await logoPng(64, 64));
    const response = await subscribe("seeded-only.com");
    expect(response.status).toBe(201);
    expect(((await response.json()) as Sub).entity_id).toMatch(/^brd_/);
    // Crawled in the request's waitUntil; the queue holds its retry, which runs only if that crawl never lands.
    expect(h.indexQueue.take()).toEqual([{ domain: "seeded-only.com", unless_crawled_after: expect.any(String) }]);
  });

  it("is idempotent: the same domain again is 200 with the same subscription", async () => {
    const first = (await (await subscribe("idem-shop.com")).json()) as Sub;
    const again = await subscribe("IDEM-SHOP.com");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(await countRows("subscriptions", "account_id = ? AND domain = ?", account.id, "idem-shop.com")).toBe(1);
  });

  it("crawls an unknown domain once, at once: its brand id shows as soon as the crawl is done", async () => {
    h.indexQueue.take();
    const response = await subscribe("acme-jsonld.test");
    expect(response.status).toBe(201);
    // The answer does not wait for the crawl; the crawl runs after it (the harness waits for the request's waitUntil).
    expect(((await response.json()) as Sub).entity_id).toBeNull();
    expect(h.indexQueue.take()).toEqual([{ domain: "acme-jsonld.test", unless_crawled_after: expect.any(String) }]);
    const list = (await (await h.json("GET", "/subscriptions", account.secret)).json()) as { data: Sub[] };
    expect(list.data.find((s) => s.domain === "acme-jsonld.test")!.entity_id).toMatch(/^brd_/);
    // Another account subscribing afterwards starts no second crawl.
    const other = await newAccount("starter");
    expect((await subscribe("acme-jsonld.test", other.secret)).status).toBe(201);
    expect(h.indexQueue.take()).toEqual([]);
    expect(await countRows("domains", "domain = ? AND attempts = 0 AND state = 'indexed'", "acme-jsonld.test")).toBe(1);
  });

  it.each([
    ["an IP address", "10.0.0.1"],
    ["a non-registrable name", "localhost"],
    ["an empty domain", ""],
    ["a number", 42],
  ])("refuses %s with 400 err, writing nothing", async (_, domain) => {
    const before = await countRows("subscriptions");
    const response = await subscribe(domain);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
    expect(await countRows("subscriptions")).toBe(before);
  });

  it("refuses unknown fields and a malformed body with 400", async () => {
    expect((await h.json("POST", "/subscriptions", account.secret, { domain: "a.com", events: [] })).status).toBe(400);
    const raw = await h.api("/subscriptions", { method: "POST", headers: { Authorization: `Bearer ${account.secret}`, "Content-Type": "application/json" }, body: "{" });
    expect(raw.status).toBe(400);
  });

  it("answers 404 for a blocked domain", async () => {
    await blockDomain(env.DB, "blocked-brand.com", "owner asked", new Date());
    const response = await subscribe("blocked-brand.com");
    expect(response.status).toBe(404);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
  });
});

describe("GET /subscriptions", () => {
  it("pages newest first with a cursor, without skipping or repeating", async () => {
    const mine = await newAccount("pro");
    const domains = Array.from({ length: 7 }, (_, i) => `page-shop-${i}.com`);
    for (const domain of domains) await subscribe(domain, mine.secret);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await h.json("GET", `/subscriptions?limit=3${cursor ? `&cursor=${cursor}` : ""}`, mine.secret);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { data: Sub[]; next_cursor: string | null };
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((s) => s.domain));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    // Every one once, newest first (rows made in the same millisecond fall back on their id).
    expect([...seen].sort()).toEqual([...domains].sort());
  });

  it("shows only the caller's subscriptions", async () => {
    const a = await newAccount("pro");
    const b = await newAccount("pro");
    await subscribe("only-mine.com", a.secret);
    const page = (await (await h.json("GET", "/subscriptions", b.secret)).json()) as { data: Sub[] };
    expect(page).toEqual({ data: [], next_cursor: null });
  });

  it.each(["limit=0", "limit=101", "limit=abc", "cursor=not-a-cursor"])("refuses %s with 400 err", async (query) => {
    const response = await h.json("GET", `/subscriptions?${query}`, account.secret);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
  });
});

describe("DELETE /subscriptions/{id}", () => {
  it("deletes the caller's subscription: 204, then 404", async () => {
    const { id } = (await (await subscribe("to-delete.com")).json()) as Sub;
    expect((await h.json("DELETE", `/subscriptions/${id}`, account.secret)).status).toBe(204);
    expect(await countRows("subscriptions", "id = ?", id)).toBe(0);
    const again = await h.json("DELETE", `/subscriptions/${id}`, account.secret);
    expect(again.status).toBe(404);
    expect(Object.keys((await again.json()) as object)).toEqual(["err"]);
  });

  it("answers 404 for another account's subscription and leaves it alone", async () => {
    const { id } = (await (await subscribe("not-yours.com")).json()) as Sub;
    const stranger = await newAccount("pro");
    expect((await h.json("DELETE", `/subscriptions/${id}`, stranger.secret)).status).toBe(404);
    expect(await countRows("subscriptions", "id = ?", id)).toBe(1);
  });

  it("answers 400 for a malformed id", async () => {
    expect((await h.json("DELETE", "/subscriptions/nope", account.secret)).status).toBe(400);
  });
});

describe("authentication", () => {
  it.each([
    ["no key", null],
    ["a publishable key", "publishable"],
    ["a beta key", "beta"],
  ] as const)("answers 401 msg with %s, and writes nothing", async (_, kind) => {
    const before = await countRows("subscriptions");
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (kind) headers.Authorization = `Bearer ${account[kind]}`;
    for (const [method, path, body] of [
      ["POST", "/subscriptions", JSON.stringify({ domain: "keyless.com" })],
      ["GET", "/subscriptions", undefined],
      ["DELETE", "/subscriptions/sub_AAAAAAAAAAAAAAAAAAAA", undefined],
    ] as const) {
      const response = await h.api(path, { method, headers, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
    }
    expect(await countRows("subscriptions")).toBe(before);
  });

  it("counts each call as one request", async () => {
    const counted = await newAccount("pro");
    await subscribe("counted.com", counted.secret);
    await h.json("GET", "/subscriptions", counted.secret);
    const used = await env.DB.prepare("SELECT SUM(count) AS n FROM usage_daily WHERE account_id = ?").bind(counted.id).first<number>("n");
    expect(used).toBe(2);
  });
});
