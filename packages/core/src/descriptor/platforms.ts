// Payment platforms and marketplaces, and the prefixes banks print for them ("SQ *", "PAYPAL *", "AMZN MKTP"): the
// seeded `platforms` table (held in the beta's corpus index) and the split of a descriptor into platform and merchant.
import { nameKey } from "./name-key.ts";

export type Platform = {
  name: string;
  domain: string;
  kind: string;
  /** The platform is itself the seller (Uber, Apple, Amazon): with nothing else named, it is the merchant. */
  sellsItself: boolean;
};

export type PlatformPrefix = { prefix: string; platform: Platform };

/** Banks space the star either way ("SQ *JOES", "SQ*JOES", "SQ * JOES"): compare without those spaces. */
export const canonicalPrefix = (text: string) => text.toUpperCase().replace(/\s*\*\s*/g, "*").replace(/\s+/g, " ").trim();

/**
 * The spellings banks print for a seeded prefix: as seeded, without its star ("SQ JOES" for "SQ *", "DD DOORDASH" for
 * "DD *") or with a hyphen, a dot or a slash for it ("TST-SMOKEYS BBQ" for "TST*", "SUMUP.THE OLD FORGE" for "SUMUP *",
 * "EVENTBRITE/SUMMER FEST") and, for
 * one of several words, run together ("UBEREATS" for "UBER EATS", "AMZNMKTP" for "AMZN MKTP").
 */
export function prefixSpellings(prefix: string, platform: Pick<Platform, "kind" | "sellsItself">): string[] {
  const canonical = canonicalPrefix(prefix);
  const spellings = new Set([canonical]);
  // Without its star only for a platform that takes payments for others: "UBER CLEAN LAUNDROMAT" is no Uber ride.
  const forOthers = !platform.sellsItself || platform.kind === "delivery";
  for (const spelling of [...spellings]) {
    if (forOthers && /[A-Z0-9]\*$/.test(spelling)) {
      spellings.add(`${spelling.slice(0, -1)} `);
      spellings.add(`${spelling.slice(0, -1)}-`);
      spellings.add(`${spelling.slice(0, -1)}.`);
      // A slash only after a name: "DD/BR" is Dunkin' and Baskin-Robbins, no DoorDash order.
      if (/[A-Z][A-Z.]{3,}\*$/.test(spelling)) spellings.add(`${spelling.slice(0, -1)}/`);
    }
  }
  for (const spelling of [...spellings]) {
    const joined = spelling.replace(/(?<=[A-Z])[ *]+(?=[A-Z])/g, "");
    if (joined !== spelling) spellings.add(joined);
  }
  return [...spellings];
}

/**
 * Every prefix a bank may print for the seeded platforms, longest first (so "UBER *EATS" wins over "UBER *"): each
 * seeded prefix as banks print it, also after the platform's name ("SQUARE SQ *CORNER BOOKS", "SQUARE *SQ *LITTLE FOX
 * BAKERY"), each platform's domain and its name part before a star ("GLOVOAPP*MCDONALDS", "SKIPTHEDISHES.COM* A&W",
 * "ZIP.CO *THE GOOD GUYS"), and its name before a star ("SQUARE *TARGET FITNESS"), only with the star: without it a
 * name like "SQUARE" or "TOAST" begins shops' names ("SQUARE ONE DELI").
 */
export function platformPrefixes(seeded: { prefix: string; platform: Platform }[]): PlatformPrefix[] {
  const byDomain = new Map(seeded.map(({ platform }) => [platform.domain, platform]));
  const fromDomains = [...byDomain.values()].flatMap((platform) => {
    const domain = platform.domain.toUpperCase();
    const label = domain.split(".")[0];
    return [`${domain}*`, ...(label.length >= MIN_DOMAIN_LABEL ? [`${label}*`] : [])].map((prefix) => ({ prefix, platform }));
  });
  const afterName = seeded.flatMap(({ prefix, platform }) =>
    [" ", "*"].map((between) => ({ prefix: `${platform.name.toUpperCase()}${between}${prefix}`, platform })),
  );
  const spelled = [...seeded, ...afterName, ...fromDomains].flatMap(({ prefix, platform }) =>
    prefixSpellings(prefix, platform).map((p) => ({ prefix: p, platform })),
  );
  const named = [...byDomain.values()].map((platform) => ({ prefix: `${platform.name.toUpperCase()}*`, platform }));
  const unique = new Map([...named, ...spelled].map((p) => [p.prefix, p]));
  return [...unique.values()].sort((a, b) => b.prefix.length - a.prefix.length);
}

/** A domain's name part this short ("SQ") could start anything. */
const MIN_DOMAIN_LABEL = 3;

export type PlatformSplit = { platform: Platform; rest: string };

/**
 * The platform whose prefix starts the descriptor, and the merchant text after it, with the platform's own name
 * dropped when it is repeated there ("DD *DOORDASH CHIPOTLE" → DoorDash, "CHIPOTLE"). Null when no prefix matches.
 */
