// Seed images are placeholders (design §9, brands/image-rank.ts): a seeded brand's own domain is crawled on its first
// request, and the site's image replaces the seed's for a role only when it ranks strictly higher; a change emits
// logo.updated. A re-seed does not undo a better crawled image.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SEED_IMAGE_SCORE } from "@brand/core/brands/image-rank";
import { getBrand } from "@brand/core/brands/store";
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { seedBrandId } from "@brand/core/seed/write";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";

let key: string;
beforeAll(async () => {
  key = (await newAccount("pro")).secret;
  await initWorkerCodecs();
});
afterEach(() => vi.restoreAllMocks());

const describeDomain = (domain: string) => call(`/describe/${domain}`, { headers: bearer(key) });
const crawl = (domain: string) => runIndexJob(env, domain, crawlConfig(env));
const brandOf = async (domain: string) => (await getBrand(env.DB, await seedBrandId(domain)))!;
const logoEvents = async (domain: string) =>
  (await env.DB.prepare("SELECT data FROM events WHERE domain = ? AND type = 'logo.updated'").bind(domain).all<{ data: string }>()).results.map(
    (r) => JSON.parse(r.data).delta,
  );
const domainRow = (domain: string) =>
  env.DB.prepare("SELECT state, queued_at, indexed_at FROM domains WHERE domain = ?").bind(domain).first<Record<string, string | null>>();

describe("a seeded brand's first request", () => {
  it("answers with the seed's data and queues one crawl of its own domain, not of its other domains", async () => {
    await seedBrand({ domain: "touchicon.test", name: "Touch Seeded", domains: ["touch-alias.test"] }, await logoPng(256, 256));
    const send = vi.spyOn(env.INDEX_QUEUE, "send");
    expect((await describeDomain("touchicon.test")).status).toBe(200);
    expect((await describeDomain("touchicon.test")).status).toBe(200);
    expect((await describeDomain("touch-alias.test")).status).toBe(200);
    expect(send.mock.calls.map(([m]) => (m as { domain: string }).domain)).toEqual(["touchicon.test"]);
    expect(await domainRow("touchicon.test")).toMatchObject({ state: "indexed", indexed_at: null });
    expect((await domainRow("touchicon.test"))!.queued_at).not.toBeNull();
  });
});

describe("seed image against the site's", () => {
  it("keeps a full-colour seed drawing over a 180 px touch icon, and emits no logo.updated", async () => {
    // As the seed writes a brand with only an icon: the icon is its logo and its brandmark.
    const icon = await logoPng(256, 256);
    await seedBrand({ domain: "touchicon.test", name: "Touch Seeded" }, icon, { brandmark: icon, score: SEED_IMAGE_SCORE.fullColour });
    const before = await brandOf("touchicon.test");
    expect(await crawl("touchicon.test")).toMatchObject({ indexed: true });
    const after = await brandOf("touchicon.test");
    expect([after.logo_key, after.logo_score]).toEqual([before.logo_key, SEED_IMAGE_SCORE.fullColour]);
    expect(await logoEvents("touchicon.test")).toEqual([]);
    expect((await domainRow("touchicon.test"))!.indexed_at).not.toBeNull();
  });

  it("replaces a single-colour seed mark with the site's better icon, emits logo.updated, and a re-seed keeps it", async () => {
    const seed = async () =>
      seedBrand({ domain: "svgonly.test", name: "Vectorly" }, await logoPng(256, 256, { r: 0, g: 0, b: 0 }), {
        score: SEED_IMAGE_SCORE.singleColour,
      });
    await seed();
    const before = await brandOf("svgonly.test");
    expect(await crawl("svgonly.test")).toMatchObject({ indexed: true, events: ["logo.updated"] });
    const after = await brandOf("svgonly.test");
    expect(after.logo_key).not.toBe(before.logo_key);
    expect(after.logo_score).toBeGreaterThan(SEED_IMAGE_SCORE.singleColour);
    expect(after.logo_svg_key).toMatch(/^logos\/[0-9a-f]{64}\.svg$/); // the site's SVG, kept sanitised
    expect(after.name).toBe("Vectorly");
    expect(await logoEvents("svgonly.test")).toEqual([expect.objectContaining({ logo: { old: before.logo_key, new: after.logo_key } })]);

    await seed();
    expect((await brandOf("svgonly.test")).logo_key).toBe(after.logo_key);
  });

  it("lets a re-seed replace a crawled image that ranks lower than the seed's", async () => {
    await seedBrand({ domain: "touchicon.test", name: "Touch Seeded" }, await logoPng(256, 256), { score: SEED_IMAGE_SCORE.singleColour });
    await crawl("touchicon.test"); // the touch icon (90) replaces the single-colour mark (80)
    const crawled = await brandOf("touchicon.test");
    expect(crawled.logo_score).toBeGreaterThan(SEED_IMAGE_SCORE.singleColour);
    const better = await logoPng(256, 256, { r: 0, g: 90, b: 200 });
    await seedBrand({ domain: "touchicon.test", name: "Touch Seeded" }, better, { score: SEED_IMAGE_SCORE.fullColour });
    const reseeded = await brandOf("touchicon.test");
    expect(reseeded.logo_key).not.toBe(crawled.logo_key);
    expect(reseeded.logo_score).toBe(SEED_IMAGE_SCORE.fullColour);
  });
});
