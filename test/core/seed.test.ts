// The seed corpus: the minimums, every cross-file rule, and writing it to D1 idempotently, unit by unit.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getBrand } from "@brand/core/brands/store";
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import { isValidIsin } from "@brand/core/identifiers/isin";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { changedUnits, corpusUnits, unitRecords, type SeedUnit } from "@brand/core/seed/corpus";
import { sqlText } from "@brand/core/seed/sql-text";
import { validateSeed } from "@brand/core/seed/validate";
import { brandStatements, prepareAll, seedBrandId } from "@brand/core/seed/write";
import sp500 from "../../seed/brands-sp500.json";
import { countRows } from "../helpers/accounts.ts";
import { corpus, iconCatalogue as icons, seedFiles as files } from "../helpers/seed-data.ts";

const NO_IMAGES = { logo: null, brandmark: null };

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

  it("holds at least 3,000 merchants across the US, UK, EU, Canada and Australia, each with its market, kind and source (issue 14)", () => {
    const merchantFiles = Object.entries(files).filter(([name]) => name.startsWith("merchants-"));
    const merchants = merchantFiles.flatMap(([, rows]) => rows as { country: string; category: string; source: string }[]);
    // The merchant files and the consumer list (the largest consumer merchants and brands); not the S&P 500 or the web.
    expect(merchants.length + files["brands-consumer.json"].length).toBeGreaterThanOrEqual(3_000);
    for (const country of ["US", "GB", "IE", "DE", "FR", "NL", "ES", "IT", "CA", "AU", "NZ"]) {
      expect(merchants.filter((m) => m.country === country).length, country).toBeGreaterThan(0);
    }
    for (const category of ["grocery", "pharmacy", "restaurant", "telecom", "utility", "travel", "government", "postal"]) {
      expect(merchants.filter((m) => m.category === category).length, category).toBeGreaterThan(5);
    }
    const { source: _source, ...unsourced } = merchantFiles[0][1][0] as Record<string, unknown>;
    expect(() => validateSeed({ ...files, [merchantFiles[0][0]]: [unsourced] }, icons)).toThrow(/source/);
  });

  it("adds the index's chains under names the hand-written files never hold, one site each, with their source", () => {
    const chains = files["merchants-chains.json"] as { name: string; domain: string; aliases: string[]; source: string }[];
    expect(chains.length).toBeGreaterThan(1_000);
    const key = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, "");
    const handWritten = Object.entries(files)
      .filter(([name]) => /^(brands|merchants)-/.test(name) && name !== "merchants-chains.json")
      .flatMap(([, rows]) => rows as { name: string; domain: string; aliases: string[] }[]);
    const heldNames = new Set(handWritten.flatMap((b) => [b.name, ...b.aliases].map(key)));
    const heldDomains = new Set(handWritten.map((b) => b.domain));
    for (const chain of chains) {
      expect(chain.source, chain.name).toMatch(/^name-suggestion-index [\d.]+ \(.+\); official website from Wikidata Q\d+$/);
      expect([chain.name, ...chain.aliases].filter((n) => heldNames.has(key(n))), chain.domain).toEqual([]);
      expect(heldDomains.has(chain.domain), chain.domain).toBe(false);
    }
    expect(new Set(chains.map((c) => c.domain)).size).toBe(chains.length);
    const merged = new Map(corpus.brands.map((b) => [b.domain, b]));
    expect(merged.get("jessops.com")).toMatchObject({ market: "GB", category: "retail" }); // one market: its home
  });

  it("gives a merchant the index shows trading in several markets none of its own, unless another brand bears its name", () => {
    const byDomain = new Map(corpus.brands.map((b) => [b.domain, b]));
    expect(byDomain.get("lush.com")?.market).toBeNull(); // worldwide
    expect(byDomain.get("flyingtiger.com")?.market).toBeNull();
    expect(byDomain.get("paknsave.co.nz")?.market).toBe("NZ"); // one market
    // Aldi's businesses share the name: each keeps its market, so the purchase's country chooses.
    expect(byDomain.get("aldi.com.au")?.market).toBe("AU");
    const stray = [{ domain: "no-such-brand.com", markets: ["GB", "IE"], source: "test" }];
    expect(() => validateSeed({ ...files, "merchant-markets.json": stray }, icons)).toThrow(/merchant-markets.json: no seeded brand has the domain no-such-brand.com/);
  });

  it("refuses a file with an invented ISIN or a dangling parent", () => {
    const badIsin = [{ ...sp500[0], isins: ["US0378331006"] }];
    expect(() => validateSeed({ ...files, "brands-sp500.json": badIsin }, icons)).toThrow(/check digit/);
    const dangling = [{ child: "instagram.com", parent: "no-such-owner.com", source: "test" }];
    expect(() => validateSeed({ ...files, "parents.json": dangling }, icons)).toThrow(/not a seeded brand/);
  });

  it("adds seed/aliases.json's names to the brand of each domain, and refuses a domain no brand has or a short alias", () => {
    const tesco = corpus.brands.find((b) => b.domain === "tesco.com")!;
    expect(tesco.aliases).toEqual(expect.arrayContaining(["CLUBCARD PLUS", "Tesco Stores"])); // added, and its own kept
    const stray = [{ domain: "no-such-brand.com", aliases: ["NO SUCH LINE"], source: "test" }];
    expect(() => validateSeed({ ...files, "aliases.json": stray }, icons)).toThrow(/no seeded brand has the domain no-such-brand.com/);
    const short = [{ domain: "tesco.com", aliases: ["TSC"], source: "test" }];
    expect(() => validateSeed({ ...files, "aliases.json": short }, icons)).toThrow(/aliases/);
  });
});

