// Writes the seed corpus into D1. Idempotent: ids derive from the seed key, every write is an upsert, and a brand's
// aliases, identifiers and search row are replaced as a whole. Runs in Node (scripts/seed.mjs) and in tests.
import { brandColors } from "../brands/colors.ts";
import { sha256Hex } from "../ids.ts";
import type { SeedBrand, SeedCrypto, SeedExchange, SeedIndex, SeedParent, SeedPlatform } from "./schema.ts";

export type MasterLogo = { key: string; width: number; height: number; blurhash: string };

/** A stable brand id for a seeded brand (the key is its domain, or `crypto:SYMBOL` for an asset without a site). */
export const seedBrandId = async (key: string) => `brd_${(await sha256Hex(`seed:${key}`)).slice(0, 20)}`;

export type SeedBrandInput = Omit<SeedBrand, "domain"> & { domain: string | null; key: string };

export async function brandStatements(
  db: D1Database,
  brand: SeedBrandInput,
  logo: MasterLogo | null,
  now: Date,
): Promise<D1PreparedStatement[]> {
  const id = await seedBrandId(brand.key);
  const at = now.toISOString();
  const statements = [
    // With no icon in the seed, a re-seed keeps the logo the crawler found. (No SQL comments in statements: the
    // beta bench runs them as one script.)
    db
      .prepare(
        `INSERT INTO brands (id, domain, name, description, colors, socials, logo_key, logo_width, logo_height, blurhash,
           popularity, source, indexed_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'seed', ?12, ?12)
         ON CONFLICT (id) DO UPDATE SET domain = excluded.domain, name = excluded.name,
           description = excluded.description, colors = excluded.colors, socials = excluded.socials,
           popularity = excluded.popularity, updated_at = excluded.updated_at,
           logo_key = COALESCE(excluded.logo_key, brands.logo_key),
           logo_width = CASE WHEN excluded.logo_key IS NULL THEN brands.logo_width ELSE excluded.logo_width END,
           logo_height = CASE WHEN excluded.logo_key IS NULL THEN brands.logo_height ELSE excluded.logo_height END,
           blurhash = CASE WHEN excluded.logo_key IS NULL THEN brands.blurhash ELSE excluded.blurhash END`,
      )
      .bind(
        id,
        brand.domain,
        brand.name,
        brand.description,
        JSON.stringify(brandColors(brand.colors)),
        JSON.stringify(brand.socials),
        logo?.key ?? null,
        logo?.width ?? null,
        logo?.height ?? null,
        logo?.blurhash ?? null,
        brand.popularity,
        at,
      ),
    db.prepare("DELETE FROM brand_aliases WHERE brand_id = ?").bind(id),
    db.prepare("DELETE FROM identifiers WHERE brand_id = ? AND kind IN ('ticker', 'isin')").bind(id),
    db.prepare("DELETE FROM brand_search WHERE brand_id = ?").bind(id),
    db
      .prepare("INSERT INTO brand_search (brand_id, name, aliases, domain) VALUES (?, ?, ?, ?)")
      .bind(id, brand.name, brand.aliases.join(" | "), brand.domain ?? ""),
  ];
  if (brand.domain) {
    // Seeded brands with a logo are indexed; the rest wait for the crawler to find one, and once it has tried
    // (indexed, or no data for now) a later seed run keeps what it found.
    statements.push(
      db
        .prepare(
          `INSERT INTO domains (domain, brand_id, state, requested_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)
           ON CONFLICT (domain) DO UPDATE SET brand_id = excluded.brand_id, updated_at = excluded.updated_at,
             state = CASE WHEN excluded.state = 'pending' AND domains.state IN ('indexed', 'no_data') THEN domains.state
                          ELSE excluded.state END`,
        )
        .bind(brand.domain, id, logo ? "indexed" : "pending", at),
    );
  }
  for (const alias of new Set(brand.aliases)) {
    statements.push(db.prepare("INSERT INTO brand_aliases (brand_id, alias) VALUES (?, ?)").bind(id, alias));
  }
  for (const listing of brand.listings) {
    statements.push(identifierStatement(db, "ticker", listing.symbol, listing.mic, id, null, 0));
  }
  for (const isin of brand.isins) statements.push(identifierStatement(db, "isin", isin, "", id, null, 0));
  return statements;
}

