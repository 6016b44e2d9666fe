// SSRF through DNS, end to end: names that pass the name guard but resolve to private addresses (wildcard DNS such as
// `169.254.169.254.nip.io`, `localtest.me`) are resolved before every crawl fetch, every redirect hop and every webhook
// delivery, and refused there, unfetched; a resolver that fails refuses too. The fake resolver is
// test/fixtures/fake-dns.mjs; the address rules and the resolver's verdicts are tested in test/core/resolve.test.ts.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CrawlError, guardedFetch } from "@brand/core/crawler/fetch";
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { crawlsSettled } from "../../workers/api/src/indexing.ts";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { bearer, call } from "../helpers/http.ts";
import { logFetches } from "../core/fetch-log.ts";
import { harness, receiverPath, receiverUrl } from "./webhook-harness.ts";

const config = crawlConfig(env);
const METADATA = "169.254.169.254";

afterEach(() => vi.restoreAllMocks());

const domainRow = (domain: string) =>
  env.DB.prepare("SELECT state, brand_id, last_error FROM domains WHERE domain = ?")
    .bind(domain)
    .first<{ state: string; brand_id: string | null; last_error: string | null }>();

describe("the crawler", () => {
  it("GET /describe of a name that resolves to the metadata address: 202, then nothing of it fetched, and why", async () => {
    const { secret } = await newAccount("pro");
    const log = logFetches();
    const domain = `${METADATA}.nip.io`;
    expect((await call(`/describe/${domain}`, { headers: bearer(secret) })).status).toBe(202);
    await crawlsSettled();
    expect(log.dns).toContain(`${domain} A`);
    expect(log.urls).toEqual([]); // not even its robots.txt
    expect(await domainRow(domain)).toMatchObject({
      state: "no_data",
      brand_id: null,
      last_error: `refused https://${domain}/: host ${domain} resolves to a private or reserved address, ${METADATA}`,
    });
  });

  it.each([
    ["localtest.me", "127.0.0.1"],
    ["cname-private.test", "10.0.0.5"],
    ["mixed.test", "10.0.0.1"],
    ["mapped6.test", "::ffff:10.0.0.1"],
  ])("refuses to crawl %s (it resolves to %s), storing nothing", async (domain, address) => {
    await initWorkerCodecs();
    const log = logFetches();
    const before = { brands: await countRows("brands"), objects: (await env.LOGOS.list()).objects.length };
    const outcome = await runIndexJob(env, domain, config);
    expect(outcome).toMatchObject({ indexed: false, reason: expect.stringContaining(`resolves to a private or reserved address, ${address}`) });
    expect(log.urls).toEqual([]);
    expect({ brands: await countRows("brands"), objects: (await env.LOGOS.list()).objects.length }).toEqual(before);
  });

  it("refuses a redirect hop to a name that resolves privately before it is fetched; the original host is resolved", async () => {
    const log = logFetches();
    const error = await guardedFetch("https://redirect-dns.test/", config, {
      maxBytes: 1024 * 1024,
      overLimit: "truncate",
      deadline: Date.now() + 5000,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(CrawlError);
    expect(error.message).toBe(
      `refused https://${METADATA}.nip.io/latest/meta-data/: host ${METADATA}.nip.io resolves to a private or reserved address, ${METADATA}`,
    );
    expect(log.urls).toEqual([`${env.CRAWL_PROXY}/redirect-dns.test/`]); // the first hop only
    expect(log.dns.map((question) => question.split(" ")[0])).not.toContain(new URL(env.CRAWL_PROXY).hostname);
  });

  it.each([
    ["resolver-down.test", "could not be resolved (the resolver answered HTTP 500)"],
    ["nxdomain.test", "does not resolve (no such name)"],
  ])("fails closed when %s cannot be resolved: not crawled, and the reason recorded", async (domain, why) => {
    const log = logFetches();
    const outcome = await runIndexJob(env, domain, config);
    expect(outcome).toMatchObject({ indexed: false, reason: `refused https://${domain}/: host ${domain} ${why}` });
    expect(log.urls).toEqual([]);
    expect((await domainRow(domain))!.last_error).toBe(outcome.reason);
  });

  it("still crawls a fixture site that resolves publicly, asking the resolver once for all its fetches", async () => {
    await initWorkerCodecs();
    const log = logFetches();
    expect(await runIndexJob(env, "touchicon.test", config)).toMatchObject({ indexed: true });
    expect(log.urls.length).toBeGreaterThan(2); // robots.txt, the page, its icons
    expect(log.dns.sort()).toEqual(["touchicon.test A", "touchicon.test AAAA"]);
  });
});

describe("webhooks", () => {
  const h = harness();
  let account: Awaited<ReturnType<typeof newAccount>>;
  beforeAll(async () => {
    account = await newAccount("pro");
  });
  beforeEach(() => void h.webhookQueue.take());

  const create = (url: string) => h.json("POST", "/webhooks", account.secret, { url });
  type Attempt = { response_status: number | null; error: string | null };
  const attemptsOf = async (id: string) => {
    const response = await h.json("GET", `/webhooks/${id}/deliveries`, account.secret);
    return ((await response.json()) as { data: { status: string; attempts: Attempt[] }[] }).data;
  };

  it.each([
    [`https://${METADATA}.nip.io/hook`, METADATA],
    ["https://localtest.me/hook", "127.0.0.1"],
    ["https://ula6.test/hook", "fd00::1"],
  ])("refuses to save %s (it resolves to %s) with 400, writing nothing", async (url, address) => {
    const before = await countRows("webhook_endpoints");
    const response = await create(url);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ err: `url: host ${new URL(url).hostname} resolves to a private or reserved address, ${address}.` });
    expect(await countRows("webhook_endpoints")).toBe(before);
  });

  it("refuses such a URL in an update too, keeping the old one", async () => {
    const saved = (await (await create(receiverUrl(receiverPath("ok")))).json()) as { id: string; url: string };
    const response = await h.json("PATCH", `/webhooks/${saved.id}`, account.secret, { url: "https://localtest.me/hook" });
    expect(response.status).toBe(400);
    const row = await env.DB.prepare("SELECT url FROM webhook_endpoints WHERE id = ?").bind(saved.id).first<{ url: string }>();
    expect(row!.url).toBe(saved.url);
  });

  it("refuses a delivery to a host that resolves privately now (it was public when saved), without sending it", async () => {
    const saved = (await (await create(receiverUrl(receiverPath("ok")))).json()) as { id: string };
    await env.DB.prepare("UPDATE webhook_endpoints SET url = 'https://private-hook.test/hook' WHERE id = ?").bind(saved.id).run();
    expect((await h.json("POST", `/webhooks/${saved.id}/test`, account.secret)).status).toBe(201);
    const log = logFetches();
    await h.drain(new Date(), { until: new Date() });
    const [delivery] = await attemptsOf(saved.id);
    expect(delivery.status).toBe("pending"); // retried on the schedule, like any failed attempt
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ response_status: null, error: "refused: host private-hook.test resolves to a private or reserved address, 192.168.1.10" }),
    ]);
    expect(log.dns).toContain("private-hook.test A");
    expect(log.urls).toEqual([]);
  });

  it("saves a URL whose host cannot be resolved at the moment, and fails its deliveries closed until it can", async () => {
    const response = await create("https://resolver-down.test/hook");
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await h.json("POST", `/webhooks/${id}/test`, account.secret);
    const log = logFetches();
    await h.drain(new Date(), { until: new Date() });
    const [delivery] = await attemptsOf(id);
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ response_status: null, error: "refused: host resolver-down.test could not be resolved (the resolver answered HTTP 500)" }),
    ]);
    expect(log.urls).toEqual([]);
  });
});
