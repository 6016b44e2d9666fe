// The SQL that writes the seed corpus into D1, as plain statements (text and parameters), so the same rows can be
// run through a D1 binding (tests), a platform proxy or a SQL file for `wrangler d1 execute` (npm start, deploy).
// Idempotent: ids derive from the seed key, every write is an upsert, and a brand's aliases, identifiers and search
// row are replaced as a whole. Times come from the database (`NOW`), so a statement depends on the corpus alone and
// its hash says whether a row changed.
import { brandColors } from "../brands/colors.ts";
import { seedReplacesSql } from "../brands/image-rank.ts";
import { IMAGE_COLUMNS, imageValues, type BrandImage, type ImageRole } from "../brands/images.ts";
import { sha256Hex } from "../ids.ts";
import type { SeedBrand, SeedCrypto, SeedExchange, SeedIndex, SeedParent, SeedPlatform } from "./schema.ts";

/** A seed image in R2: its PNG master, the sanitised SVG it was drawn from, and its score (brands/image-rank.ts). */
export type MasterLogo = BrandImage & { blurhash: string; score: number };
/** A seeded brand's images: the full logo (its wordmark, else its icon) and the brandmark (its square icon). */
export type BrandImages = { logo: MasterLogo | null; brandmark: MasterLogo | null };
export type SqlValue = string | number | null;
export type SeedStatement = { sql: string; params: SqlValue[] };

/** The write's time, as toISOString() prints it, from SQLite's clock. */
export const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const statement = (sql: string, ...params: SqlValue[]): SeedStatement => ({ sql, params });

/** D1 binds at most 100 parameters to one statement. */
const D1_MAX_PARAMS = 100;

/** One INSERT for many rows (as few statements as D1's parameter limit allows): a seed writes fewer statements. */
export function insertRows(into: string, rows: SqlValue[][], onConflict = ""): SeedStatement[] {
  const out: SeedStatement[] = [];
  const width = rows[0]?.length ?? 1;
  const perStatement = Math.floor(D1_MAX_PARAMS / width);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const values = chunk.map(() => `(${Array(width).fill("?").join(", ")})`).join(", ");
    out.push(statement(`INSERT INTO ${into} VALUES ${values}${onConflict && ` ${onConflict}`}`, ...chunk.flat()));
  }
  return out;
}

/** Statements bound for a D1 binding. */
export const prepareAll = (db: D1Database, statements: SeedStatement[]): D1PreparedStatement[] =>
  statements.map((s) => db.prepare(s.sql).bind(...s.params));

/** A stable brand id for a seeded brand (the key is its domain, or `crypto:SYMBOL` for an asset without a site). */
export const seedBrandId = async (key: string) => `brd_${(await sha256Hex(`seed:${key}`)).slice(0, 20)}`;

export type SeedBrandInput = Omit<SeedBrand, "domain"> & { domain: string | null; key: string };

/** A role's columns take the seed's image only when it ranks at least as high as the one the brand holds. */
const keepBetter = (role: ImageRole) =>
  IMAGE_COLUMNS[role].map((c) => `${c} = CASE WHEN ${seedReplacesSql(role)} THEN excluded.${c} ELSE brands.${c} END`).join(", ");

export async function brandStatements(brand: SeedBrandInput, images: BrandImages): Promise<SeedStatement[]> {
  const id = await seedBrandId(brand.key);
  const columns = [...IMAGE_COLUMNS.logo, ...IMAGE_COLUMNS.brandmark];
  const statements = [
    // Images go by rank (brands/image-rank.ts): a re-seed keeps a logo the crawler found that ranks higher, and an
    // image the seed lacks. (No SQL comments in statements: they are also written out as one SQL file.)
    statement(
      `INSERT INTO brands (id, domain, name, description, colors, socials, popularity, market, category, ${columns.join(", ")}, source, indexed_at, updated_at)
       VALUES (${Array.from({ length: 9 + columns.length }, (_, i) => `?${i + 1}`).join(", ")}, 'seed', ${NOW}, ${NOW})
       ON CONFLICT (id) DO UPDATE SET domain = excluded.domain, name = excluded.name,
         description = excluded.description, colors = excluded.colors, socials = excluded.socials,
         popularity = excluded.popularity, market = excluded.market, category = excluded.category, updated_at = excluded.updated_at, ${keepBetter("logo")}, ${keepBetter("brandmark")}`,
      id,
      brand.domain,
      brand.name,
      brand.description,
      JSON.stringify(brandColors(brand.colors)),
      JSON.stringify(brand.socials),
      brand.popularity,
      brand.market,
      brand.category,
      ...imageValues(images.logo),
      ...imageValues(images.brandmark),
    ),
    statement("DELETE FROM brand_aliases WHERE brand_id = ?", id),
    statement("DELETE FROM identifiers WHERE brand_id = ? AND kind IN ('ticker', 'isin')", id),
    // The row exists: triggers keep brand_search beside brands (migration 0006); the seed adds the aliases.
    statement("UPDATE brand_search SET name = ?, aliases = ?, domain = ? WHERE brand_id = ?", brand.name, brand.aliases.join(" | "), brand.domain ?? "", id),
  ];
  if (brand.domain) statements.push(...domainStatements(brand, id, images.logo !== null));
  statements.push(...insertRows("brand_aliases (brand_id, alias)", [...new Set(brand.aliases)].map((alias) => [id, alias])));
  statements.push(
    ...identifierStatements([
      ...brand.listings.map((l): IdentifierRow => ["ticker", l.symbol, l.mic, id, null, 0]),
      ...brand.isins.map((isin): IdentifierRow => ["isin", isin, "", id, null, 0]),
    ]),
  );
  return statements;
}

