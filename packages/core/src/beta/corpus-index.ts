// What the beta's pipeline knows of brands, held in the isolate: the verified corpus's names and aliases (the seeded
// brands), their owners, the states of their domains, the platform prefixes and the blocked domains. It is read from
// D1 in one batch and read again after CORPUS_TTL_MS, so a warm isolate identifies a descriptor with no trip to D1. A
// brand that is indexed or changes, a new block or a re-seed shows in rows within that bound (plus its refresh);
// domains outside the corpus are looked up as they come (beta/lookup-deps.ts).
import { stateOf, type DomainLookup, type StateRow } from "../brands/store.ts";
import { isCommonWord } from "../descriptor/common-words.ts";
import type { NamedBrand } from "../descriptor/corpus-match.ts";
import { buildLooseIndex, type LooseIndex } from "../descriptor/loose-match.ts";
import { nameKey } from "../descriptor/name-key.ts";
import { platformPrefixes, type PlatformPrefix } from "../descriptor/platforms.ts";
import { withGeneratedAliases } from "./generated-aliases.ts";

/** How long the index answers before a request reads it again. */
export const CORPUS_TTL_MS = 60_000;
/**
 * While one request reads a stale index again, others keep answering from it, for at most this long: a read that fails
 * or is cancelled does not leave the isolate on a stale index. So a row's brand facts are at most 65 s old.
 */
const REFRESH_GRACE_MS = 5_000;

/** A brand's verified owner (seed/parents.json: one level, child → parent). */
export type Owner = { id: string; name: string; domain: string };

/**
 * `market`: the one country whose shoppers know the brand by its name (migration 0010), null for one known everywhere;
 * `category`: what a seeded merchant sells (migration 0012), null when the seed does not class it.
 */
export type CorpusBrand = { id: string; name: string; domain: string | null; popularity: number; market: string | null; category: string | null };
/** A brand under one name key: `isName` when the key is its name rather than an alias. Most popular first. */
export type KeyHit = { brand: CorpusBrand; isName: boolean };

/** What a row needs to know of a domain: its state, its brand's id and name, whether its crawl is due. */
export type DomainFacts = { state: DomainLookup["state"]; brand: { id: string; name: string } | null; awaitsCrawl?: boolean };

export type CorpusIndex = {
  byKey: Map<string, KeyHit[]>;
  /** The brands with a site, by id. */
  brands: Map<string, CorpusBrand & { domain: string }>;
  /** Names and domains for the matchers of names cut short or abbreviated. */
  loose: LooseIndex;
  /** Child brand id → its verified owner (with a domain). */
  owners: Map<string, Owner>;
  /** Owner brand id → its child brands' ids: the other way round, so a lookup does not walk every owner. */
  children: Map<string, string[]>;
  /** Every domain of a corpus brand. */
  domains: Map<string, DomainFacts & { brandId: string }>;
  blocked: Set<string>;
  /** Longest first, so "UBER *EATS" wins over "UBER *". */
  prefixes: PlatformPrefix[];
};

export type KeyRow = { key: string; raw: string; is_name: number } & CorpusBrand;
type OwnerRow = { child_id: string; id: string; name: string; domain: string };
type DomainRow = StateRow & { domain: string; name: string };
type PrefixRow = { prefix: string; name: string; domain: string; kind: string; sells_itself: number };

/** An isolate serves one database: its index and when it was read, and when a request began reading it again. */
let held: { index: CorpusIndex; at: number } | null = null;
let refreshingSince = -Infinity;

/**
 * The isolate's index. A stale one is read again by the first request that finds it so, while the others answer from
 * it; with none yet, each request reads its own (requests never await another's read: see ttl-cache.ts).
 */
export async function corpusIndex(db: D1Database, now = Date.now()): Promise<CorpusIndex> {
  if (held && (now - held.at < CORPUS_TTL_MS || now - refreshingSince < REFRESH_GRACE_MS)) return held.index;
  refreshingSince = now;
  const index = await readIndex(db);
  held = { index, at: now };
  return index;
}

/** Forgets the isolate's index (tests that change the corpus behind the Worker's back). */
export const forgetCorpusIndex = () => {
  held = null;
  refreshingSince = -Infinity;
};