describe("seeding D1", () => {
  /** A slice of the real corpus: four brands, Bitcoin, NYSE, the S&P 500, one parent pair and three platforms. */
  const sample = {
    brands: corpus.brands.filter((b) => ["apple.com", "meta.com", "instagram.com", "nyse.com"].includes(b.domain)),
    crypto: corpus.crypto.filter((c) => c.symbol === "BTC").map((c) => ({ ...c, icon: null })),
    exchanges: corpus.exchanges.filter((x) => x.mic === "XNYS"),
    indices: corpus.indices.filter((x) => x.symbol === "SPX"),
    parents: corpus.parents.filter((p) => p.child === "instagram.com"),
    platforms: corpus.platforms.slice(0, 3),
  };
  const write = async (units: SeedUnit[]) => env.DB.batch(prepareAll(env.DB, units.flatMap((u) => u.statements)));
  const seedSample = async () => write(await corpusUnits(sample));

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
    const brand = { key: "touchicon.test", domain: "touchicon.test", name: "Touch Curated", aliases: [], description: "Seeded.", colors: [], socials: {}, popularity: 5, icon: null, wordmark: null, domains: [], listings: [], isins: [], market: null, category: null };
    await env.DB.batch(prepareAll(env.DB, await brandStatements(brand, NO_IMAGES)));
    expect(await countRows("domains", "domain = 'touchicon.test' AND state = 'pending'")).toBe(1);
    await initWorkerCodecs();
    expect(await runIndexJob(env, "touchicon.test", crawlConfig(env))).toMatchObject({ indexed: true });
    const crawled = await getBrand(env.DB, await seedBrandId("touchicon.test"));
    expect(crawled!.logo_key).toMatch(/^logos\//);

    await env.DB.batch(prepareAll(env.DB, await brandStatements({ ...brand, description: "Seeded, and edited." }, NO_IMAGES)));
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

  it("gives each unit a hash that changes with its rows only, so a re-seed writes what changed", async () => {
    const units = await corpusUnits(sample);
    expect(units.map((u) => u.key)).toContain("brand:apple.com");
    expect(units.map((u) => u.key)).toContain("exchange:XNYS");
    expect(new Set(units.map((u) => u.key)).size).toBe(units.length);
    expect((await corpusUnits(sample)).map((u) => u.hash)).toEqual(units.map((u) => u.hash));

    const edited = { ...sample, brands: sample.brands.map((b) => (b.domain === "meta.com" ? { ...b, description: "Edited." } : b)) };
    const recorded = new Map(units.map((u) => [u.key, u.hash]));
    expect((changedUnits(await corpusUnits(edited), recorded)).map((u) => u.key)).toEqual(["brand:meta.com"]);
    expect(changedUnits(units, new Map()).length).toBe(units.length);
  });

  it("writes the same rows through a SQL file's text as through bound statements", async () => {
    const units = await corpusUnits({ ...sample, brands: sample.brands.map((b) => ({ ...b, description: "It's \"quoted\",\nover two lines; ?1 stays." })) });
    await env.DB.exec("DELETE FROM brands");
    await env.DB.exec([...units.flatMap((u) => u.statements), ...unitRecords(units)].map(sqlText).join("\n"));
    const viaText = await env.DB.prepare("SELECT id, name, description, colors, socials, popularity FROM brands ORDER BY id").all();
    expect(await countRows("seed_units")).toBe(units.length);
    expect(viaText.results.find((r) => r.name === "Apple")).toMatchObject({ description: "It's \"quoted\",\nover two lines; ?1 stays." });
    await env.DB.exec("DELETE FROM brands");
    await write(units);
    expect((await env.DB.prepare("SELECT id, name, description, colors, socials, popularity FROM brands ORDER BY id").all()).results).toEqual(viaText.results);
  });

  it("splits a long list of rows so no statement binds more than D1's 100 parameters", async () => {
    const aliases = Array.from({ length: 120 }, (_, i) => `Alias ${i}`);
    const statements = await brandStatements({ key: "many.test", domain: "many.test", name: "Many", aliases, description: "Many aliases.", colors: [], socials: {}, popularity: 1, icon: null, wordmark: null, domains: [], listings: [], isins: [], market: null, category: null }, NO_IMAGES);
    for (const s of statements) expect(s.params.length).toBeLessThanOrEqual(100);
    await env.DB.batch(prepareAll(env.DB, statements));
    expect(await countRows("brand_aliases", "brand_id = ?", await seedBrandId("many.test"))).toBe(120);
  });
});