/**
 * The brand's domain rows. With an image the brand is indexed, and its own domain is crawled on its first request
 * (domains.indexed_at stays NULL until a crawl lands: the seed image is a placeholder the site's logo may outrank);
 * without one it waits, pending, for that crawl. Once the crawler has tried (indexed, or no data for now) a re-seed
 * keeps what it found. The brand's other domains (country sites, short links) answer with its record and are not
 * crawled on request.
 */
function domainStatements(brand: SeedBrandInput, id: string, hasImage: boolean): SeedStatement[] {
  const upsert = (domain: string, state: "indexed" | "pending", queued: boolean) =>
    statement(
      `INSERT INTO domains (domain, brand_id, state, requested_at, updated_at, queued_at) VALUES (?1, ?2, ?3, ${NOW}, ${NOW}, ${queued ? NOW : "NULL"})
       ON CONFLICT (domain) DO UPDATE SET brand_id = excluded.brand_id, updated_at = excluded.updated_at,
         state = CASE WHEN excluded.state = 'pending' AND domains.state IN ('indexed', 'no_data') THEN domains.state
                      ELSE excluded.state END`,
      domain,
      id,
      state,
    );
  return [
    upsert(brand.domain!, hasImage ? "indexed" : "pending", false),
    ...brand.domains.map((domain) => upsert(domain, "indexed", true)),
  ];
}

/** kind, value, qualifier, brand id, domain, rank. */
type IdentifierRow = ["ticker" | "isin" | "crypto" | "exchange" | "index", string, string, string | null, string | null, number];

function identifierStatements(rows: IdentifierRow[]): SeedStatement[] {
  return insertRows(
    "identifiers (kind, value, qualifier, brand_id, domain, rank)",
    rows.map(([kind, value, ...rest]) => [kind, value.toUpperCase(), ...rest]),
    "ON CONFLICT (kind, value, qualifier) DO UPDATE SET brand_id = excluded.brand_id, domain = excluded.domain, rank = excluded.rank",
  );
}

/** A crypto asset is a brand of its own; it takes the site's domain only when no company brand already holds it. */
export function cryptoAsBrand(asset: SeedCrypto, takenDomains: Set<string>): SeedBrandInput {
  const domain = asset.domain && !takenDomains.has(asset.domain) ? asset.domain : null;
  return {
    key: domain ?? `crypto:${asset.symbol}`,
    name: asset.name,
    domain,
    aliases: [asset.symbol],
    description: asset.description,
    colors: asset.color ? [asset.color] : [],
    socials: {},
    popularity: Math.max(10, 90 - asset.rank),
    icon: asset.icon,
    wordmark: null,
    domains: [],
    listings: [],
    isins: [],
    market: null,
    category: null,
  };
}

export async function cryptoStatements(asset: SeedCrypto, brandKey: string) {
  return identifierStatements([["crypto", asset.symbol, "", await seedBrandId(brandKey), null, asset.rank]]);
}

/** Exchanges and indices resolve to a brand by their domain when it is seeded, else to the domain alone. */
export async function exchangeStatements(exchange: SeedExchange, brandDomains: Set<string>) {
  const brandId = brandDomains.has(exchange.domain) ? await seedBrandId(exchange.domain) : null;
  const statements = [
    statement(
      `INSERT INTO exchanges (mic, name, country, domain, acronyms, suffixes) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (mic) DO UPDATE SET name = excluded.name, country = excluded.country, domain = excluded.domain,
         acronyms = excluded.acronyms, suffixes = excluded.suffixes`,
      exchange.mic,
      exchange.name,
      exchange.country,
      exchange.domain,
      JSON.stringify(exchange.acronyms),
      JSON.stringify(exchange.suffixes),
    ),
  ];
  statements.push(...identifierStatements([...new Set([exchange.mic, ...exchange.acronyms])].map((code) => ["exchange", code, "", brandId, exchange.domain, 0])));
  statements.push(
    ...insertRows(
      "exchange_suffixes (suffix, mic)",
      exchange.suffixes.map((suffix) => [suffix, exchange.mic]),
      "ON CONFLICT (suffix) DO UPDATE SET mic = excluded.mic",
    ),
  );
  return statements;
}

export async function indexStatements(index: SeedIndex, brandDomains: Set<string>) {
  const brandId = brandDomains.has(index.domain) ? await seedBrandId(index.domain) : null;
  return identifierStatements([index.symbol, ...index.aliases].map((symbol) => ["index", symbol, "", brandId, index.domain, 0]));
}

export async function parentStatement(pair: SeedParent) {
  return statement(
    `INSERT INTO parents (child_id, parent_id, source) VALUES (?, ?, ?)
     ON CONFLICT (child_id) DO UPDATE SET parent_id = excluded.parent_id, source = excluded.source`,
    await seedBrandId(pair.child),
    await seedBrandId(pair.parent),
    pair.source,
  );
}

export async function platformStatements(platform: SeedPlatform) {
  const id = `plt_${(await sha256Hex(`seed:${platform.domain}:${platform.name}`)).slice(0, 16)}`;
  return [
    statement(
      `INSERT INTO platforms (id, name, domain, kind, sells_itself) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, domain = excluded.domain, kind = excluded.kind,
         sells_itself = excluded.sells_itself`,
      id,
      platform.name,
      platform.domain,
      platform.kind,
      platform.sells_itself ? 1 : 0,
    ),
    ...insertRows(
      "platform_prefixes (prefix, platform_id)",
      platform.prefixes.map((prefix) => [prefix.toUpperCase(), id]),
      "ON CONFLICT (prefix) DO UPDATE SET platform_id = excluded.platform_id",
    ),
  ];
}