async function readIndex(db: D1Database): Promise<CorpusIndex> {
  const [keys, owners, domains, prefixes, blocked] = await db.batch<unknown>([
    db.prepare(
      `SELECT k.key, k.raw, k.raw = b.name AS is_name, b.id, b.name, b.domain, b.popularity, b.market, b.category
       FROM brand_keys k JOIN brands b ON b.id = k.brand_id WHERE b.source = 'seed'
       ORDER BY b.popularity DESC, is_name DESC`,
    ),
    db.prepare(
      `SELECT p.child_id, b.id, b.name, b.domain FROM parents p JOIN brands b ON b.id = p.parent_id
       WHERE b.domain IS NOT NULL`,
    ),
    db.prepare(
      `SELECT d.domain, d.state, d.brand_id, d.queued_at, d.indexed_at AS crawled_at, b.domain AS brand_domain, b.name
       FROM domains d JOIN brands b ON b.id = d.brand_id WHERE b.source = 'seed'`,
    ),
    db.prepare(
      `SELECT pp.prefix, p.name, p.domain, p.kind, p.sells_itself
       FROM platform_prefixes pp JOIN platforms p ON p.id = pp.platform_id`,
    ),
    db.prepare("SELECT domain FROM blocked_domains"),
  ]);
  const keyRows = withGeneratedAliases(keys.results as KeyRow[]).filter((row) => !ampersandOnly(row));
  const named = keyRows.filter((r): r is KeyRow & { domain: string } => r.domain !== null);
  const domainRows = domains.results as DomainRow[];
  const ownerRows = owners.results as OwnerRow[];
  return {
    byKey: groupKeys(keyRows),
    brands: new Map(named.map(({ id, name, domain, popularity, market, category }) => [id, { id, name, domain, popularity, market, category }])),
    loose: buildLooseIndex(
      named.map((r) => ({ raw: r.raw, brandId: r.id, isName: r.is_name === 1, popularity: r.popularity })),
      domainRows.map((r) => ({ domain: r.domain, brandId: r.brand_id!, own: r.domain === r.brand_domain })),
    ),
    owners: new Map(ownerRows.map(({ child_id, ...owner }) => [child_id, owner])),
    children: childrenByOwner(ownerRows),
    domains: new Map(
      domainRows.map((row) => {
        const { state, awaitsCrawl } = stateOf(row, row.domain);
        return [row.domain, { state, brand: { id: row.brand_id!, name: row.name }, awaitsCrawl, brandId: row.brand_id! }];
      }),
    ),
    blocked: new Set((blocked.results as { domain: string }[]).map((r) => r.domain)),
    prefixes: platformPrefixes(
      (prefixes.results as PrefixRow[]).map((r) => ({
        prefix: r.prefix,
        platform: { name: r.name, domain: r.domain, kind: r.kind, sellsItself: r.sells_itself === 1 },
      })),
    ),
  };
}

/**
 * A name told from a common word only by the ampersand its key drops ("&pizza" is "pizza"): read by its other
 * spellings ("AND PIZZA"), never by the word, which names any pizzeria ("PIZZA 0412").
 */
const ampersandOnly = (row: KeyRow) => /^&|&$/.test(row.raw.trim()) && isCommonWord(row.key.toUpperCase());

function childrenByOwner(rows: OwnerRow[]): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const { child_id, id } of rows) children.set(id, [...(children.get(id) ?? []), child_id]);
  return children;
}

function groupKeys(rows: KeyRow[]): Map<string, KeyHit[]> {
  const byKey = new Map<string, KeyHit[]>();
  for (const { key, raw: _raw, is_name, ...brand } of rows) {
    const hits = byKey.get(key) ?? [];
    hits.push({ brand, isName: is_name === 1 });
    byKey.set(key, hits);
  }
  return byKey;
}

/** The nearest verified owner of a corpus brand. */
export const ownerOf = (index: CorpusIndex, brandId: string): Owner | null => index.owners.get(brandId) ?? null;

/** The corpus brand a domain belongs to, by any of its domains. */
export const brandIdOf = (index: CorpusIndex, domain: string): string | undefined => index.domains.get(domain)?.brandId;

/** The owner's domain of the brand a domain belongs to, if any. */
export function ownerDomainOf(index: CorpusIndex, domain: string): string | null {
  const brandId = brandIdOf(index, domain);
  return (brandId && index.owners.get(brandId)?.domain) || null;
}

/**
 * A group's registered name, as its shops and airlines print it ("DEUTSCHE LUFTHANSA AG", "H&M HENNES & MAURITZ"),
 * names the one brand of the group whose own name is among the words: the purchase is that brand's, and the group
 * stays beside it as its parent. Otherwise the brand named.
 */
export function namesakeChild(index: CorpusIndex, named: NamedBrand, words: string[]): NamedBrand {
  const childIds = index.children.get(named.id);
  if (!childIds) return named;
  const key = nameKey(words.join(" "));
  const namesakes = childIds
    .map((childId) => index.brands.get(childId))
    .filter((child): child is NamedBrand => {
      const childKey = child ? nameKey(child.name.toUpperCase()) : "";
      return childKey.length >= MIN_NAMESAKE_KEY && key.includes(childKey);
    });
  return namesakes.length === 1 ? namesakes[0] : named;
}

/** A child's name this short ("Max") could be any word of a group's name. */
const MIN_NAMESAKE_KEY = 4;
