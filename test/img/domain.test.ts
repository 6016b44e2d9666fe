// GET /{domain} on the image host: the seeded logo as a 128×128 JPEG, and the spec's auth rules.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rotateKey, setReferrers } from "@brand/core/auth/accounts";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { decodeImage, pixel } from "../helpers/images.ts";
import { call } from "../helpers/http.ts";

let pro: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  pro = await newAccount("pro");
  // A wide logo: a red block in the middle half of a 512×256 transparent canvas.
  await seedBrand({ domain: "acme.com", name: "Acme" }, await logoPng(512, 256));
});

const logo = (domain: string, token: string | null, headers: HeadersInit = {}) =>
  call(`/${domain}${token === null ? "" : `?token=${encodeURIComponent(token)}`}`, { headers });

async function expectMsg(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
  // Spec, Errors rule 2: the image host sends no Retry-After, X-RateLimit-* or quota headers.
  const limits = [...response.headers.keys()].filter((h) => /^(retry-after|x-ratelimit|.*quota)/.test(h));
  expect(limits).toEqual([]);
}

describe("logo by domain", () => {
  it("is a 128×128 JPEG of the logo, fitted and centred on white", async () => {
    const response = await logo("acme.com", pro.publishable);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const image = await decodeImage(response);
    expect([image.width, image.height]).toEqual([128, 128]);
    const centre = pixel(image, 64, 64);
    expect(centre.r).toBeGreaterThan(190);
    expect(centre.g).toBeLessThan(60);
    // The 2:1 logo fits as 128×64, so the top rows are the white background, and so are the corners.
    for (const [x, y] of [[2, 2], [125, 2], [64, 10], [2, 125]]) {
      const p = pixel(image, x, y);
      expect(Math.min(p.r, p.g, p.b)).toBeGreaterThan(240);
    }
  });

  it("answers 400 with err for a malformed domain", async () => {
    const response = await logo("not_a_domain", pro.publishable);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
  });

  it("starts indexing an unknown domain and answers with the monogram meanwhile", async () => {
    const response = await logo("unknown-shop.com", pro.publishable);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Logo-Fallback")).toBe("monogram");
    expect(await countRows("domains", "domain = ? AND state = 'pending'", "unknown-shop.com")).toBe(1);
  });

  it("counts the request after the response", async () => {
    const account = await newAccount("pro");
    await logo("acme.com", account.publishable);
    await expect.poll(() => countRows("usage_daily", "account_id = ? AND surface = 'img'", account.id), { timeout: 3000 }).toBe(1);
  });
});

describe("indexing queue", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("queues an unknown domain for the crawler, and a known one not", async () => {
    const send = vi.spyOn(env.INDEX_QUEUE, "send");
    await logo("https://www.queued-shop.com/about", pro.publishable);
    await logo("acme.com/", pro.publishable);
    expect(send.mock.calls).toEqual([[{ domain: "queued-shop.com" }]]);
  });

  it("queues a seeded brand that has no logo yet and was never queued, once", async () => {
    await seedBrand({ domain: "seeded-nologo.com", name: "Seeded No Logo" });
    const send = vi.spyOn(env.INDEX_QUEUE, "send");
    await logo("seeded-nologo.com", pro.publishable);
    await logo("seeded-nologo.com", pro.publishable);
    expect(send.mock.calls).toEqual([[{ domain: "seeded-nologo.com" }]]);
  });

  it("sends one message when concurrent first requests race for a domain", async () => {
    const send = vi.spyOn(env.INDEX_QUEUE, "send");
    // Different sizes, so no request can be answered from another's cached image before resolving the domain.
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(`/racing-shop.com?token=${pro.publishable}&size=${20 + i}`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(send.mock.calls).toEqual([[{ domain: "racing-shop.com" }]]);
    // A later request finds the domain pending and queues nothing more.
    await logo("racing-shop.com", pro.publishable);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe("request counting", () => {
  it("loses no count when concurrent requests share a coalesced write", async () => {
    const account = await newAccount("pro");
    await Promise.all(Array.from({ length: 25 }, () => logo("acme.com", account.publishable)));
    const total = () =>
      env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM usage_daily WHERE account_id = ? AND surface = 'img'")
        .bind(account.id)
        .first<number>("n");
    await expect.poll(total, { timeout: 3000 }).toBe(25);
    // Far fewer writes than requests: one row per account, day and host, however many requests.
    expect(await countRows("usage_daily", "account_id = ?", account.id)).toBe(1);
  });
});

describe("image host authentication", () => {
  it("answers 401 msg without a token", async () => {
    await expectMsg(await logo("acme.com", null), 401);
  });

  it("answers 401 for a secret key or a beta key as token", async () => {
    await expectMsg(await logo("acme.com", pro.secret), 401);
    await expectMsg(await logo("acme.com", pro.beta), 401);
  });

  it("answers 401 for an unknown or malformed publishable key", async () => {
    await expectMsg(await logo("acme.com", `pk_${"Z".repeat(24)}`), 401);
    await expectMsg(await logo("acme.com", "pk_"), 401);
    await expectMsg(await logo("acme.com", ""), 401);
  });

  it("answers 401 for a replaced publishable key", async () => {
    const account = await newAccount("pro");
    const fresh = await rotateKey(env.DB, account.id, "publishable", new Date());
    await expectMsg(await logo("acme.com", account.publishable), 401);
    expect((await logo("acme.com", fresh)).status).toBe(200);
  });

  it("applies referrer restrictions: listed hosts and wildcard subdomains only", async () => {
    const account = await newAccount("pro");
    await setReferrers(env.DB, account.id, ["shop.example.com", "*.acme.io"]);
    const from = (referer: string) => logo("acme.com", account.publishable, { Referer: referer });
    expect((await from("https://shop.example.com/cart")).status).toBe(200);
    expect((await from("https://eu.acme.io/")).status).toBe(200);
    expect((await logo("acme.com", account.publishable, { Origin: "https://eu.acme.io" })).status).toBe(200);
    await expectMsg(await from("https://evil.example.com/"), 401);
    await expectMsg(await from("https://acme.io.evil.com/"), 401);
    await expectMsg(await from("https://notacme.io/"), 401);
    await expectMsg(await logo("acme.com", account.publishable), 401);
  });
});

describe("request pool", () => {
  it("answers 429 msg on the free plan once the month's pool is spent", async () => {
    const free = await newAccount("free");
    await env.DB.prepare("INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, 'img', 5000)")
      .bind(free.id, new Date().toISOString().slice(0, 10))
      .run();
    await expectMsg(await logo("acme.com", free.publishable), 429);
  });

  it("serves a paid plan past its pool and records one notice for the period", async () => {
    const starter = await newAccount("starter");
    await env.DB.prepare("INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, 'img', 100000)")
      .bind(starter.id, new Date().toISOString().slice(0, 10))
      .run();
    expect((await logo("acme.com", starter.publishable)).status).toBe(200);
    await expect.poll(() => countRows("notices", "account_id = ? AND kind = 'request_pool_exceeded'", starter.id), { timeout: 3000 }).toBe(1);
  });
});

describe("OpenAPI", () => {
  it("serves the image host's document, version 2.0.0", async () => {
    const doc = (await (await call("/openapi.json")).json()) as { info: { version: string }; paths: object };
    expect(doc.info.version).toBe("2.0.0");
    expect(Object.keys(doc.paths)).toContain("/{domain}");
  });
});
