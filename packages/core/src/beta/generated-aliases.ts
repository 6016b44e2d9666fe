// Spellings banks print that the corpus does not list, generated from it when the beta's corpus index is read: each
// an alias of its brand where no brand of its market, or of every market, holds it already.
import { withoutMarks, withUmlautsSpelled } from "../descriptor/ascii.ts";
import { isCommonWord } from "../descriptor/common-words.ts";
import { nameKey } from "../descriptor/name-key.ts";
import type { KeyRow } from "./corpus-index.ts";

/**
 * Spellings banks print that the corpus does not list, generated from it, each an alias of its brand when no brand of
 * its market, or of every market, holds it already: a brand named for its market without it ("Kmart Australia" →
 * "KMART"), a name with letters beyond ASCII as banks write it ("ÖBB" → "OEBB", "OBB"; "Apotek Hjärtat" → "APOTEK
 * HJARTAT"), an ampersand written out ("H AND M") and "and" written as one, a number left out ("REMA 1000" → "REMA"),
 * a word in a bank's short form ("CHEMIST WHSE").
 */
export function withGeneratedAliases(rows: KeyRow[]): KeyRow[] {
  // A key, and the markets of the brands holding it: same-named brands of two markets may share a generated spelling
  // ("MITRE 10" for Mitre 10 Australia and New Zealand), the request's country telling them apart.
  const held = new Map<string, Set<string | null>>();
  const hold = (key: string, market: string | null) => held.set(key, (held.get(key) ?? new Set()).add(market));
  const isHeld = (key: string, market: string | null) => {
    const markets = held.get(key);
    return markets !== undefined && (market === null || markets.has(null) || markets.has(market));
  };
  for (const row of rows) hold(row.key, row.market);
  const generated = rows.flatMap((row) => {
    const market = row.is_name === 1 ? MARKET_SUFFIX.exec(row.raw)?.[1] : undefined;
    const spellings = [
      ...(market && nameKey(market.toUpperCase()).length >= MIN_MARKET_SHORT ? [market] : []),
      ...asciiSpellings(row.raw),
      ...(row.is_name === 1 ? withoutNumber(row.raw) : []),
      ...(row.raw.includes("&") ? AMPERSAND_WORDS.map((and) => row.raw.replace(/\s*&\s*/g, ` ${and} `)) : []),
      ...andAsAmpersand(row.raw),
      ...withShortForms(row.raw),
    ];
    return spellings.flatMap((raw) => {
      const key = nameKey(raw.toUpperCase());
      if (isHeld(key, row.market)) return [];
      hold(key, row.market);
      return [{ ...row, key, raw, is_name: 0 }];
    });
  });
  return [...rows, ...generated];
}

/**
 * A name with a number in it without the number, which the descriptor engine reads as a store number ("REMA 1000" →
 * "REMA"), unless what is left is a common word ("Forever 21").
 */
function withoutNumber(raw: string): string[] {
  const words = raw.split(" ");
  const left = words.filter((w) => !/^\d+$/.test(w));
  if (left.length === words.length || !left.length) return [];
  const name = left.join(" ");
  return nameKey(name.toUpperCase()).length >= MIN_NUMBERLESS && !(left.length === 1 && isCommonWord(left[0].toUpperCase())) ? [name] : [];
}

/** A name with letters beyond ASCII, as banks print it: umlauts written out ("OE"), and every mark dropped ("O"). */
function asciiSpellings(raw: string): string[] {
  return /^[\x20-\x7e]*$/.test(raw) ? [] : [...new Set([withUmlautsSpelled(raw), withoutMarks(raw)])];
}

/** "and" written as an ampersand ("PACIFIC GAS & ELECTR" for Pacific Gas and Electric). */
function andAsAmpersand(raw: string): string[] {
  // A replace, never a global regex's `test`: its `lastIndex` would carry over from one name to the next.
  const spelled = raw.replace(/\s+and\s+/gi, " & ");
  return spelled === raw ? [] : [spelled];
}

/**
 * A name of several words with one of them in the short form banks print ("Chemist Warehouse" → "CHEMIST WHSE",
 * "Ace Hardware" → "ACE HDWR").
 */
function withShortForms(raw: string): string[] {
  const words = raw.toUpperCase().split(/\s+/);
  if (words.length < 2) return [];
  return words.flatMap((word, i) =>
    (SHORT_FORMS[word.replace(/[^A-Z]/g, "")] ?? []).map((short) => [...words.slice(0, i), short, ...words.slice(i + 1)].join(" ")),
  );
}

/** The short forms banks and card acquirers print for the words of names. */
const SHORT_FORMS: Record<string, string[]> = {
  WAREHOUSE: ["WHSE", "WHS"],
  WHOLESALE: ["WHLSE", "WHSL"],
  SUPERMARKET: ["SUPERMKT", "SMKT"],
  SUPERMARKETS: ["SUPERMKTS", "SMKTS"],
  MARKET: ["MKT"],
  INTERNATIONAL: ["INTL"],
  NATIONAL: ["NATL"],
  DEPARTMENT: ["DEPT"],
  PHARMACY: ["PHCY", "PHARM"],
  HARDWARE: ["HDWR"],
  CENTER: ["CTR"],
  CENTRE: ["CTR"],
  BROTHERS: ["BROS"],
  SERVICES: ["SVCS"],
  GROCERY: ["GROC"],
  MOUNTAIN: ["MTN"],
  RESTAURANT: ["REST"],
  TRANSPORTATION: ["TRANSP", "TRNSPRTN"],
};

/** An ampersand as the statements' languages write it out ("H ET M" in France, "M AND S"). */
const AMPERSAND_WORDS = ["AND", "ET", "UND", "EN", "OG", "OCH"];

/** Shorter names are words of their own ("One NZ" is no "ONE", "TIM 2" no "TIM"). */
const MIN_MARKET_SHORT = 5;
const MIN_NUMBERLESS = 4;

const MARKET_SUFFIX =
  /^(.+?)\s+(?:Australia|New Zealand|NZ|Canada|UK|U\.K\.|Ireland|US|USA|Deutschland|Germany|France|España|Spain|Italia|Italy|Nederland|Netherlands|Belgium|België|Schweiz|Suisse|Switzerland|Österreich|Austria|Polska|Poland|Portugal|Sverige|Sweden|Norge|Norway|Danmark|Denmark)$/i;