export function splitPlatform(upper: string, prefixes: PlatformPrefix[]): PlatformSplit | null {
  const text = canonicalPrefix(upper);
  for (const { prefix, platform } of byFirstLetter(prefixes).get(text[0]) ?? []) {
    if (!text.startsWith(prefix)) continue;
    // A prefix that ends in a letter or digit must end a word: "VENMO" is not the start of "VENMOUTH"; but a platform's
    // long name is printed run onto a shop's ("GRUBHUBTHAIBASILGRILL").
    if (/[A-Z0-9]$/.test(prefix) && /^[A-Z0-9]/.test(text.slice(prefix.length)) && !gluedName(prefix, platform, text)) continue;
    // A dot for the star is no domain's dot: "SUMUP.COM" is the platform's address, not a shop called COM.
    if (prefix.endsWith(".") && TOP_LEVEL.test(text.slice(prefix.length))) continue;
    const rawAfter = text.slice(prefix.length).replace(/^\.[A-Z]{2,3}(?:\.[A-Z]{2})?(?=\*|\s)/, ""); // "THUISBEZORGD.NL*"
    // A market's code before the merchant of a platform that sells for others ("AFTERPAY US*ULTA BEAUTY"; in "AMZN
    // MKTP US*2K4L5" an order code follows).
    const after = platform.sellsItself ? rawAfter : rawAfter.replace(MARKET_CODE, " ");
    const again = prefixes.find((p) => p.platform.domain === platform.domain && after.replace(/^\s+/, "").startsWith(p.prefix));
    const rest = again ? after.replace(/^\s+/, "").slice(again.prefix.length) : after; // "SQU*SQ *ELM STREET FLORIST"
    return { platform, rest: dropRepeatedName(rest, platform) };
  }
  return null;
}

/**
 * The prefixes by their first letter, longest first as given: a descriptor is tried against its own letter's, several
 * times a lookup (after each word that may name nobody). Built once for each prefix list an isolate reads.
 */
const lettered = new WeakMap<PlatformPrefix[], Map<string, PlatformPrefix[]>>();
function byFirstLetter(prefixes: PlatformPrefix[]): Map<string, PlatformPrefix[]> {
  let byLetter = lettered.get(prefixes);
  if (!byLetter) {
    byLetter = new Map();
    for (const p of prefixes) byLetter.get(p.prefix[0])?.push(p) ?? byLetter.set(p.prefix[0], [p]);
    lettered.set(prefixes, byLetter);
  }
  return byLetter;
}

const MARKET_CODE = /^\s*(?:US|UK|GB|CA|AU|NZ|IE|EU)\*/;

/** A platform's name this long, run onto a shop's name of this many letters, is the platform's prefix. */
const MIN_GLUED_PLATFORM = 7;
const MIN_GLUED_SHOP = 4;
/** The platform's own name, long, as one word, run onto a shop's name ("GRUBHUBTHAIBASILGRILL"). */
const gluedName = (prefix: string, platform: Platform, text: string) =>
  prefix.length >= MIN_GLUED_PLATFORM &&
  prefix === nameKey(platform.name.toUpperCase()).toUpperCase() &&
  new RegExp(`^[A-Z]{${MIN_GLUED_SHOP}}`).test(text.slice(prefix.length));
/** The end of an address after a platform's name ("SUMUP.COM", "PADDLE.NET", "ZIP.CO"). */
const TOP_LEVEL = /^(?:COM|NET|ORG|CO|IO|APP|[A-Z]{2})(?![A-Z])/;

/** The beginning of a platform's name that says which it is in a credit after the merchant. */
const MIN_CREDIT = 5;
const credits = new Map<string, RegExp>();

/**
 * A platform's credit after the merchant ("COSTCO BY INSTACART"), perhaps cut short by the field's width ("BY
 * INSTACAR"); made once per platform name.
 */
function creditOf(platform: Platform): RegExp {
  let credit = credits.get(platform.name);
  if (!credit) {
    const word = platform.name.toUpperCase().split(/[^A-Z0-9]/)[0];
    credit = new RegExp(`\\s+(?:BY|VIA)\\s+${word.slice(0, MIN_CREDIT)}${word.length > MIN_CREDIT ? "[A-Z]*" : ""}\\b`);
    credits.set(platform.name, credit);
  }
  return credit;
}

/** The merchant text without the platform's name before it or its credit after it. */
function dropRepeatedName(rest: string, platform: Platform): string {
  const words = rest.replace(/^[\s*:\-]+/, "").replace(creditOf(platform), " ").split(/[\s*]+/).filter(Boolean);
  const platformKey = nameKey(platform.name.toUpperCase());
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    if (nameKey(words.slice(0, n).join("")) === platformKey) return words.slice(n).join(" ");
  }
  return words.join(" ");
}
