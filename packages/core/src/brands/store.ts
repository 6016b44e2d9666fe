// Brands in D1: lookups by domain and identifier, and the indexing state of every domain we have heard of.
import { z } from "zod";
import { BrandColor } from "./colors.ts";
import { Socials } from "../seed/schema.ts";
import { afterBinds, afterClause, decodeCursor, toPage, type PageOf } from "../pagination.ts";

export const DomainState = z.enum(["pending", "indexed", "no_data", "blocked"]);
export type DomainState = z.infer<typeof DomainState>;

type BrandRowRaw = {
  id: string;
  domain: string | null;
  name: string;
  description: string;
  colors: string;
  socials: string;
  logo_key: string | null;
  logo_width: number | null;
  logo_height: number | null;
  blurhash: string | null;
  brandmark_key: string | null;
  brandmark_width: number | null;
  brandmark_height: number | null;
  brandmark_blurhash: string | null;
  logo_svg_key: string | null;
  logo_score: number | null;
  brandmark_svg_key: string | null;
  brandmark_score: number | null;
  banners: string;
  popularity: number;
  source: "seed" | "crawl";
  indexed_at: string;
  updated_at: string;
};

export type Brand = Omit<BrandRowRaw, "colors" | "socials" | "banners"> & {
  colors: BrandColor[];
  socials: z.infer<typeof Socials>;
  banners: { key: string; width: number; height: number; source: string }[];
};

const parseBrand = (row: BrandRowRaw): Brand => ({
  ...row,
  colors: JSON.parse(row.colors),
  socials: JSON.parse(row.socials),
  banners: JSON.parse(row.banners),
});

/**
 * What we know of a domain: never heard of it, or its indexing state and (when indexed) its brand. `awaitsCrawl`: the
 * domain's crawl is due on this request, as it never was queued: a seeded brand without a logo (pending), or a seeded
 * brand's own domain whose seed image is a placeholder until its site has been crawled once (indexed).
 */
export type DomainLookup =
  | { state: "unknown" }
  | { state: "pending"; brand: Brand | null; awaitsCrawl: boolean }
  | { state: "no_data" | "blocked"; brand: Brand | null }
  | { state: "indexed"; brand: Brand; awaitsCrawl: boolean };

export async function lookupDomain(db: D1Database, domain: string): Promise<DomainLookup> {
  type Row = StateRow & Partial<BrandRowRaw>;
  const [blocked, known] = await db.batch<Row>([
    db.prepare("SELECT 'blocked' AS state FROM blocked_domains WHERE domain = ?").bind(domain),
    db
      .prepare(
        `SELECT b.*, d.state, d.brand_id, d.queued_at, d.indexed_at AS crawled_at, b.domain AS brand_domain
         FROM domains d LEFT JOIN brands b ON b.id = d.brand_id WHERE d.domain = ?`,
      )
      .bind(domain),
  ]);
  if (blocked.results.length) return { state: "blocked", brand: null };
  const row = known.results[0];
  if (!row) return { state: "unknown" };
  const brand = row.brand_id ? parseBrand(row as BrandRowRaw) : null;
  const { state, awaitsCrawl } = stateOf(row, domain);
  if (state === "indexed") return { state, brand: brand!, awaitsCrawl };
  if (state === "pending") return { state, brand, awaitsCrawl };
  return { state, brand };
}

/** A `domains` row with what its brand says about it (`brand_domain`: the brand's own domain, when it has a brand). */
export type StateRow = { state: DomainState; brand_id: string | null; queued_at: string | null; crawled_at: string | null; brand_domain: string | null };

/** The state a row stands for (DomainLookup): indexed without a brand is no data; `awaitsCrawl` as DomainLookup says. */
export function stateOf(row: StateRow, domain: string): { state: Exclude<DomainState, "blocked"> | "blocked"; awaitsCrawl: boolean } {
  const neverQueued = row.queued_at === null;
  if (row.state === "indexed" && row.brand_id) {
    return { state: "indexed", awaitsCrawl: neverQueued && row.crawled_at === null && row.brand_domain === domain };
  }
  if (row.state === "pending") return { state: "pending", awaitsCrawl: neverQueued };
  return { state: row.state === "indexed" ? "no_data" : row.state, awaitsCrawl: false };
}

export async function getBrand(db: D1Database, id: string): Promise<Brand | null> {
  const row = await db.prepare("SELECT * FROM brands WHERE id = ?").bind(id).first<BrandRowRaw>();
  return row ? parseBrand(row) : null;
}

/**
 * Claims a domain's crawl: inserts its `pending` row, or claims a row whose crawl is due but was never queued (see
 * DomainLookup's `awaitsCrawl`; an indexed seeded brand keeps its state and seed image meanwhile). Only the request
 * whose statement changed the row gets `true` and enqueues the job, so concurrent first requests start one crawl.
 */
export async function claimCrawl(db: D1Database, domain: string, now: Date): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `INSERT INTO domains (domain, state, requested_at, updated_at, queued_at) VALUES (?1, 'pending', ?2, ?2, ?2)
       ON CONFLICT (domain) DO UPDATE SET queued_at = excluded.queued_at
         WHERE domains.queued_at IS NULL AND (domains.state = 'pending' OR (domains.state = 'indexed'
           AND domains.indexed_at IS NULL AND domains.domain = (SELECT b.domain FROM brands b WHERE b.id = domains.brand_id)))`,
    )
    .bind(domain, now.toISOString())
    .run();
  return meta.changes === 1;
}

export async function isBlocked(db: D1Database, domain: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS b FROM blocked_domains WHERE domain = ?").bind(domain).first()) !== null;
}

/** Lifts a block; false when the domain was not blocked. */
export async function unblockDomain(db: D1Database, domain: string): Promise<boolean> {
  const { meta } = await db.prepare("DELETE FROM blocked_domains WHERE domain = ?").bind(domain).run();
  return meta.changes === 1;
}

export type BlockedDomain = { domain: string; reason: string; created_at: string };

/** The blocked domains, newest first, a page at a time (pagination.ts). */
export async function listBlockedDomains(db: D1Database, limit: number, cursor?: string): Promise<PageOf<BlockedDomain>> {
  const { results } = await db
    .prepare(
      // The domain is the row's id for the cursor.
      `SELECT b.id, b.domain, b.reason, b.created_at
       FROM (SELECT domain AS id, domain, reason, created_at FROM blocked_domains) b WHERE ${afterClause("b", 1)}
       ORDER BY b.created_at DESC, b.id DESC LIMIT ?3`,
    )
    .bind(...afterBinds(decodeCursor(cursor)), limit + 1)
    .all<BlockedDomain & { id: string }>();
  return toPage(results, limit, ({ id: _id, ...blocked }) => blocked);
}

export async function blockDomain(db: D1Database, domain: string, reason: string, now: Date): Promise<void> {
  await db
    .prepare(
      "INSERT INTO blocked_domains (domain, reason, created_at) VALUES (?, ?, ?) ON CONFLICT (domain) DO UPDATE SET reason = excluded.reason",
    )
    .bind(domain, reason, now.toISOString())
    .run();
}
