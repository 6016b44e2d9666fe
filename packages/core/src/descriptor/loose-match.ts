// The matchers for spellings the corpus does not hold word for word, generated from the corpus rather than listed per
// brand: a name cut short by the bank's field width ("SOUTHWEST AIRL", "DOLLAR GENERA", "HOMEDEPOT.CO") and a name
// with its vowels dropped ("WLGRNS", "TRGT", "CMCST"). Each answers only when exactly one brand fits, so a local shop
// that merely starts like a brand ("SOUTHWEST DENTAL", "TRADER BOBS") keeps its own name.
import { nameKey } from "./name-key.ts";

/** A corpus name or alias, its words as keys, and the brand it names. */
type Spelling = { key: string; words: string[]; brandId: string };

export type LooseIndex = {
  /** Every spelling, sorted by key: a truncated key finds its completions as one range. */
  spellings: Spelling[];
  /** Consonant skeleton → the brands whose name or alias has it. */
  skeletons: Map<string, Set<string>>;
  /** Every corpus domain, sorted: a domain cut short ("homedepot.co") finds its completions as one range. */
  domains: string[];
};

/** A truncated name is at least this long (as a key), and at least this share of the full name. */
const MIN_TRUNCATED_KEY = 7;
const MIN_TRUNCATED_SHARE = 0.5;
/** A word shortened before the last keeps at least this many letters ("BRIT" of "BRITISH"). */
const MIN_CUT_WORD = 3;
/** A one-word name cut short keeps at least this share of its letters ("WALGREEN", "STARBUCK"). */
const MIN_ONE_WORD_SHARE = 0.75;
/** An abbreviation is at least this many letters, and a skeleton this long names few brands. */
const MIN_ABBREVIATION = 4;

/** "walgreens" → "wlgrns": the first letter, then the consonants, doubled letters once. */
export const skeleton = (key: string) => (key[0] ?? "") + key.slice(1).replace(/[aeiou]/g, "").replace(/(.)\1+/g, "$1");

export function buildLooseIndex(names: { raw: string; brandId: string }[], domains: Iterable<string>): LooseIndex {
  const spellings = names
    .map(({ raw, brandId }) => ({ key: nameKey(raw.toUpperCase()), words: raw.toUpperCase().split(/[\s/-]+/).map(nameKey).filter(Boolean), brandId }))
    .filter((s) => s.key.length >= 2)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const skeletons = new Map<string, Set<string>>();
  for (const { key, brandId } of spellings) {
    const shape = skeleton(key);
    if (shape.length < MIN_ABBREVIATION) continue;
    const brands = skeletons.get(shape) ?? new Set<string>();
    brands.add(brandId);
    skeletons.set(shape, brands);
  }
  return { spellings, skeletons, domains: [...domains].sort() };
}

/**
 * The one brand whose name `words` (a run from the descriptor's start) are that name shortened: each word the
 * beginning of the name's word there ("BRIT AIRWAYS", "SOUTHWEST AIRL", "DOLLAR GENERA"), at least one of them cut,
 * and enough of the name kept. Null when none or several brands fit.
 */
export function truncatedName(index: LooseIndex, words: string[]): string | null {
  const keys = words.map(nameKey);
  const key = keys.join("");
  if (key.length < MIN_TRUNCATED_KEY || !keys.every(Boolean)) return null;
  const last = keys.length - 1;
  const fits = (s: Spelling) =>
    s.key.length > key.length &&
    key.length >= s.key.length * MIN_TRUNCATED_SHARE &&
    s.words.length >= keys.length &&
    keys.every((k, i) => s.words[i].startsWith(k) && (k === s.words[i] || k.length >= (i === last ? 2 : MIN_CUT_WORD))) &&
    keys.some((k, i) => k !== s.words[i]) &&
    (keys.length > 1 || key.length >= s.words[0].length * MIN_ONE_WORD_SHARE);
  return onlyBrand(range(index.spellings, keys[0], (s) => s.key).filter(fits));
}

/**
 * The one brand vowel-less words abbreviate ("WLGRNS" → Walgreens, "AMZN" → Amazon, "HM DPT" → The Home Depot), or
 * null. Each word may keep its first letter's vowel, nothing else.
 */
export function abbreviation(index: LooseIndex, words: string[]): string | null {
  const keys = words.map(nameKey);
  const key = keys.join("");
  if (key.length < MIN_ABBREVIATION || !keys.every((k) => /^[a-z][b-df-hj-np-tv-z]+$/.test(k))) return null;
  const brands = index.skeletons.get(skeleton(key));
  return brands?.size === 1 ? [...brands][0] : null;
}

/** The one corpus domain a printed domain is the start of ("homedepot.co" → "homedepot.com"), or null. */
export function completedDomain(index: LooseIndex, domain: string): string | null {
  const completions = range(index.domains, domain, (d) => d).filter((d) => d !== domain);
  return completions.length === 1 ? completions[0] : null;
}

function onlyBrand(spellings: Spelling[]): string | null {
  const brands = new Set(spellings.map((s) => s.brandId));
  return brands.size === 1 ? [...brands][0] : null;
}

/** The items of `sorted` whose text starts with `prefix` (binary search for the first, then a scan). */
function range<T>(sorted: T[], prefix: string, text: (item: T) => string): T[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (text(sorted[mid]) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: T[] = [];
  for (let i = lo; i < sorted.length && text(sorted[i]).startsWith(prefix); i++) out.push(sorted[i]);
  return out;
}
