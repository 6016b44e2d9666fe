// The seed corpus: the minimums, every cross-file rule, and writing it to D1 idempotently.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getBrand } from "@brand/core/brands/store";
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import { isValidIsin } from "@brand/core/identifiers/isin";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { validateSeed } from "@brand/core/seed/validate";
import { brandStatements, cryptoAsBrand, cryptoStatements, exchangeStatements, indexStatements, parentStatement, platformStatements, seedBrandId } from "@brand/core/seed/write";
import sp500 from "../../seed/brands-sp500.json";
import consumer from "../../seed/brands-consumer.json";
import crypto from "../../seed/crypto.json";
import exchanges from "../../seed/exchanges.json";
import indices from "../../seed/indices.json";
import parents from "../../seed/parents.json";
import platforms from "../../seed/platforms.json";
import simpleIcons from "../../node_modules/simple-icons/data/simple-icons.json";
import cryptoIcons from "../../node_modules/cryptocurrency-icons/manifest.json";
import { countRows } from "../helpers/accounts.ts";

const files = {
  "brands-sp500.json": sp500,
  "brands-consumer.json": consumer,
  "crypto.json": crypto,
  "exchanges.json": exchanges,
  "indices.json": indices,
  "parents.json": parents,
  "platforms.json": platforms,
};
const icons = {
  slugs: new Set(simpleIcons.map((i: { slug: string }) => i.slug)),
  cryptoSymbols: new Set(cryptoIcons.map((i: { symbol: string }) => i.symbol.toLowerCase())),
};
const corpus = validateSeed(files, icons);

describe("seed corpus", () => {
  it("meets the minimums of design §9", () => {
    expect(corpus.brands.length).toBeGreaterThanOrEqual(500);
    expect(sp500.length).toBeGreaterThanOrEqual(495);
    expect(corpus.crypto.length).toBeGreaterThanOrEqual(100);
    expect(corpus.exchanges.length).toBeGreaterThanOrEqual(30);
    expect(corpus.indices.length).toBeGreaterThanOrEqual(30);
    expect(corpus.parents.length).toBeGreaterThanOrEqual(100);
    expect(corpus.platforms.length).toBeGreaterThanOrEqual(30);
  });

  it("gives every S&P 500 brand a US listing, and lists non-US companies with their home exchange", () => {
    const us = new Set(["XNYS", "XNAS", "XASE", "ARCX", "BATS"]);
    for (const brand of sp500) expect(brand.listings.some((l) => us.has(l.mic)), brand.domain).toBe(true);
    const abroad = corpus.brands.filter((b) => b.listings.some((l) => !us.has(l.mic)));
    expect(abroad.length).toBeGreaterThanOrEqual(30);
  });

  it("holds only ISINs that pass their check digit", () => {
    const isins = corpus.brands.flatMap((b) => b.isins);
    expect(isins.length).toBeGreaterThan(100);
    for (const isin of isins) expect(isValidIsin(isin), isin).toBe(true);
  });

  it("refuses a file with an invented ISIN or a dangling parent", () => {
    const badIsin = [{ ...sp500[0], isins: ["US0378331006"] }];
    expect(() => validateSeed({ ...files, "brands-sp500.json": badIsin }, icons)).toThrow(/check digit/);
    const dangling = [{ child: "instagram.com", parent: "no-such-owner.com", source: "test" }];
    expect(() => validateSeed({ ...files, "parents.json": dangling }, icons)).toThrow(/not a seeded brand/);
  });
});

