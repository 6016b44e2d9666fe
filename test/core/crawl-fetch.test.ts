// The crawler's guarded fetch against the fixture web: redirect limits and broken redirects, TLS failures reported as
// such (so the crawler can fall back to http), and the image size cap while streaming.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CrawlError, guardedFetch, TransportError, type FetchOptions } from "@brand/core/crawler/fetch";
import { crawlConfig } from "@brand/core/crawler/run-index-job";
import { isDnsQuestion, logFetches } from "./fetch-log.ts";

const config = crawlConfig(env);
const FIVE_MIB = 5 * 1024 * 1024;
const options = (more: Partial<FetchOptions> = {}): FetchOptions => ({
  maxBytes: FIVE_MIB,
  overLimit: "refuse",
  deadline: Date.now() + 5000,
  ...more,
});

afterEach(() => vi.restoreAllMocks());

describe("redirects", () => {
  it("follows five redirects and refuses a sixth without fetching it", async () => {
    const { urls } = logFetches();
    const fetched = await guardedFetch("https://redirect-chain.test/1", config, options());
    expect(fetched).toMatchObject({ status: 200, url: "https://redirect-chain.test/end/" });
    expect(urls).toHaveLength(6);

    urls.length = 0;
    await expect(guardedFetch("https://redirect-chain.test/", config, options())).rejects.toThrow(/more than 5 redirects/);
    expect(urls).toHaveLength(6); // "/" and five hops; the sixth Location (/end/) is never asked for
    expect(urls.some((u) => u.endsWith("/end/"))).toBe(false);
  });

  it.each([
    ["/", "169.254.169.254"],
    ["/ten", "10.0.0.1"],
    ["/decimal", "2130706433"],
  ])("refuses a hop from %s to a private or reserved address (%s) without fetching it", async (path, address) => {
    const { urls } = logFetches();
    const error = await guardedFetch(`https://redirect-private.test${path}`, config, options()).catch((e) => e);
    expect(error).toBeInstanceOf(CrawlError);
    expect(error.message).toMatch(/refused/);
    expect(urls).toHaveLength(1);
    expect(urls.some((u) => u.includes(address))).toBe(false);
  });

  it("turns a 3xx without Location, or with a malformed one, into a CrawlError", async () => {
    const missing = await guardedFetch("https://redirect-nolocation.test/", config, options()).catch((e) => e);
    expect(missing).toBeInstanceOf(CrawlError);
    expect(missing.message).toMatch(/302 without a Location/);
    const malformed = await guardedFetch("https://redirect-malformed.test/", config, options()).catch((e) => e);
    expect(malformed).toBeInstanceOf(CrawlError);
    expect(malformed.message).toMatch(/malformed Location/);
  });
});

describe("TLS failures", () => {
  it.each([
    ["http-only.test", 525],
    ["badcert.test", 526],
  ])("reports %s's https answer %i as a TransportError, and serves it over http", async (host, status) => {
    const error = await guardedFetch(`https://${host}/`, config, options()).catch((e) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error.message).toContain(String(status));
    expect((await guardedFetch(`http://${host}/`, config, options())).status).toBe(200);
  });

  it("reports a failed connection as a TransportError, a timeout as not", async () => {
    // The site's connection fails, not the resolver's question before it.
    const original = globalThis.fetch;
    const lost = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
      isDnsQuestion(new Request(input, init)) ? original(input, init) : Promise.reject(new TypeError("Network connection lost.")),
    );
    expect(await guardedFetch("https://http-only.test/", config, options()).catch((e) => e)).toBeInstanceOf(TransportError);
    lost.mockRestore();
    const timeout = await guardedFetch("https://timeout.test/", config, options({ deadline: Date.now() + 300 })).catch((e) => e);
    expect(timeout).toBeInstanceOf(CrawlError);
    expect(timeout).not.toBeInstanceOf(TransportError);
  });
});

describe("the deadline", () => {
  it("cuts a body that stalls past it, as a timeout of the URL (a CrawlError, not the runtime's abort)", async () => {
    // The deadline leaves room for the name lookup and the headers on a loaded machine (at 300 ms the crawl's own
    // limit could fire before the request went out); the body stalls for 30 s, so only the deadline can end it.
    const started = Date.now();
    const error = await guardedFetch("https://stalled-body.test/", config, options({ deadline: Date.now() + 2000 })).catch((e) => e);
    expect(error).toBeInstanceOf(CrawlError);
    expect(error).not.toBeInstanceOf(TransportError);
    expect(error.message).toBe("timed out fetching https://stalled-body.test/");
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("size caps", () => {
  it("refuses an image declared over 5 MiB without reading it, and one streamed without a length once past 5 MiB", async () => {
    await expect(guardedFetch("https://bigimage.test/icon-512.png", config, options())).rejects.toThrow(/over 5242880 bytes/);
    await expect(guardedFetch("https://bigimage.test/apple-touch-icon.png", config, options())).rejects.toThrow(/over 5242880 bytes/);
  });

  it("cuts a 20 MiB page at the limit it is given", async () => {
    const page = await guardedFetch("https://huge.test/", config, options({ maxBytes: 2 * 1024 * 1024, overLimit: "truncate" }));
    expect(page).toMatchObject({ status: 200, truncated: true });
    expect(page.body.byteLength).toBe(2 * 1024 * 1024);
  });
});
