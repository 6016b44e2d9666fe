// ETag and 304, Cache-Control, the edge cache in front of KV, and the 202 revalidation path.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ImageQuery, imageOptions } from "@brand/core/render/params";
import { sha256Hex } from "@brand/core/ids";
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

const get = (path: string, headers: HeadersInit = {}) => call(`${path}${path.includes("?") ? "&" : "?"}token=${token}`, { headers });

const requestKey = (domain: string, query: Record<string, string> = {}) =>
  logoRequestKey(`domain:${domain}`, imageOptions(ImageQuery.parse(query)), false);

/** Expires the short-lived layers (this colo's edge cache and the isolate's hot cache), as their TTL would. */
async function expireEdge(domain: string, query: Record<string, string> = {}) {
  hotDelete(requestKey(domain, query));
  await caches.default.delete(edgeCacheRequest(requestKey(domain, query)));
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

describe("revalidation after a logo changes", () => {
  it("serves the old variant with 202 while the new one renders, then the new one with 200", async () => {
    await seedBrand({ domain: "changing.com", name: "Changing" }, await logoPng(128, 128, { r: 220, g: 20, b: 60 }));
    const before = await get("/changing.com?format=png");
    expect(before.status).toBe(200);
    const oldEtag = before.headers.get("ETag");
    await expect.poll(() => hotGet(requestKey("changing.com", { format: "png" }), Date.now()) !== null).toBe(true);

    // The crawler stores a new master and points the brand at it.
    const blue = await logoPng(128, 128, { r: 0, g: 90, b: 200 });
    const key = `logos/${await sha256Hex(blue)}.png`;
    await env.LOGOS.put(key, blue);
    await env.DB.prepare("UPDATE brands SET logo_key = ? WHERE domain = 'changing.com'").bind(key).run();
    await expireEdge("changing.com", { format: "png" });

    const stale = await get("/changing.com?format=png");
    expect(stale.status).toBe(202);
    expect(stale.headers.get("ETag")).toBe(oldEtag);
    expect(pixel(await decodeImage(stale), 64, 64).r).toBeGreaterThan(200);

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
});