describe("seeding D1", () => {
  async function seedSample() {
    const brands = corpus.brands.filter((b) => ["apple.com", "meta.com", "instagram.com", "nyse.com"].includes(b.domain));
    const statements = [];
    const now = new Date();
    for (const b of brands) statements.push(...(await brandStatements(env.DB, { ...b, key: b.domain }, null, now)));
    const taken = new Set(brands.map((b) => b.domain));
    const btc = crypto.find((c) => c.symbol === "BTC")!;
    const btcBrand = cryptoAsBrand({ ...btc, icon: null, color: btc.color ?? null }, taken);
    statements.push(...(await brandStatements(env.DB, btcBrand, null, now)));
    statements.push(...(await cryptoStatements(env.DB, { ...btc, icon: null, color: null }, btcBrand.key)));
    for (const e of corpus.exchanges.filter((x) => x.mic === "XNYS")) statements.push(...(await exchangeStatements(env.DB, e, taken)));
    for (const i of corpus.indices.filter((x) => x.symbol === "SPX")) statements.push(...(await indexStatements(env.DB, i, taken)));
    const pair = corpus.parents.find((p) => p.child === "instagram.com")!;
    statements.push(await parentStatement(env.DB, pair));
    for (const p of corpus.platforms.slice(0, 3)) statements.push(...(await platformStatements(env.DB, p)));
    await env.DB.batch(statements);
  }

  it("writes brands, identifiers, parents and platforms, and a second run changes nothing", async () => {
    await seedSample();
    const tables = ["brands", "domains", "brand_aliases", "identifiers", "exchanges", "parents", "platforms", "platform_prefixes", "brand_search"];
    const counts = await Promise.all(tables.map((t) => countRows(t)));
    expect(counts.every((n) => n > 0)).toBe(true);
    await seedSample();
    expect(await Promise.all(tables.map((t) => countRows(t)))).toEqual(counts);

    const apple = await seedBrandId("apple.com");
    expect(await countRows("identifiers", "kind = 'ticker' AND value = 'AAPL' AND qualifier = 'XNAS' AND brand_id = ?", apple)).toBe(1);
    expect(await countRows("identifiers", "kind = 'crypto' AND value = 'BTC'")).toBe(1);
    expect(await countRows("identifiers", "kind = 'exchange' AND value = 'NYSE'")).toBe(1);
    expect(
      await countRows("parents", "child_id = ? AND parent_id = ?", await seedBrandId("instagram.com"), await seedBrandId("meta.com")),
    ).toBe(1);
    // A seeded brand without a logo waits for the crawler rather than claiming to be indexed.
    expect(await countRows("domains", "domain = 'apple.com' AND state = 'pending'")).toBe(1);
  });

  it("keeps what the crawler found for a seeded brand without an icon when the seed runs again", async () => {
    const brand = { key: "touchicon.test", domain: "touchicon.test", name: "Touch Curated", aliases: [], description: "Seeded.", colors: [], socials: {}, popularity: 5, icon: null, listings: [], isins: [] };
    await env.DB.batch(await brandStatements(env.DB, brand, null, new Date()));
    expect(await countRows("domains", "domain = 'touchicon.test' AND state = 'pending'")).toBe(1);
    await initWorkerCodecs();
    expect(await runIndexJob(env, "touchicon.test", crawlConfig(env))).toMatchObject({ indexed: true });
    const crawled = await getBrand(env.DB, await seedBrandId("touchicon.test"));
    expect(crawled!.logo_key).toMatch(/^logos\//);

    await env.DB.batch(await brandStatements(env.DB, { ...brand, description: "Seeded, and edited." }, null, new Date()));
    const after = await getBrand(env.DB, crawled!.id);
    expect(after).toMatchObject({
      logo_key: crawled!.logo_key,
      logo_width: crawled!.logo_width,
      logo_height: crawled!.logo_height,
      blurhash: crawled!.blurhash,
      description: "Seeded, and edited.",
    });
    expect(await countRows("domains", "domain = 'touchicon.test' AND state = 'indexed'")).toBe(1);
  });

  it("makes names searchable through FTS5, by name, alias or domain", async () => {
    await seedSample();
    const hits = async (q: string) =>
      (await env.DB.prepare("SELECT domain FROM brand_search WHERE brand_search MATCH ?").bind(q).all<{ domain: string }>())
        .results.map((r) => r.domain);
    expect(await hits("appl*")).toContain("apple.com");
    expect(await hits("instagram")).toContain("instagram.com");
  });
});