function identifierStatement(
  db: D1Database,
  kind: "ticker" | "isin" | "crypto" | "exchange" | "index",
  value: string,
  qualifier: string,
  brandId: string | null,
  domain: string | null,
  rank: number,
) {
  return db
    .prepare(
      `INSERT INTO identifiers (kind, value, qualifier, brand_id, domain, rank) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, value, qualifier) DO UPDATE SET brand_id = excluded.brand_id, domain = excluded.domain, rank = excluded.rank`,
    )
    .bind(kind, value.toUpperCase(), qualifier, brandId, domain, rank);
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
    listings: [],
    isins: [],
  };
}

export async function cryptoStatements(db: D1Database, asset: SeedCrypto, brandKey: string) {
  return [identifierStatement(db, "crypto", asset.symbol, "", await seedBrandId(brandKey), null, asset.rank)];
}

/** Exchanges and indices resolve to a brand by their domain when it is seeded, else to the domain alone. */
export async function exchangeStatements(db: D1Database, exchange: SeedExchange, brandDomains: Set<string>) {
  const brandId = brandDomains.has(exchange.domain) ? await seedBrandId(exchange.domain) : null;
  const statements = [
    db
      .prepare(
        `INSERT INTO exchanges (mic, name, country, domain, acronyms, suffixes) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (mic) DO UPDATE SET name = excluded.name, country = excluded.country, domain = excluded.domain,
           acronyms = excluded.acronyms, suffixes = excluded.suffixes`,
      )
      .bind(
        exchange.mic,
        exchange.name,
        exchange.country,
        exchange.domain,
        JSON.stringify(exchange.acronyms),
        JSON.stringify(exchange.suffixes),
      ),
  ];
  for (const code of new Set([exchange.mic, ...exchange.acronyms])) {
    statements.push(identifierStatement(db, "exchange", code, "", brandId, exchange.domain, 0));
  }
  for (const suffix of exchange.suffixes) {
    statements.push(
      db
        .prepare("INSERT INTO exchange_suffixes (suffix, mic) VALUES (?, ?) ON CONFLICT (suffix) DO UPDATE SET mic = excluded.mic")
        .bind(suffix, exchange.mic),
    );
  }
  return statements;
}

export async function indexStatements(db: D1Database, index: SeedIndex, brandDomains: Set<string>) {
  const brandId = brandDomains.has(index.domain) ? await seedBrandId(index.domain) : null;
  return [index.symbol, ...index.aliases].map((symbol) =>
    identifierStatement(db, "index", symbol, "", brandId, index.domain, 0),
  );
}

export async function parentStatement(db: D1Database, pair: SeedParent) {
  return db
    .prepare(
      `INSERT INTO parents (child_id, parent_id, source) VALUES (?, ?, ?)
       ON CONFLICT (child_id) DO UPDATE SET parent_id = excluded.parent_id, source = excluded.source`,
    )
    .bind(await seedBrandId(pair.child), await seedBrandId(pair.parent), pair.source);
}

export async function platformStatements(db: D1Database, platform: SeedPlatform) {
  const id = `plt_${(await sha256Hex(`seed:${platform.domain}:${platform.name}`)).slice(0, 16)}`;
  return [
    db
      .prepare(
        `INSERT INTO platforms (id, name, domain, kind, sells_itself) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, domain = excluded.domain, kind = excluded.kind,
           sells_itself = excluded.sells_itself`,
      )
      .bind(id, platform.name, platform.domain, platform.kind, platform.sells_itself ? 1 : 0),
    ...platform.prefixes.map((prefix) =>
      db
        .prepare(
          "INSERT INTO platform_prefixes (prefix, platform_id) VALUES (?, ?) ON CONFLICT (prefix) DO UPDATE SET platform_id = excluded.platform_id",
        )
        .bind(prefix.toUpperCase(), id),
    ),
  ];
}
