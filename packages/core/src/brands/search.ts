// Name search over brand names, aliases and domains (FTS5), for /name/{brand} and the JSON host's /search.
import { TtlCache } from "../ttl-cache.ts";
import { DOMAIN_CACHE_MS } from "./domain-cache.ts";

export type SearchStrategy = "match" | "suggest";
export type SearchHit = { id: string; name: string; domain: string | null; popularity: number };

/**
 * The words of a query as an FTS5 expression: each word quoted (so no input can be FTS syntax) and used as a prefix,
 * all words required. Null when the query has no letter or digit.
 */
export function ftsQuery(query: string): string | null {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.slice(0, 8).map((w) => `"${w}"*`).join(" ") : null;
}

/**
 * Repeated searches (a typeahead's popular prefixes, a page's /name/ logos) are answered from the isolate for as long
 * as a domain's record is (DOMAIN_CACHE_MS); a crawl this isolate ran forgets them at once.
 */
const answers = new TtlCache<string, SearchHit[]>(DOMAIN_CACHE_MS, 2_000);

export function cachedSearchBrands(db: D1Database, query: string, strategy: SearchStrategy, limit: number, now = Date.now()): Promise<SearchHit[]> {
  return answers.through(`${strategy} ${limit} ${query.trim().toLowerCase()}`, () => searchBrands(db, query, strategy, limit), undefined, now);
}

export const forgetCachedSearches = () => answers.clear();

/**
 * `match` ranks the closest name first: an exact name, then an exact alias, then a name that starts with the query,
 * then the best full-text rank; popularity breaks ties. `suggest` ranks every prefix match by popularity.
 */
export async function searchBrands(db: D1Database, query: string, strategy: SearchStrategy, limit: number): Promise<SearchHit[]> {
  const fts = ftsQuery(query);
  if (!fts) return [];
  const needle = query.trim().toLowerCase();
  const order =
    strategy === "match"
      ? "closeness, bm25(brand_search, 0, 10.0, 5.0, 2.0), b.popularity DESC"
      : "b.popularity DESC, closeness";
  const { results } = await db
    .prepare(
      `SELECT b.id, b.name, b.domain, b.popularity,
         CASE WHEN lower(b.name) = ?2 THEN 0
              WHEN EXISTS (SELECT 1 FROM brand_aliases a WHERE a.brand_id = b.id AND lower(a.alias) = ?2) THEN 1
              WHEN substr(lower(b.name), 1, length(?2)) = ?2 THEN 2
              ELSE 3 END AS closeness
       FROM brand_search JOIN brands b ON b.id = brand_search.brand_id
       WHERE brand_search MATCH ?1
       ORDER BY ${order}
       LIMIT ?3`,
    )
    .bind(fts, needle, limit)
    .all<SearchHit & { closeness: number }>();
  return results.map(({ id, name, domain, popularity }) => ({ id, name, domain, popularity }));
}
