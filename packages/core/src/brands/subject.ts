// Every image lookup ends in a subject: the brand whose logo to draw (if any), the domain it stands for, and what a
// monogram would show when there is no logo. Unknown domains are queued for indexing on the way.
import { US_MICS, type TickerQuery } from "../identifiers/ticker.ts";
import { unicodeDomain } from "./domain.ts";
import { cachedLookupDomain } from "./domain-cache.ts";
import { indexIfDue, type StartIndexing } from "./request-indexing.ts";
import { cachedSearchBrands, type SearchStrategy } from "./search.ts";
import { getBrand, isBlocked, type Brand } from "./store.ts";

export type Subject = {
  brand: Brand | null;
  domain: string | null;
  /** Text whose first letter or digit a monogram shows. */
  label: string;
  /** What the monogram's colour derives from. */
  seed: string;
  /**
   * The code the lookup named (a ticker, exchange, index or crypto symbol): drawn whole as a text mark when there is
   * no logo, since one letter cannot tell NYSE from NASDAQ.
   */
  code?: string | null;
  /** An operator blocked the domain: no logo and no monogram, 404 on every host. */
  blocked?: true;
};

export async function subjectForDomain(db: D1Database, domain: string, index: StartIndexing, now: Date): Promise<Subject> {
  const found = await cachedLookupDomain(db, domain, now.getTime());
  if (found.state === "blocked") return { brand: null, domain, label: domain, seed: domain, blocked: true };
  await indexIfDue(db, found, domain, index, now);
  const brand = found.state === "indexed" ? found.brand : null;
  // A brand we know but have no logo for yet still lends its name to the monogram; else the domain as people write
  // it (münchen.de, not xn--mnchen-3ya.de, whose monogram would be an X).
  const known = found.state === "unknown" ? null : found.brand;
  return { brand, domain, label: known?.name ?? unicodeDomain(domain), seed: domain };
}

type IdentifierRow = { brand_id: string | null; domain: string | null };

/**
 * Resolves an identifier row to a subject: its brand when seeded, else the domain it names. `code` is what a text mark
 * shows without a logo (an ISIN is no code anyone reads: it gets the letter monogram).
 */
async function subjectForRow(
  db: D1Database,
  row: IdentifierRow | null,
  label: string,
  index: StartIndexing,
  now: Date,
  code: string | null = label,
): Promise<Subject> {
  const brand = row?.brand_id ? await getBrand(db, row.brand_id) : null;
  if (brand) return { ...(await brandSubject(db, brand)), code };
  if (row?.domain) return { ...(await subjectForDomain(db, row.domain, index, now)), label, code };
  return { brand: null, domain: null, label, seed: label.toLowerCase(), code };
}

const identifier = (db: D1Database, kind: string, value: string) =>
  db
    .prepare("SELECT brand_id, domain FROM identifiers WHERE kind = ? AND value = ? ORDER BY rank, qualifier LIMIT 1")
    .bind(kind, value)
    .first<IdentifierRow>();

export async function subjectForTicker(db: D1Database, ticker: TickerQuery, index: StartIndexing, now: Date) {
  const placeholders = US_MICS.map(() => "?").join(", ");
  // An exchange suffix wins when it is one we know; otherwise the whole ticker on the US exchanges, and failing
  // that on any exchange (a home-market ticker such as 7203 for Toyota).
  const row =
    (ticker.suffixed &&
      (await db
        .prepare(
          `SELECT i.brand_id, i.domain FROM identifiers i JOIN exchange_suffixes s ON s.mic = i.qualifier
           WHERE i.kind = 'ticker' AND i.value = ? AND s.suffix = ? LIMIT 1`,
        )
        .bind(ticker.suffixed.symbol, ticker.suffixed.suffix)
        .first<IdentifierRow>())) ??
    (await db
      .prepare(
        `SELECT brand_id, domain FROM identifiers WHERE kind = 'ticker' AND value = ?
         ORDER BY qualifier IN (${placeholders}) DESC, qualifier LIMIT 1`,
      )
      .bind(ticker.symbol, ...US_MICS)
      .first<IdentifierRow>());
  return subjectForRow(db, row, ticker.symbol, index, now);
}

export const subjectForIsin = async (db: D1Database, isin: string, index: StartIndexing, now: Date) =>
  subjectForRow(db, await identifier(db, "isin", isin), isin, index, now, null);

export const subjectForCrypto = async (db: D1Database, symbol: string, index: StartIndexing, now: Date) =>
  subjectForRow(db, await identifier(db, "crypto", symbol), symbol, index, now);

/** An exchange named by its MIC shows its common acronym in a text mark (XNYS reads as NYSE). */
export async function subjectForExchange(db: D1Database, code: string, index: StartIndexing, now: Date) {
  const row = await db
    .prepare(
      `SELECT i.brand_id, i.domain, (SELECT json_extract(e.acronyms, '$[0]') FROM exchanges e WHERE e.mic = i.value) AS acronym
       FROM identifiers i WHERE i.kind = 'exchange' AND i.value = ? LIMIT 1`,
    )
    .bind(code)
    .first<IdentifierRow & { acronym: string | null }>();
  return subjectForRow(db, row, code, index, now, row?.acronym ?? code);
}

export const subjectForIndex = async (db: D1Database, symbol: string, index: StartIndexing, now: Date) =>
  subjectForRow(db, await identifier(db, "index", symbol), symbol.replace("^", ""), index, now);

export async function subjectForName(db: D1Database, name: string, strategy: SearchStrategy): Promise<Subject> {
  const [hit] = await cachedSearchBrands(db, name, strategy, 1);
  const brand = hit ? await getBrand(db, hit.id) : null;
  if (brand) return brandSubject(db, brand);
  return { brand: null, domain: null, label: name, seed: name.toLowerCase() };
}

/** A brand found by an identifier or its name: blocked when its domain is, like the domain lookup itself. */
async function brandSubject(db: D1Database, brand: Brand): Promise<Subject> {
  const subject: Subject = { brand, domain: brand.domain, label: brand.name, seed: brand.domain ?? brand.id };
  if (brand.domain && (await isBlocked(db, brand.domain))) return { ...subject, brand: null, blocked: true };
  return subject;
}
