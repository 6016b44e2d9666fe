// The crawler's network-level guards, end to end on hostile fixture sites: what is refused is never fetched, and a
// refused crawl leaves nothing behind but its recorded failure. Also robots.txt for every fetch, and http fallback.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lookupDomain } from "@brand/core/brands/store";
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { countRows } from "../helpers/accounts.ts";
import { logFetches } from "../core/fetch-log.ts";

const config = crawlConfig(env);
const index = async (domain: string) => {
  await initWorkerCodecs();
  return runIndexJob(env, domain, config);
};

afterEach(() => vi.restoreAllMocks());

const storedObjects = async () => (await env.LOGOS.list()).objects.length;

/** Runs a crawl that must be refused, and proves it changed nothing but the domain's recorded failure. */
async function refusedWithoutSideEffects(domain: string) {
  const before = { brands: await countRows("brands"), events: await countRows("events"), objects: await storedObjects() };
  const outcome = await index(domain);
  expect(outcome.indexed, outcome.reason).toBe(false);
  expect(outcome.reason).not.toMatch(/^internal/);
  expect({ brands: await countRows("brands"), events: await countRows("events"), objects: await storedObjects() }).toEqual(before);
  expect(await countRows("domains", "domain = ? AND state = 'no_data' AND brand_id IS NULL", domain)).toBe(1);
  return outcome.reason!;
}

const PRIVATE = /169\.254\.169\.254|10\.0\.0\.1|192\.168\.1\.1|\[::1\]|2130706433/;

describe("redirect guards", () => {
  it("refuses a home page behind more than five redirects", async () => {
    expect(await refusedWithoutSideEffects("redirect-chain.test")).toMatch(/more than 5 redirects/);
  });

  it("refuses a redirect to the metadata address without fetching it", async () => {
    const log = logFetches();
    expect(await refusedWithoutSideEffects("redirect-private.test")).toMatch(/refused http:\/\/169\.254\.169\.254/);
    expect(log.urls.filter((u) => PRIVATE.test(u))).toEqual([]);
  });

  it("records a redirect without Location, or with a malformed one, as a crawl failure (not a page, not a bug)", async () => {
    expect(await refusedWithoutSideEffects("redirect-nolocation.test")).toMatch(/302 without a Location/);
    expect(await refusedWithoutSideEffects("redirect-malformed.test")).toMatch(/malformed Location/);
  });
});

describe("asset guards", () => {
  it("never fetches logo, icon, manifest or banner URLs that point at private or reserved addresses", async () => {
    const log = logFetches();
    expect(await refusedWithoutSideEffects("hostile-assets.test")).toMatch(/no usable logo among [4-9] candidate/);
    expect(log.urls.length).toBeGreaterThan(0);
    expect(log.urls.filter((u) => PRIVATE.test(u))).toEqual([]);
  });

  it("refuses images over 5 MiB, declared or streamed", async () => {
    expect(await refusedWithoutSideEffects("bigimage.test")).toMatch(/no usable logo/);
  });

  it("reads at most 2 MiB of a 20 MiB home page itself, whatever the parser would do", async () => {
    let delivered = 0;
    const original = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const response = await original(input, init);
      if (!new Request(input, init).url.endsWith("/huge.test/") || !response.body) return response;
      const counted = response.body.pipeThrough(
        new TransformStream({ transform: (chunk, controller) => void ((delivered += chunk.byteLength), controller.enqueue(chunk)) }),
      );
      return new Response(counted, response);
    });
    await index("huge.test");
    expect(delivered).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    expect(delivered).toBeLessThan(2.5 * 1024 * 1024);
  });
});

describe("https, then http", () => {
  it.each(["http-only.test", "badcert.test"])("indexes %s over http when https answers a TLS failure (525/526)", async (domain) => {
    const log = logFetches();
    expect(await index(domain)).toMatchObject({ indexed: true });
    expect(log.schemes).toContain("https");
    expect(log.schemes.at(-1)).toBe("http");
  });

  it("falls back to http when the https connection fails", async () => {
    const original = globalThis.fetch;
    const schemes: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const scheme = new Request(input, init).headers.get("x-forwarded-proto") ?? "";
      schemes.push(scheme);
      if (scheme === "https") throw new TypeError("Network connection lost.");
      return original(input, init);
    });
    expect(await index("touchicon.test")).toMatchObject({ indexed: true });
    expect(schemes).toContain("https");
    expect(schemes).toContain("http");
  });
});

describe("robots.txt", () => {
  it("is read over http when the site only speaks http", async () => {
    expect(await refusedWithoutSideEffects("http-robots.test")).toMatch(/robots\.txt disallows/);
  });

  it("is honoured for icons, the manifest and banners, not only the home page", async () => {
    const log = logFetches();
    expect(await index("robots-paths.test")).toMatchObject({ indexed: true });
    expect(log.urls.filter((u) => /\/(icons|static|social)\//.test(u))).toEqual([]);
    const found = await lookupDomain(env.DB, "robots-paths.test");
    if (found.state !== "indexed") throw new Error(found.state);
    // The allowed 2:1 mask-icon, not the disallowed square SVG icon or manifest icon that would rank above it.
    expect(found.brand.logo_width! / found.brand.logo_height!).toBe(2);
    expect(found.brand.banners).toEqual([]);
  });

  it("disallows everything when robots.txt answers 5xx, and nothing when it answers 4xx (RFC 9309)", async () => {
    expect(await refusedWithoutSideEffects("robots-5xx.test")).toMatch(/robots\.txt .* answered 503/);
    expect(await index("robots-4xx.test")).toMatchObject({ indexed: true });
  });
});
