// Indexing on demand, end to end on the fixture sites: crawl, store, state transitions, events, queue and cron.
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { IndexMessage } from "@brand/core/queue-messages";
import { crawlDomain } from "@brand/core/crawler/index-domain";
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import { saveCrawl } from "@brand/core/crawler/save-crawl";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { searchBrands } from "@brand/core/brands/search";
import { getBrand, lookupDomain } from "@brand/core/brands/store";
import worker from "../../workers/api/src/index.ts";
import { REINDEX_BATCH } from "@brand/core/crawler/reindex";
import { crawlsSettled, reindexDue, RETRY_DELAY_S } from "../../workers/api/src/indexing.ts";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { bearer, call } from "../helpers/http.ts";

const config = crawlConfig(env);
const index = async (domain: string) => {
  await initWorkerCodecs(); // as the queue consumer does
  return runIndexJob(env, domain, config);
};

/** What a crawl of a fixture site finds, without storing it. */
async function crawlResultOf(domain: string) {
  await initWorkerCodecs();
  return crawlDomain(domain, config);
}

async function indexed(domain: string) {
  const found = await lookupDomain(env.DB, domain);
  if (found.state !== "indexed") throw new Error(`${domain} is ${found.state}`);
  return found.brand;
}

/** The events recorded for a domain's brand, oldest first. */
async function events(domain: string) {
  const { results } = await env.DB.prepare("SELECT type FROM events WHERE domain = ? ORDER BY rowid")
    .bind(domain)
    .all<{ type: string }>();
  return results.map((e) => e.type);
}

const domainRow = (domain: string) => env.DB.prepare("SELECT * FROM domains WHERE domain = ?").bind(domain).first();

async function failure(domain: string) {
  return env.DB.prepare("SELECT state, attempts, last_error, next_attempt_at FROM domains WHERE domain = ?")
    .bind(domain)
    .first<{ state: string; attempts: number; last_error: string; next_attempt_at: string }>();
}

describe("the spec's indexing states, end to end", () => {
  it("not indexed → 202, crawled right after the answer; a retry once it is done → 200 with data", async () => {
    const { secret } = await newAccount("pro");
    const describe = () => call("/describe/acme-jsonld.test", { headers: bearer(secret) });
    // .test fixture hosts are admitted because CRAWL_PROXY is set (tests and local development only).
    expect((await describe()).status).toBe(202);
    await crawlsSettled(); // the crawl the 202 started, in its waitUntil: no queue batch to wait for
    const record = await describe();
    expect(record.status).toBe(200);
    expect(await record.json()).toMatchObject({ name: "Acme Rockets", domain: "acme-jsonld.test" });
    expect(await events("acme-jsonld.test")).toEqual(["brand.indexed"]);
  });

  it("still running → 202, and requests meanwhile start no second crawl", async () => {
    const { secret } = await newAccount("pro");
    const sent = vi.spyOn(env.INDEX_QUEUE, "send");
    const describe = () => call("/describe/running.slow.test", { headers: bearer(secret) });
    expect((await describe()).status).toBe(202);
    expect((await describe()).status).toBe(202); // the site has not answered yet: the crawl is still running
    expect(sent.mock.calls.map(([body]) => body)).toEqual([{ domain: "running.slow.test", unless_crawled_after: expect.any(String) }]);
    await crawlsSettled(); // it ends at the crawl deadline with nothing found
    expect((await describe()).status).toBe(404);
    expect(sent).toHaveBeenCalledTimes(1);
    sent.mockRestore();
  });

  it("known without data → 404, and the failure is recorded for a retry later", async () => {
    const outcome = await index("nodata.test");
    expect(outcome.indexed).toBe(false);
    const row = await failure("nodata.test");
    expect(row).toMatchObject({ state: "no_data", attempts: 1 });
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await index("nodata.test");
    expect((await failure("nodata.test"))!.attempts).toBe(2);
  });
});

