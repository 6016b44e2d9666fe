// ETag and 304, Cache-Control, the edge cache in front of KV, and the 202 revalidation path.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ImageQuery, imageOptions } from "@brand/core/render/params";
import { sha256Hex } from "@brand/core/ids";
import { readLatest } from "@brand/core/render/variant-store";
import { logoRequestKey } from "../../workers/img/src/routes/logo.ts";
import { hotDelete, hotGet } from "../../workers/img/src/hot-cache.ts";
import { edgeCacheRequest } from "../../workers/img/src/serve-logo.ts";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { decodeImage, pixel } from "../helpers/images.ts";

import { call } from "../helpers/http.ts";

let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
});

afterEach(() => {
  vi.restoreAllMocks();
});

const get = (path: string, headers: HeadersInit = {}) => call(`${path}${path.includes("?") ? "&" : "?"}token=${token}`, { headers });

const requestKey = (domain: string, query: Record<string, string> = {}) =>
  logoRequestKey(`domain:${domain}`, imageOptions(ImageQuery.parse(query)), false);

/** Expires the short-lived layers (this colo's edge cache and the isolate's hot cache), as their TTL would. */
async function expireEdge(domain: string, query: Record<string, string> = {}) {
  hotDelete(requestKey(domain, query));
  await caches.default.delete(edgeCacheRequest(requestKey(domain, query)));
}

/** Waits for an answer's edge-cache write (made after the response), so that expiring it afterwards sticks. */
const cachedAtEdge = (domain: string, query: Record<string, string> = {}) =>
  expect
    .poll(async () => (await caches.default.match(edgeCacheRequest(requestKey(domain, query)))) !== undefined)
    .toBe(true);

/** Holds every read of a master from R2 until released, so that concurrent requests really overlap a render. */
function holdMasterReads() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const read = env.LOGOS.get.bind(env.LOGOS);
  const spy = vi.spyOn(env.LOGOS, "get").mockImplementation(async (key: string) => {
    await gate;
    return read(key);
  });
  return { spy, release };
}

