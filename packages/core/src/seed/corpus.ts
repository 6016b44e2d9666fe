// The whole corpus as units of statements: one unit per brand, exchange, index, parent pair and platform, each with a
// hash of its statements. This is the one path from /seed to rows: npm start, deploy (local and remote), the tests
// and the benches all write these units, each through its own transport. A unit whose hash the database already
// records (table seed_units) is unchanged and need not be written again, which is what makes a re-seed or an
// upgrade write only what changed, and an interrupted seed resumable.
import { sha256Hex } from "../ids.ts";
import type { IconSource } from "./schema.ts";
import type { SeedData } from "./validate.ts";
import {
  brandStatements,
  cryptoAsBrand,
  cryptoStatements,
  exchangeStatements,
  indexStatements,
  insertRows,
  parentStatement,
  platformStatements,
  NOW,
  type BrandImages,
  type MasterLogo,
  type SeedBrandInput,
  type SeedStatement,
} from "./write.ts";

/** A unit of the corpus; a brand's carries the masters its rows name, which must be in R2 before them. */
export type SeedUnit = { key: string; hash: string; statements: SeedStatement[]; masters: MasterLogo[] };

/** The master rendered for an icon-package drawing in a brand colour, or null where none is (tests, no drawing). */
export type MasterLookup = (source: IconSource, color: string | null) => MasterLogo | null;

/** Brands in the order they are written: companies first, then crypto assets, which take a domain no company holds. */
export function corpusBrands(corpus: SeedData): { brands: SeedBrandInput[]; cryptoKeys: Map<string, string>; domains: Set<string> } {
  const domains = new Set(corpus.brands.flatMap((b) => [b.domain, ...b.domains]));
  const cryptoKeys = new Map<string, string>();
  const cryptoBrands = corpus.crypto.map((asset) => {
    const brand = cryptoAsBrand(asset, domains);
    if (brand.domain) domains.add(brand.domain);
    cryptoKeys.set(asset.symbol, brand.key);
    return brand;
  });
  return { brands: [...corpus.brands.map((b) => ({ ...b, key: b.domain })), ...cryptoBrands], cryptoKeys, domains };
}

export async function corpusUnits(corpus: SeedData, masterOf: MasterLookup = () => null): Promise<SeedUnit[]> {
  const { brands, cryptoKeys, domains } = corpusBrands(corpus);
  const units: Array<Promise<SeedUnit>> = [];
  const add = (key: string, statements: Promise<SeedStatement[]>, masters: MasterLogo[] = []) =>
    units.push(statements.then((s) => unit(key, s, masters)));

  for (const brand of brands) {
    const images = brandImages(brand, masterOf);
    add(`brand:${brand.key}`, brandStatements(brand, images), [...new Set([images.logo, images.brandmark].filter((m) => m !== null))]);
  }
  for (const asset of corpus.crypto) add(`crypto:${asset.symbol}`, cryptoStatements(asset, cryptoKeys.get(asset.symbol)!));
  for (const exchange of corpus.exchanges) add(`exchange:${exchange.mic}`, exchangeStatements(exchange, domains));
  for (const index of corpus.indices) add(`index:${index.symbol}`, indexStatements(index, domains));
  for (const pair of corpus.parents) add(`parent:${pair.child}`, parentStatement(pair).then((s) => [s]));
  for (const platform of corpus.platforms) add(`platform:${platform.domain}:${platform.name}`, platformStatements(platform));
  return Promise.all(units);
}

/** The brandmark is the brand's icon; its logo is the wordmark when it has one, else the icon too. */
export function brandImages(brand: SeedBrandInput, masterOf: MasterLookup): BrandImages {
  const color = brand.colors[0] ?? null;
  const brandmark = brand.icon ? masterOf(brand.icon, color) : null;
  const wordmark = brand.wordmark ? masterOf(brand.wordmark, color) : null;
  return { logo: wordmark ?? brandmark, brandmark };
}

async function unit(key: string, statements: SeedStatement[], masters: MasterLogo[]): Promise<SeedUnit> {
  return { key, hash: (await sha256Hex(JSON.stringify(statements))).slice(0, 32), statements, masters };
}

/** Records written units; written in the same batch as the units, so both land or neither does. */
export const unitRecords = (units: SeedUnit[]): SeedStatement[] =>
  insertRows("seed_units (key, hash)", units.map((u) => [u.key, u.hash]), "ON CONFLICT (key) DO UPDATE SET hash = excluded.hash");

/** Records a whole corpus as seeded, once its every unit is. */
export const seedRunRecord = (fingerprint: string): SeedStatement => ({
  sql: `INSERT OR REPLACE INTO seed_runs (fingerprint, seeded_at) VALUES (?, ${NOW})`,
  params: [fingerprint],
});

/** The units whose hash differs from what the database recorded (all of them on an empty database). */
export const changedUnits = (units: SeedUnit[], recorded: Map<string, string>) => units.filter((u) => recorded.get(u.key) !== u.hash);
