// Poisoned and oversized sources are refused before decoding; the host keeps serving everything else.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "@brand/core/ids";
import { readMaster } from "@brand/core/render/master";
import { UnusableSource } from "@brand/core/render/render";
import { checkPngSource, MAX_SOURCE_BYTES } from "@brand/core/render/source-guard";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { call } from "../helpers/http.ts";

let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
  await seedBrand({ domain: "healthy.com", name: "Healthy" }, await logoPng(128, 128));
});

/** A brand whose master in R2 is exactly these bytes. */
async function brandWithMaster(domain: string, bytes: Uint8Array) {
  await seedBrand({ domain, name: domain.split(".")[0] });
  const key = `logos/${await sha256Hex(bytes)}.png`;
  await env.LOGOS.put(key, bytes);
  await env.DB.prepare("UPDATE brands SET logo_key = ? WHERE domain = ?").bind(key, domain).run();
  await env.DB.prepare("UPDATE domains SET state = 'indexed' WHERE domain = ?").bind(domain).run();
}

/** A PNG header (signature + IHDR) claiming a size; the rest is junk, as in a decompression bomb. */
function pngHeader(width: number, height: number, tail = 64): Uint8Array {
  const bytes = new Uint8Array(33 + tail);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const sources: [string, () => Promise<Uint8Array>][] = [
  ["a decompression bomb (50,000×50,000 declared)", async () => pngHeader(50_000, 50_000)],
  ["a wide strip over 4096 pixels", async () => pngHeader(8_000, 10)],
  ["a PNG with a corrupt body", async () => pngHeader(64, 64)],
  ["not a PNG at all", async () => new TextEncoder().encode("<html>hello</html>".repeat(10))],
  ["a truncated real PNG", async () => new Uint8Array(await logoPng(64, 64)).slice(0, 60)],
  ["a file over 5 MiB", async () => {
    const big = new Uint8Array(MAX_SOURCE_BYTES + 1);
    big.set(pngHeader(100, 100));
    return big;
  }],
];

describe("source guard", () => {
  it("reads the size from the header and refuses what is over the limits", () => {
    expect(checkPngSource(pngHeader(4096, 4096))).toEqual({ ok: true, width: 4096, height: 4096 });
    expect(checkPngSource(pngHeader(4097, 1)).ok).toBe(false);
    expect(checkPngSource(pngHeader(0, 10)).ok).toBe(false);
  });

  for (const [what, make] of sources) {
    it(`answers ${what} with the monogram (or 404 with fallback=404), and keeps serving`, async () => {
      const n = sources.findIndex(([w]) => w === what);
      const domain = `poison-${n}.com`;
      await brandWithMaster(domain, await make());
      const response = await call(`/${domain}?token=${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Logo-Fallback")).toBe("monogram");
      expect((await call(`/${domain}?token=${token}&fallback=404&size=33`)).status).toBe(404);
      // A size never asked before: the decoder itself must still work after the bad source.
      const healthy = await call(`/healthy.com?token=${token}&size=${50 + n}`);
      expect(healthy.status).toBe(200);
      expect(healthy.headers.get("X-Logo-Fallback")).toBeNull();
    });
  }

  it("refuses an oversized master from its size in R2, without reading it", async () => {
    const body = { cancel: vi.fn(async () => {}) };
    const arrayBuffer = vi.fn(async () => new ArrayBuffer(0));
    const bucket = { get: async () => ({ size: MAX_SOURCE_BYTES + 1, body, arrayBuffer }) } as unknown as R2Bucket;
    await expect(readMaster(bucket, "logos/huge.png")).rejects.toBeInstanceOf(UnusableSource);
    expect(arrayBuffer).not.toHaveBeenCalled();
    expect(body.cancel).toHaveBeenCalled();

    const small = { get: async () => ({ size: 10, body, arrayBuffer }) } as unknown as R2Bucket;
    await readMaster(small, "logos/small.png");
    expect(arrayBuffer).toHaveBeenCalledTimes(1);
  });

  it("answers a brand whose master is missing from R2 with the monogram", async () => {
    await seedBrand({ domain: "lost-master.com", name: "Lost" });
    await env.DB.prepare("UPDATE brands SET logo_key = 'logos/missing.png' WHERE domain = 'lost-master.com'").run();
    await env.DB.prepare("UPDATE domains SET state = 'indexed' WHERE domain = 'lost-master.com'").run();
    const response = await call(`/lost-master.com?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Logo-Fallback")).toBe("monogram");
  });
});
