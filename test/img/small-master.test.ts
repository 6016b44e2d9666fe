// The small master: made beside every master larger than it, read for the variants it can serve (the default 128 px,
// retina included), and never required: a master stored without one still renders, from the master.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { crawlDomain } from "@brand/core/crawler/index-domain";
import { crawlConfig } from "@brand/core/crawler/run-index-job";
import { saveCrawl } from "@brand/core/crawler/save-crawl";
import { makeMaster } from "@brand/core/ingest/master";
import { decodePng } from "@brand/core/render/codecs";
import { PixelData } from "@brand/core/render/image-data";
import { readMasterFor } from "@brand/core/render/master";
import type { VariantSpec } from "@brand/core/render/params";
import { smallMasterKey, smallMasterServes, smallMasterSize } from "@brand/core/render/small-master";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { call } from "../helpers/http.ts";
import { decodeImage, pixel } from "../helpers/images.ts";

const RED = { r: 220, g: 20, b: 60 };
const BLUE = { r: 20, g: 60, b: 220 };
const spec = (size: number, more: Partial<VariantSpec> = {}): VariantSpec => ({
  width: size,
  height: size,
  format: "png",
  theme: "auto",
  greyscale: false,
  retina: false,
  ...more,
});

/** An opaque, non-white image (nothing for makeMaster to trim), with a gradient so the pixels are not uniform. */
function opaque(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i / 4) % 200, 40, 90, 255], i);
  return new PixelData(data, width, height);
}

const size = (png: Uint8Array | ArrayBuffer) => decodePng(png instanceof Uint8Array ? png.slice().buffer : png).then((p) => [p.width, p.height]);

describe("where masters are made", () => {
  beforeAll(initWorkerCodecs);

  it("makeMaster adds the small master, fitted inside 256×256, and none when the master already fits", async () => {
    const master = await makeMaster(opaque(1200, 390));
    expect([master.width, master.height]).toEqual([1024, 333]);
    expect(smallMasterSize(master)).toEqual({ width: 256, height: 83 });
    expect(master.small).toMatchObject({ width: 256, height: 83 });
    expect(await size(master.small!.png)).toEqual([256, 83]);

    expect((await makeMaster(opaque(256, 100))).small).toBeNull();
  });

  it("a crawl stores the small master in R2 beside the master, under the key core derives from it", async () => {
    const result = await crawlDomain("svgonly.test", crawlConfig(env));
    const logo = result.logo;
    expect(logo.small?.key).toBe(smallMasterKey(logo.key));
    expect(logo.key).toMatch(/^logos\/[0-9a-f]{64}\.png$/);
    expect(smallMasterKey(logo.key)).toBe(logo.key.replace(/\.png$/, ".256.png"));

    await saveCrawl(env, result, new Date());
    const stored = await env.LOGOS.get(smallMasterKey(logo.key));
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    const expected = smallMasterSize(logo)!;
    expect(await size(await stored!.arrayBuffer())).toEqual([expected.width, expected.height]);
  });
});

describe("which master a variant is read from", () => {
  it("the small one when the fitted logo fits inside it; never for a master that fits itself or has no known size", () => {
    const wide = { width: 1024, height: 333 }; // small master: 256×83
    expect(smallMasterServes(wide, spec(128))).toBe(true);
    expect(smallMasterServes(wide, spec(128, { retina: true }))).toBe(true); // 256×83 exactly
    expect(smallMasterServes(wide, spec(300))).toBe(false);
    expect(smallMasterServes(wide, spec(0, { width: null, height: 100 }))).toBe(false); // 308 px wide
    expect(smallMasterServes({ width: 200, height: 200 }, spec(64))).toBe(false);
    expect(smallMasterServes({ width: 0, height: 0 }, spec(64))).toBe(false);
  });

  it("falls back to the master when the small master is missing, and asks for nothing else", async () => {
    const asked: string[] = [];
    const bucket = {
      get: async (key: string) => {
        asked.push(key);
        return key.endsWith(".256.png") ? null : { size: 3, body: null, arrayBuffer: async () => new Uint8Array([1, 2, 3]).buffer };
      },
    } as unknown as R2Bucket;
    const master = { key: "logos/abc.png", width: 1024, height: 1024 };
    expect(new Uint8Array(await readMasterFor(bucket, master, spec(128)))).toEqual(new Uint8Array([1, 2, 3]));
    expect(asked).toEqual(["logos/abc.256.png", "logos/abc.png"]);
    asked.length = 0;
    await readMasterFor(bucket, master, spec(512));
    expect(asked).toEqual(["logos/abc.png"]);
  });
});

describe("serving from the small master", () => {
  let token: string;
  /**
   * A brand whose 1024×333 master is red (a shade of its own, so each brand has its own master key); its small master,
   * when stored, is blue, so a pixel tells which was read.
   */
  async function brand(domain: string, withSmall: boolean) {
    const master = await logoPng(1024, 333, { ...RED, g: withSmall ? 20 : 21 });
    await seedBrand({ domain, name: domain.split(".")[0] }, master);
    if (!withSmall) return;
    const row = await env.DB.prepare("SELECT logo_key FROM brands WHERE domain = ?").bind(domain).first<string>("logo_key");
    await env.LOGOS.put(smallMasterKey(row!), await logoPng(256, 83, BLUE));
  }
  const centre = async (path: string) => {
    const response = await call(`${path}&token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Logo-Fallback")).toBeNull();
    const image = await decodeImage(response);
    const { r, b } = pixel(image, image.width >> 1, image.height >> 1);
    return { colour: r > b ? "master" : "small master", size: [image.width, image.height] };
  };

  beforeAll(async () => {
    token = (await newAccount("pro")).publishable;
    await brand("with-small.com", true);
    await brand("without-small.com", false);
  });

  it("renders a variant that fits (128 px, and 128 px retina) from the small master", async () => {
    expect(await centre("/with-small.com?size=128&format=png")).toEqual({ colour: "small master", size: [128, 128] });
    expect(await centre("/with-small.com?size=128&retina=1&format=png")).toEqual({ colour: "small master", size: [256, 256] });
  });

  it("renders a larger variant from the master", async () => {
    expect(await centre("/with-small.com?size=300&format=png")).toEqual({ colour: "master", size: [300, 300] });
  });

  it("lays the variant out from the master's size, so its dimensions do not depend on which file was read", async () => {
    // 100 px wide: 1024×333 gives 100×33; the small master's own 256×83 would give 100×32.
    expect(await centre("/with-small.com?width=100&format=png")).toEqual({ colour: "small master", size: [100, 33] });
    expect(await centre("/without-small.com?width=100&format=png")).toEqual({ colour: "master", size: [100, 33] });
  });

  it("renders from the master when the small one is missing (a master stored before small masters existed)", async () => {
    expect(await centre("/without-small.com?size=128&format=png")).toEqual({ colour: "master", size: [128, 128] });
  });
});