describe("ETag and 304", () => {
  it("sends a strong ETag and answers If-None-Match with 304 and no body", async () => {
    await seedBrand({ domain: "etag.com", name: "ETag" }, await logoPng(128, 128));
    const first = await get("/etag.com");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=86400, stale-while-revalidate=604800");

    for (const held of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const again = await get("/etag.com", { "If-None-Match": held });
      expect(again.status).toBe(304);
      expect(again.headers.get("ETag")).toBe(etag);
      expect(await again.text()).toBe("");
    }
    expect((await get("/etag.com", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("gives a fallback an ETag too, with the short cache life", async () => {
    const response = await get("/no-such-brand-yet.com");
    expect(response.headers.get("X-Logo-Fallback")).toBe("monogram");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=900");
    const etag = response.headers.get("ETag")!;
    expect((await get("/no-such-brand-yet.com", { "If-None-Match": etag })).status).toBe(304);
  });
});

describe("caches in front of KV", () => {
  it("keeps an answer in the isolate and in the edge cache, and serves repeats without KV", async () => {
    await seedBrand({ domain: "edge.com", name: "Edge" }, await logoPng(128, 128));
    const first = await get("/edge.com?size=40");
    const bytes = new Uint8Array(await first.arrayBuffer());
    const key = requestKey("edge.com", { size: "40" });
    await expect.poll(async () => (await caches.default.match(edgeCacheRequest(key))) !== undefined).toBe(true);
    await expect.poll(() => hotGet(key, Date.now()) !== null).toBe(true);

    // Drop every KV variant: repeats can only be answered by the caches in front of it.
    for (const { name } of (await env.VARIANTS.list({ prefix: "v:" })).keys) await env.VARIANTS.delete(name);
    const fromMemory = await get("/edge.com?size=40");
    expect(new Uint8Array(await fromMemory.arrayBuffer())).toEqual(bytes);
    hotDelete(key);
    const fromEdge = await get("/edge.com?size=40");
    expect(fromEdge.status).toBe(200);
    expect(fromEdge.headers.get("Cache-Control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(new Uint8Array(await fromEdge.arrayBuffer())).toEqual(bytes);
  });
});

/** The crawler stores a new master and points the brand at it. */
async function replaceMaster(domain: string, bytes: ArrayBuffer | Uint8Array) {
  const key = `logos/${await sha256Hex(bytes)}.png`;
  await env.LOGOS.put(key, bytes);
  await env.DB.prepare("UPDATE brands SET logo_key = ? WHERE domain = ?").bind(key, domain).run();
}

describe("revalidation after a logo changes", () => {
  it("serves the old variant with a short-lived 202 while the new one renders, then the new one with 200", async () => {
    await seedBrand({ domain: "changing.com", name: "Changing" }, await logoPng(128, 128, { r: 220, g: 20, b: 60 }));
    const before = await get("/changing.com?format=png");
    expect(before.status).toBe(200);
    const oldEtag = before.headers.get("ETag");
    await cachedAtEdge("changing.com", { format: "png" });

    await replaceMaster("changing.com", await logoPng(128, 128, { r: 0, g: 90, b: 200 }));
    await expireEdge("changing.com", { format: "png" });

    // Concurrent requests while the new one renders all get the old image, and share one background render.
    const masterReads = holdMasterReads();
    const [stale, ...others] = await Promise.all(Array.from({ length: 4 }, () => get("/changing.com?format=png")));
    masterReads.release();
    for (const response of [stale, ...others]) {
      expect(response.status).toBe(202);
      expect(response.headers.get("ETag")).toBe(oldEtag);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    }
    expect(pixel(await decodeImage(stale), 64, 64).r).toBeGreaterThan(200);
    expect(masterReads.spy).toHaveBeenCalledTimes(1);

    // The background render lands; the next request gets the new logo.
    await expect
      .poll(async () => {
        await expireEdge("changing.com", { format: "png" });
        return (await get("/changing.com?format=png")).status;
      }, { timeout: 5000 })
      .toBe(200);
    const fresh = await get("/changing.com?format=png");
    expect(fresh.headers.get("ETag")).not.toBe(oldEtag);
    expect(pixel(await decodeImage(fresh), 64, 64).b).toBeGreaterThan(180);
  });

  it("revalidates a request first answered with a variant rendered for another brand (one master, two brands)", async () => {
    const shared = await logoPng(96, 96, { r: 120, g: 40, b: 160 });
    await seedBrand({ domain: "twin-a.com", name: "Twin A" }, shared);
    await seedBrand({ domain: "twin-b.com", name: "Twin B" }, shared);
    await get("/twin-a.com?format=png"); // renders
    const etag = (await get("/twin-b.com?format=png")).headers.get("ETag"); // the same variant, from KV
    await cachedAtEdge("twin-b.com", { format: "png" });
    await expect.poll(() => readLatest(env.VARIANTS, requestKey("twin-b.com", { format: "png" }))).toBeTruthy();

    await replaceMaster("twin-b.com", await logoPng(96, 96, { r: 0, g: 90, b: 200 }));
    await expireEdge("twin-b.com", { format: "png" });
    const stale = await get("/twin-b.com?format=png");
    expect(stale.status).toBe(202);
    expect(stale.headers.get("ETag")).toBe(etag);
  });
});

describe("a changed logo that cannot be rendered", () => {
  it("is tried once: for the cool-down, the old image answers with 200 and the master is not decoded again", async () => {
    await seedBrand({ domain: "broken-update.com", name: "Broken" }, await logoPng(128, 128, { r: 20, g: 160, b: 60 }));
    const oldEtag = (await get("/broken-update.com?format=png")).headers.get("ETag");
    await cachedAtEdge("broken-update.com", { format: "png" });

    // A PNG header over a corrupt body: the guard lets it through and the decoder fails.
    const corrupt = new Uint8Array(97);
    corrupt.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    corrupt.set([0, 0, 0, 64, 0, 0, 0, 64, 8, 6], 16);
    await replaceMaster("broken-update.com", corrupt);
    const masterReads = vi.spyOn(env.LOGOS, "get");
    const failures = vi.spyOn(console, "error").mockImplementation(() => {});

    await expireEdge("broken-update.com", { format: "png" });
    expect((await get("/broken-update.com?format=png")).status).toBe(202);
    await expect.poll(() => failures.mock.calls.length).toBe(1);

    for (let i = 0; i < 3; i++) {
      await expireEdge("broken-update.com", { format: "png" });
      const response = await get("/broken-update.com?format=png");
      expect(response.status).toBe(200);
      expect(response.headers.get("ETag")).toBe(oldEtag);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    }
    // Other sizes of the same master are not decoded either: without an earlier image they get the monogram.
    const other = await get("/broken-update.com?format=png&size=90");
    expect(other.headers.get("X-Logo-Fallback")).toBe("monogram");
    expect(masterReads).toHaveBeenCalledTimes(1);
    expect(failures).toHaveBeenCalledTimes(1);
  });
});