describe("extraction on the fixture sites", () => {
  it("acme-jsonld: JSON-LD name, description, socials, a 512 px logo, colours and blurhash, in R2 by hash", async () => {
    await index("acme-jsonld.test");
    const brand = await indexed("acme-jsonld.test");
    expect(brand.description.length).toBeGreaterThan(10);
    expect(Object.keys(brand.socials).length).toBeGreaterThan(1);
    expect(brand.socials.facebook ?? "").not.toMatch(/sharer/);
    expect(brand.logo_key).toMatch(/^logos\/[0-9a-f]{64}\.png$/);
    expect(await env.LOGOS.head(brand.logo_key!)).not.toBeNull();
    expect(brand.logo_width).toBeGreaterThan(100);
    expect(brand.colors.length).toBeGreaterThan(0);
    expect(brand.colors[0]).toMatchObject({ type: "brand", hex: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(brand.blurhash!.length).toBeGreaterThanOrEqual(20);
  });

  it.each([
    ["touchicon.test", 180],
    ["svgonly.test", null],
    ["icoonly.test", 64],
    ["icobmp.test", 32],
    ["manifest.test", null],
    ["www.redirect-www.test", null],
  ])("%s yields a logo (width %s)", async (domain, width) => {
    const outcome = await index(domain);
    expect(outcome, outcome.reason).toMatchObject({ indexed: true });
    const brand = await indexed(domain);
    expect(brand.logo_key).toMatch(/^logos\//);
    if (width) expect(Math.max(brand.logo_width!, brand.logo_height!)).toBeLessThanOrEqual(width);
  });

  it("follows a redirect to www. through the proxy", async () => {
    expect((await index("redirect-www.test")).indexed).toBe(true);
    expect((await indexed("redirect-www.test")).name).toMatch(/Redwood/);
  });

  it("stores og:image and twitter:image banners, and a square brandmark", async () => {
    await index("banner.test");
    const brand = await indexed("banner.test");
    expect(brand.banners.map((b) => b.source).sort()).toEqual(["og:image", "twitter:image"]);
    for (const banner of brand.banners) {
      expect(banner).toMatchObject({ width: 1200, height: 630 });
      expect(await env.LOGOS.head(banner.key)).not.toBeNull();
    }
    expect(brand.brandmark_key).toMatch(/^logos\//);
  });

  it("keeps only profile links for the 13 platforms", async () => {
    await index("socials.test");
    const { socials } = await indexed("socials.test");
    for (const url of Object.values(socials)) {
      expect(url).toMatch(/^https:\/\//);
      expect(url).not.toMatch(/share|intent|sharer|watch\?|\/status\/|\/p\/|submit/);
    }
    expect(Object.keys(socials).every((k) => ["facebook", "github", "instagram", "linkedin", "pinterest", "reddit", "snapchat", "telegram", "tumblr", "twitter", "wechat", "whatsapp", "youtube"].includes(k))).toBe(true);
  });

  it("decodes a windows-1252 page", async () => {
    expect((await index("latin1.test")).indexed).toBe(true);
    expect((await indexed("latin1.test")).name).toMatch(/^Café Crème/);
  });
});

describe("guards", () => {
  it("honours robots.txt", async () => {
    const outcome = await index("norobots.test");
    expect(outcome).toMatchObject({ indexed: false, reason: expect.stringMatching(/robots/) });
    expect((await failure("norobots.test"))!.state).toBe("no_data");
  });

  it("gives up on a site that never answers, within the time budget", async () => {
    const started = Date.now();
    const outcome = await index("timeout.test");
    expect(outcome.indexed).toBe(false);
    expect(outcome.reason).toMatch(/time/);
    expect(Date.now() - started).toBeLessThan(Number(env.CRAWL_TIMEOUT_MS) + 3000);
  });

  it("records a page whose body stalls past the budget as a crawl timeout, not an internal error", async () => {
    const logged = vi.spyOn(console, "error");
    try {
      const outcome = await index("stalled-body.test");
      expect(outcome).toMatchObject({ indexed: false, reason: "timed out fetching https://stalled-body.test/" });
      expect((await failure("stalled-body.test"))!.last_error).toBe(outcome.reason);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it("reads no more than 2 MiB of a 20 MiB page, and still uses its head", async () => {
    const outcome = await index("huge.test");
    // The head's icon candidate was found (the page was parsed), and it is the missing icon, not the size, that fails.
    expect(outcome).toMatchObject({ indexed: false, reason: expect.stringMatching(/^no usable logo among [1-9]/) });
  });

  it("refuses a decompression bomb and uses the next candidate", async () => {
    const outcome = await index("bomb.test");
    expect(outcome, outcome.reason).toMatchObject({ indexed: true });
    expect((await indexed("bomb.test")).logo_width).toBeLessThanOrEqual(32);
  });

  it("never crawls a blocked domain", async () => {
    await env.DB.prepare("INSERT INTO blocked_domains (domain, reason, created_at) VALUES ('svgonly.test', 'asked', '2026-01-01')").run();
    expect(await index("svgonly.test")).toMatchObject({ indexed: false, reason: "blocked" });
  });
});

describe("re-indexing and events", () => {
  it("records brand.updated with a delta and logo.updated when a re-crawl finds changes", async () => {
    await index("touchicon.test");
    const brand = await indexed("touchicon.test");
    // Pretend the previous crawl saw another name and logo.
    await env.DB.prepare("UPDATE brands SET name = 'Old Name', logo_key = 'logos/old.png' WHERE id = ?").bind(brand.id).run();
    const outcome = await index("touchicon.test");
    expect(outcome.events).toEqual(["brand.updated", "logo.updated"]);
    const { results } = await env.DB.prepare("SELECT type, data FROM events WHERE brand_id = ? ORDER BY rowid").bind(brand.id).all<{ type: string; data: string }>();
    const updated = JSON.parse(results.find((e) => e.type === "brand.updated")!.data);
    expect(updated).toMatchObject({ domain: "touchicon.test", entity_id: brand.id, delta: { name: { old: "Old Name", new: brand.name } } });
    const logo = JSON.parse(results.find((e) => e.type === "logo.updated")!.data);
    expect(logo.delta.logo).toEqual({ old: "logos/old.png", new: brand.logo_key });
  });

  it("keeps search in step when a re-crawl renames the brand", async () => {
    await index("latin1.test");
    const { id, name } = await indexed("latin1.test");
    // As if the site had been called something else at the last crawl, and search said so too.
    await env.DB.batch([
      env.DB.prepare("UPDATE brands SET name = 'Boulangerie Ancienne' WHERE id = ?").bind(id),
      env.DB.prepare("UPDATE brand_search SET name = 'Boulangerie Ancienne' WHERE brand_id = ?").bind(id),
    ]);
    expect((await searchBrands(env.DB, "Boulangerie", "match", 5)).map((h) => h.id)).toEqual([id]);
    await index("latin1.test");
    expect(await searchBrands(env.DB, "Boulangerie", "match", 5)).toEqual([]);
    expect((await searchBrands(env.DB, name, "match", 5)).map((h) => h.id)).toEqual([id]);
  });

  it("emits nothing when a re-crawl finds the same brand", async () => {
    await index("icoonly.test");
    const brand = await indexed("icoonly.test");
    const before = await countRows("events", "brand_id = ?", brand.id);
    expect((await index("icoonly.test")).events).toEqual([]);
    expect(await countRows("events", "brand_id = ?", brand.id)).toBe(before);
  });

  it("keeps a seeded brand's curated name and logo, filling only what it lacks", async () => {
    const { seedBrand, logoPng } = await import("../helpers/brands.ts");
    // Start from a seeded brand (not the crawled one an earlier test made).
    await env.DB.prepare("DELETE FROM brands WHERE domain = 'manifest.test'").run();
    await seedBrand({ domain: "manifest.test", name: "Curated Name", description: "" }, await logoPng(64, 64));
    const before = (await getBrand(env.DB, (await indexed("manifest.test")).id))!;
    await index("manifest.test");
    const after = await indexed("manifest.test");
    expect(after.name).toBe("Curated Name");
    expect(after.logo_key).toBe(before.logo_key);
    expect(after.description.length).toBeGreaterThan(0);
  });
});

describe("logo roles in a crawl", () => {
  it("wordmark.test: the declared JSON-LD wordmark is the logo, the 512 px square icon the brandmark", async () => {
    const result = await crawlResultOf("wordmark.test");
    expect(result.logo.width / result.logo.height).toBeGreaterThan(3); // 600×160, trimmed
    expect(result.brandmark).not.toBeNull();
    expect(result.brandmark!.width).toBe(result.brandmark!.height);
    expect(result.logo.score).toBeGreaterThan(result.brandmark!.score);
  });

  it("pixel-logo.test: a 1×1 JSON-LD logo is no logo; the touch icon is both", async () => {
    const result = await crawlResultOf("pixel-logo.test");
    expect(result.logo.width).toBeGreaterThan(100);
    expect(result.brandmark?.key).toBe(result.logo.key);
  });

  it("stores both roles and serves each with its real aspect ratio", async () => {
    const account = await newAccount("pro");
    await index("wordmark.test");
    const logo = await call("/logos/wordmark.test?type=logo", { headers: bearer(account.secret) });
    const icon = await call("/logos/wordmark.test?type=icon", { headers: bearer(account.secret) });
    const [l, i] = [(await logo.json()) as { width: number; height: number }, (await icon.json()) as { width: number; height: number }];
    expect(l.width / l.height).toBeGreaterThan(3);
    expect(i.width).toBe(i.height);
  });
});

describe("queue consumer and cron", () => {
  const consume = async (...bodies: IndexMessage[]) => {
    const batch = createMessageBatch<IndexMessage>("brand-index", bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })));
    const ctx = createExecutionContext();
    await worker.queue(batch, env as never, ctx);
    return getQueueResult(batch, ctx);
  };

  it("a request's retry message crawls nothing when that request's crawl landed after it was sent", async () => {
    const { secret } = await newAccount("pro");
    const sent = vi.spyOn(env.INDEX_QUEUE, "send");
    expect((await call("/describe/robots-paths.test", { headers: bearer(secret) })).status).toBe(202);
    await crawlsSettled();
    const [[retry, options]] = sent.mock.calls as unknown as [IndexMessage, { delaySeconds: number }][];
    sent.mockRestore();
    expect(options).toEqual({ delaySeconds: RETRY_DELAY_S });
    const before = await domainRow("robots-paths.test");
    expect((await consume(retry)).explicitAcks).toEqual(["m0"]);
    expect(await domainRow("robots-paths.test")).toEqual(before); // not crawled again: same row, same time
    expect(await events("robots-paths.test")).toEqual(["brand.indexed"]);
  });

  it("a retry message crawls when no crawl landed after it was sent (the request's isolate died)", async () => {
    const claimedAt = new Date(Date.now() - 60_000).toISOString();
    await env.DB.prepare("INSERT INTO domains (domain, state, requested_at, updated_at, queued_at) VALUES ('http-only.test', 'pending', ?1, ?1, ?1)")
      .bind(claimedAt)
      .run();
    expect((await consume({ domain: "http-only.test", unless_crawled_after: claimedAt })).explicitAcks).toEqual(["m0"]);
    expect((await lookupDomain(env.DB, "http-only.test")).state).toBe("indexed");
  });

  it("the consumer indexes each message and acks it", async () => {
    const batch = createMessageBatch("brand-index", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { domain: "icobmp.test" } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { domain: "nodata.test" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as never, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
    expect((await lookupDomain(env.DB, "icobmp.test")).state).toBe("indexed");
  });

  it("the cron queues lost jobs, never-queued and due retries, stale subscribed brands and month-old brands, and nothing else", async () => {
    const now = new Date("2026-06-15T12:00:00Z");
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
    const { id: account } = await newAccount("pro");
    // domain, state, updated_at, next_attempt_at, indexed_at, queued_at
    const rows: [string, string, string, string | null, string | null, string | null][] = [
      ["lost-job.com", "pending", at(1), null, null, at(1)],
      ["fresh-job.com", "pending", at(0.05), null, null, at(0.05)],
      ["never-queued.com", "pending", at(0.05), null, null, null],
      ["retry-due.com", "no_data", at(5), at(1), null, at(5)],
      ["retry-later.com", "no_data", at(5), at(-3), null, at(5)],
      ["subscribed-stale.com", "indexed", at(30), null, at(30), null],
      ["subscribed-fresh.com", "indexed", at(2), null, at(2), null],
      ["month-old.com", "indexed", at(24 * 31), null, at(24 * 31), null],
      ["week-old.com", "indexed", at(24 * 7), null, at(24 * 7), null],
      ["month-old-just-queued.com", "indexed", at(24 * 31), null, at(24 * 31), at(0.05)],
    ];
    for (const [domain, state, updated, next, indexedAt, queuedAt] of rows) {
      await env.DB.prepare(
        "INSERT INTO domains (domain, state, requested_at, updated_at, next_attempt_at, indexed_at, queued_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).bind(domain, state, updated, updated, next, indexedAt, queuedAt).run();
    }
    for (const domain of ["subscribed-stale.com", "subscribed-fresh.com"]) {
      await env.DB.prepare("INSERT INTO subscriptions (id, account_id, domain, created_at) VALUES (?, ?, ?, ?)")
        .bind(`sub_${domain}`, account, domain, at(100)).run();
    }
    const sent: string[] = [];
    const queue = { sendBatch: async (msgs: { body: { domain: string } }[]) => void sent.push(...msgs.map((m) => m.body.domain)) };
    const count = await reindexDue({ ...env, INDEX_QUEUE: queue } as never, now);
    const expected = ["lost-job.com", "never-queued.com", "retry-due.com", "subscribed-stale.com", "month-old.com"];
    expect(sent.filter((d) => rows.some(([r]) => r === d)).sort()).toEqual(expected.sort());
    expect(count).toBeGreaterThanOrEqual(expected.length);
    // What it queued is left alone by the next run while the jobs are in flight.
    sent.length = 0;
    await reindexDue({ ...env, INDEX_QUEUE: queue } as never, new Date(now.getTime() + 60_000));
    expect(sent.filter((d) => expected.includes(d))).toEqual([]);
  });

  it("the cron takes subscribed brands before the rest when more are due than one run takes", async () => {
    const now = new Date("2026-06-16T12:00:00Z");
    const old = new Date(now.getTime() - 40 * 86_400_000).toISOString();
    const { id: account } = await newAccount("pro");
    const many = Array.from({ length: REINDEX_BATCH }, (_, i) => `never-queued-${i}.com`);
    for (let i = 0; i < many.length; i += 50) {
      await env.DB.batch(
        many.slice(i, i + 50).map((domain) =>
          env.DB.prepare("INSERT INTO domains (domain, state, requested_at, updated_at) VALUES (?, 'pending', ?, ?)").bind(domain, old, old),
        ),
      );
    }
    await env.DB.prepare("INSERT INTO domains (domain, state, requested_at, updated_at, indexed_at) VALUES ('watched.com', 'indexed', ?1, ?1, ?1)")
      .bind(old).run();
    await env.DB.prepare("INSERT INTO subscriptions (id, account_id, domain, created_at) VALUES ('sub_watched', ?, 'watched.com', ?)").bind(account, old).run();
    const sent: string[] = [];
    const queue = { sendBatch: async (msgs: { body: { domain: string } }[]) => void sent.push(...msgs.map((m) => m.body.domain)) };
    await reindexDue({ ...env, INDEX_QUEUE: queue } as never, now);
    expect(sent).toHaveLength(REINDEX_BATCH); // more were due than one run takes
    expect(sent).toContain("watched.com");
  });

  it("a failed re-crawl of an indexed brand waits for its backoff and its schedule, and keeps its data", async () => {
    const sent: string[] = [];
    const queue = { sendBatch: async (msgs: { body: { domain: string } }[]) => void sent.push(...msgs.map((m) => m.body.domain)) };
    const cron = async (at: Date) => {
      sent.length = 0;
      await reindexDue({ ...env, INDEX_QUEUE: queue } as never, at);
      return sent.includes("nodata.test");
    };
    const hours = (n: number) => n * 3_600_000;
    const t0 = new Date("2026-07-01T12:00:00Z");
    // A brand indexed 31 days ago whose site has since stopped showing a usable logo.
    await saveCrawl(env, { ...(await crawlResultOf("svgonly.test")), domain: "nodata.test" }, new Date(t0.getTime() - 31 * hours(24)));
    expect(await cron(t0)).toBe(true);
    const failed = await runIndexJob(env, "nodata.test", config, t0);
    expect(failed.indexed).toBe(false);
    expect((await lookupDomain(env.DB, "nodata.test")).state).toBe("indexed");
    // Every hourly run of the next month leaves it alone (the monthly schedule outlasts the 1 h backoff) …
    for (let h = 1; h < 30 * 24; h += 47) expect(await cron(new Date(t0.getTime() + hours(h))), `after ${h} h`).toBe(false);
    // … then it is tried again.
    expect(await cron(new Date(t0.getTime() + 30 * hours(24) + hours(1)))).toBe(true);
  });

  it("a failed re-crawl of a subscribed brand waits a day, then the backoff once it is longer", async () => {
    const { id: account } = await newAccount("pro");
    const t0 = new Date("2026-08-01T12:00:00Z");
    const day = 86_400_000;
    await saveCrawl(env, { ...(await crawlResultOf("svgonly.test")), domain: "nodata.test" }, new Date(t0.getTime() - 2 * day));
    await env.DB.prepare("INSERT INTO subscriptions (id, account_id, domain, created_at) VALUES ('sub_nodata', ?, 'nodata.test', ?)")
      .bind(account, t0.toISOString())
      .run();
    const retryAt = async () =>
      (await env.DB.prepare("SELECT next_attempt_at FROM domains WHERE domain = 'nodata.test'").first<string>("next_attempt_at"))!;
    await runIndexJob(env, "nodata.test", config, t0);
    expect(await retryAt()).toBe(new Date(t0.getTime() + day).toISOString());
    await env.DB.prepare("UPDATE domains SET attempts = 6 WHERE domain = 'nodata.test'").run();
    await runIndexJob(env, "nodata.test", config, t0);
    expect(await retryAt()).toBe(new Date(t0.getTime() + 64 * 3_600_000).toISOString()); // 7th failure: 2^6 h
  });
});
