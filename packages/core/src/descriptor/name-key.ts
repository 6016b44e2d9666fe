// The key brand names and aliases are matched under: ASCII case and punctuation ignored, so "McDonald's",
// "MCDONALDS" and "Mc Donalds" meet. Mirrors the SQL expression in migrations/0004_brand_keys.sql: change both together.
import { isAscii } from "./ascii.ts";

const DROPPED = /[ '.,\-&*/!’+:()_#]/g;

/** Only ASCII letters are lowered, as SQLite's lower() does; text in ASCII takes the faster path to the same key. */
export const nameKey = (text: string) => (isAscii(text) ? text.toLowerCase() : text.replace(/[A-Z]/g, (c) => c.toLowerCase())).replace(DROPPED, "");

/**
 * The keys of a name's first word, first two words, and so on to the whole name: a brand is read by each of them too
 * ("KMART" of "Kmart Australia").
 */
export function leadingKeys(name: string): string[] {
  const words = name.toUpperCase().split(/\s+/);
  return words.map((_, i) => nameKey(words.slice(0, i + 1).join(" "))).filter(Boolean);
}
