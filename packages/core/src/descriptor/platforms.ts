// Payment platforms and marketplaces, and the prefixes banks print for them ("SQ *", "PAYPAL *", "AMZN MKTP"): the
// seeded `platforms` table, read once a minute per isolate, and the split of a descriptor into platform and merchant.
import { nameKey } from "./name-key.ts";

export type Platform = {
  name: string;
  domain: string;
  kind: string;
  /** The platform is itself the seller (Uber, Apple, Amazon): with nothing else named, it is the merchant. */
  sellsItself: boolean;
};

export type PlatformPrefix = { prefix: string; platform: Platform };

type Row = { prefix: string; name: string; domain: string; kind: string; sells_itself: number };

const TTL_MS = 60_000;
const cache = new WeakMap<D1Database, { at: number; prefixes: Promise<PlatformPrefix[]> }>();

/** Every prefix, longest first, so "UBER *EATS" wins over "UBER *". */
export function loadPlatformPrefixes(db: D1Database, now = Date.now()): Promise<PlatformPrefix[]> {
  const hit = cache.get(db);
  if (hit && now - hit.at < TTL_MS) return hit.prefixes;
  const prefixes = db
    .prepare(
      `SELECT pp.prefix, p.name, p.domain, p.kind, p.sells_itself
       FROM platform_prefixes pp JOIN platforms p ON p.id = pp.platform_id`,
    )
    .all<Row>()
    .then(({ results }) =>
      results
        .map((r) => ({
          prefix: canonical(r.prefix),
          platform: { name: r.name, domain: r.domain, kind: r.kind, sellsItself: r.sells_itself === 1 },
        }))
        .sort((a, b) => b.prefix.length - a.prefix.length),
    );
  cache.set(db, { at: now, prefixes });
  prefixes.catch(() => cache.delete(db)); // a failed read is not remembered
  return prefixes;
}

/** Banks space the star either way ("SQ *JOES", "SQ*JOES", "SQ * JOES"): compare without those spaces. */
const canonical = (text: string) => text.toUpperCase().replace(/\s*\*\s*/g, "*").replace(/\s+/g, " ").trim();

export type PlatformSplit = { platform: Platform; rest: string };

/**
 * The platform whose prefix starts the descriptor, and the merchant text after it, with the platform's own name
 * dropped when it is repeated there ("DD *DOORDASH CHIPOTLE" → DoorDash, "CHIPOTLE"). Null when no prefix matches.
 */
export function splitPlatform(upper: string, prefixes: PlatformPrefix[]): PlatformSplit | null {
  const text = canonical(upper);
  for (const { prefix, platform } of prefixes) {
    if (!text.startsWith(prefix)) continue;
    // A prefix that ends in a letter or digit must end a word: "VENMO" is not the start of "VENMOUTH".
    if (/[A-Z0-9]$/.test(prefix) && /^[A-Z0-9]/.test(text.slice(prefix.length))) continue;
    return { platform, rest: dropRepeatedName(text.slice(prefix.length), platform) };
  }
  return null;
}

function dropRepeatedName(rest: string, platform: Platform): string {
  const words = rest.replace(/^[\s*:\-]+/, "").split(/[\s*]+/).filter(Boolean);
  const platformKey = nameKey(platform.name.toUpperCase());
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    if (nameKey(words.slice(0, n).join("")) === platformKey) return words.slice(n).join(" ");
  }
  return words.join(" ");
}
