// The matchers for spellings the corpus does not hold word for word, generated from the corpus rather than listed per
// brand: a name cut short by the bank's field width ("SOUTHWEST AIRL", "DOLLAR GENERA", "HOMEDEPOT.CO") and a name
// with its vowels dropped ("WLGRNS", "TRGT", "CMCST"). Each answers only when exactly one brand fits, so a local shop
// that merely starts like a brand ("SOUTHWEST DENTAL", "TRADER BOBS") keeps its own name.
import { parse } from "tldts";
import { namesBusiness } from "./after-name.ts";
import { isCommonEnglishWord, isCommonWord } from "./common-words.ts";
import { nameKey } from "./name-key.ts";

/** A corpus name or alias, its words as keys, and the brand it names. */
type Spelling = { key: string; words: string[]; brandId: string; isName: boolean; popularity: number };

export type LooseIndex = {
  /** Every spelling, sorted by key: a truncated key finds its completions as one range. */
  spellings: Spelling[];
  /** The spellings of several words by their first two words' first letters, shortest first. */
  byInitials: Map<string, Spelling[]>;
  /** Each brand's spellings. */
  byBrand: Map<string, Spelling[]>;
  /** The spellings by their key's first and last letters ("wr" for Whataburger): a word with letters dropped keeps both. */
  byEnds: Map<string, Spelling[]>;
  /** Consonant skeleton → the brands whose name or alias has it. */
  skeletons: Map<string, Set<string>>;
  /** Every corpus domain with its brand, sorted: a domain cut short ("homedepot.co") finds its completions as one range. */
  domains: { domain: string; brandId: string }[];
  /** The name part of each brand's own domain → the brands ("amazon" → Amazon): country storefronts find their brand. */
  labels: Map<string, Set<string>>;
};

/** A truncated name is at least this long (as a key; one word, or several: "AIR CAN"), and this share of the name. */
const MIN_TRUNCATED_KEY = 7;
const MIN_TRUNCATED_WORDS_KEY = 6;
const MIN_TRUNCATED_SHARE = 0.5;
/** Several words all shortened ("NORDSTRM RCK") are taken when they keep this many letters; fewer need a word whole. */
const MIN_SHORTENED_WORDS_KEY = 10;
/** Fewer letters do when every word keeps all its consonants ("KRSPY KRME": Krispy Kreme, "CRKR BRL": Cracker Barrel). */
const MIN_SKELETON_WORDS_KEY = 7;
/** Articles and prepositions of the statements' languages, as keys: never a word cut to its first two letters. */
const LINKING_WORDS = new Set(["de", "da", "di", "do", "du", "la", "le", "el", "en", "et", "of", "in", "to", "an", "au", "al", "im", "am", "op"]);
/** A name cut between its words keeps at least this many of them whole. */
const MIN_WHOLE_WORDS = 3;
/** A word shortened before the last keeps at least this many letters ("BRIT" of "BRITISH"). */
const MIN_CUT_WORD = 3;
/** A one-word name cut short keeps at least this share of its letters ("WALGREEN", "STARBUCK"). */
const MIN_ONE_WORD_SHARE = 0.75;
/** An abbreviation is at least this many letters, and a skeleton this long names few brands. */
const MIN_ABBREVIATION = 4;
/** A word that kept some of its vowels is an abbreviation only this long or longer. */
const MIN_PARTLY_VOWELLED = 7;

/** "walgreens" → "wlgrns": the first letter, then the consonants, doubled letters once, "ck" as the one sound it is. */
export const skeleton = (key: string) => (key[0] ?? "") + key.slice(1).replace(/ck/g, "k").replace(/[aeiou]/g, "").replace(/(.)\1+/g, "$1");

export function buildLooseIndex(
  names: { raw: string; brandId: string; isName: boolean; popularity: number }[],
  domains: { domain: string; brandId: string; own: boolean }[],
): LooseIndex {
  const spellings = names
    .map(({ raw, ...brand }) => ({ key: nameKey(raw.toUpperCase()), words: raw.toUpperCase().split(/[\s/-]+/).map(nameKey).filter(Boolean), ...brand }))
    .filter((s) => s.key.length >= 2)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const byInitials = new Map<string, Spelling[]>();
  for (const s of spellings.filter((s) => s.words.length > 1)) byInitials.get(initials(s.words))?.push(s) ?? byInitials.set(initials(s.words), [s]);
  for (const group of byInitials.values()) group.sort((a, b) => a.key.length - b.key.length);
  const byBrand = new Map<string, Spelling[]>();
  for (const s of spellings) byBrand.get(s.brandId)?.push(s) ?? byBrand.set(s.brandId, [s]);
  const byEnds = new Map<string, Spelling[]>();
  for (const s of spellings) byEnds.get(ends(s.key))?.push(s) ?? byEnds.set(ends(s.key), [s]);
  const skeletons = new Map<string, Set<string>>();
  for (const { key, brandId } of spellings) {
    const shape = skeleton(key);
    if (shape.length < MIN_ABBREVIATION) continue;
    const brands = skeletons.get(shape) ?? new Set<string>();
    brands.add(brandId);
    skeletons.set(shape, brands);
  }
  const labels = new Map<string, Set<string>>();
  for (const { domain, brandId, own } of domains) {
    const label = own ? domainLabel(domain) : null;
    if (label) labels.set(label, (labels.get(label) ?? new Set()).add(brandId));
  }
  const sorted = domains.map(({ domain, brandId }) => ({ domain, brandId })).sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
  return { spellings, byInitials, byBrand, byEnds, skeletons, domains: sorted, labels };
}

/**
 * The one brand whose name `words` (a run from the descriptor's start) are that name shortened: each word the name's
 * word there, its beginning ("BRIT AIRWAYS", "SOUTHWEST AIRL", "DOLLAR GENERA") or, beside a word kept whole, its
 * consonants ("LTL CAESARS", "ACE HDWR", "NAPA AUTO PRTS"), at least one of them shortened, and enough of the name
 * kept. Null when none or several brands fit.
 */
export function truncatedName(index: LooseIndex, words: string[]): string | null {
  const keys = words.map(nameKey);
  const key = keys.join("");
  if (key.length < (keys.length > 1 ? MIN_TRUNCATED_WORDS_KEY : MIN_TRUNCATED_KEY) || !keys.every(Boolean)) return null;
  // One word of the language is that word, not a name cut short ("SERVICE CHARGE" is no Services Australia).
  if (keys.length === 1 && isCommonEnglishWord(words[0])) return null;
  const last = keys.length - 1;
  // The last word may be cut to one letter after two or more words printed whole ("ENTERPRISE RENT-A-C").
  const wholeBefore = (s: Spelling) => last >= 2 && keys.slice(0, last).every((k, i) => k === s.words[i]);
  // A word cut to two letters is no article or preposition ("TELEFONICA DE ESPANA" is no Telefónica Deutschland).
  const cut = (k: string, w: string, i: number, s?: Spelling) =>
    w.startsWith(k) &&
    (k.length >= (i === last ? 2 : MIN_CUT_WORD) || (i === last && s !== undefined && wholeBefore(s))) &&
    !(k.length < w.length && LINKING_WORDS.has(k));
  const shortens = (k: string, w: string, i: number) =>
    cut(k, w, i) || (keys.length > 1 && (consonantsOf(k, w, i === last ? 2 : MIN_CUT_WORD) || vowelsDropped(k, w)));
  // One word may be the name's words run together and cut ("PETROCAN" of Petro-Canada), a word's beginning kept of
  // each ("MORGANS" is no Morgan Stanley).
  const runTogether = (s: Spelling) =>
    keys.length === 1 && s.words.length > 1 && key.length >= s.words[0].length + MIN_CUT_WORD && s.key.startsWith(key);
  // Each word the name's word or shortened, at least one shortened, or three words or more whole with the name's last
  // left out (cut between words: "SOCIETE DES ALCOOLS DU" of the Société des alcools du Québec; two are a name of their
  // own too often: "CORNER BAKERY"). A bank's field cuts a name at its end, so words of the name left out after the run
  // follow words printed whole ("FRANK AND OAK" is no Frankie & Benny's).
  const wordsFit = (s: Spelling) =>
    (s.words.length === keys.length || keys.slice(0, last).every((k, i) => k === s.words[i])) &&
    (keys.some((k, i) => k !== s.words[i]) || (keys.length >= MIN_WHOLE_WORDS && s.words.length > keys.length)) &&
    keys.every((k, i) => k === s.words[i] || shortens(k, s.words[i], i) || cut(k, s.words[i], i, s));
  // Enough of it kept: several words long, or one whole or only cut at its end; one word, most of the name's first.
  const enoughKept = (s: Spelling) =>
    keys.length > 1
      ? key.length >= MIN_SHORTENED_WORDS_KEY ||
        keys.some((k, i) => k === s.words[i] || cut(k, s.words[i], i)) ||
        (key.length >= MIN_SKELETON_WORDS_KEY && keys.every((k, i) => skeleton(k) === skeleton(s.words[i])))
      : key.length >= s.words[0].length * MIN_ONE_WORD_SHARE;
  const fits = (s: Spelling) =>
    s.key.length > key.length &&
    key.length >= s.key.length * MIN_TRUNCATED_SHARE &&
    s.words.length >= keys.length &&
    (runTogether(s) || (wordsFit(s) && enoughKept(s)));
  if (keys.length === 1) return onlyBrand(range(index.spellings, key, (s) => s.key, fits));
  // A word shortened inside ("LTL", "NORDSTRM") shares no more than its first letter with the name's word: the names of
  // several words whose first two begin with the run's first two letters, longer than the run and at most twice as long.
  const initial = index.byInitials.get(initials(keys)) ?? [];
  const kept: Spelling[] = [];
  for (let i = firstLonger(initial, key.length); i < initial.length && initial[i].key.length * MIN_TRUNCATED_SHARE <= key.length; i++) {
    if (fits(initial[i])) kept.push(initial[i]);
  }
  return onlyBrand(kept);
}

const consonantsOnly = (k: string) => /^[a-z][b-df-hj-np-tv-z]+$/.test(k);

/** `k` is `word` with some of its vowels after the first letter dropped, nothing else ("TEETR", "NORDSTRM", "RCK"). */
function vowelsDropped(k: string, word: string): boolean {
  if (k.length < MIN_CUT_WORD || k.length >= word.length || k[0] !== word[0]) return false;
  let at = 0;
  for (const letter of word) {
    if (letter === k[at]) at++;
    else if (!"aeiou".includes(letter)) return false;
  }
  return at === k.length;
}

/**
 * `k` is `word` written as its consonants: its first letter, then some of its consonants in order ("HDWR", "LTL", and
 * at the end "QC" of HYDRO-QC).
 */
function consonantsOf(k: string, word: string, min: number): boolean {
  if (k.length < min || k.length >= word.length || k[0] !== word[0] || !consonantsOnly(k)) return false;
  let at = 1;
  for (const letter of k.slice(1)) {
    at = word.indexOf(letter, at) + 1;
    if (!at) return false;
  }
  return true;
}

/**
 * The one brand vowel-less words abbreviate ("WLGRNS" → Walgreens, "AMZN" → Amazon, "HM DPT" → The Home Depot), or
 * null. Each word may keep its first letter's vowel, nothing else.
 */
export function abbreviation(index: LooseIndex, words: string[]): string | null {
  const keys = words.map(nameKey);
  const key = keys.join("");
  if (key.length < MIN_ABBREVIATION) return null;
  // Vowel-less words; or one longer word that dropped only some of its vowels ("NORDSTRM").
  const abbreviated = keys.every(consonantsOnly) || (keys.length === 1 && key.length >= MIN_PARTLY_VOWELLED);
  const brands = abbreviated ? index.skeletons.get(skeleton(key)) : undefined;
  if (brands?.size !== 1) return keys.length === 1 ? lettersDropped(index, words[0], key) : null;
  const [brandId] = brands;
  // The word must be shorter than the name it abbreviates: the same length is another word with other vowels. A word
  // that kept some vowels dropped only vowels inside the name's words ("DOLRTREE", "HOMEDPT"), never one that ends a
  // word ("COSTCOFFEE" is no Costa Coffee).
  const fullyAbbreviated = keys.every(consonantsOnly);
  const abbreviates = (s: Spelling) =>
    s.key.length > key.length && skeleton(s.key) === skeleton(key) && (fullyAbbreviated || innerVowelsDropped(key, s.words));
  return index.byBrand.get(brandId)?.some(abbreviates) ? brandId : null;
}

/** A word with letters dropped inside keeps this share of the name's. */
const MIN_DROPPED_SHARE = 0.6;

/**
 * The one brand a long word is the name of with letters left out inside, consonants too, its first and last letters
 * kept ("WHATABGR": Whataburger); never a word of a language we read, nor a kind of business ("PIZZERIA").
 */
function lettersDropped(index: LooseIndex, word: string, key: string): string | null {
  if (key.length < MIN_PARTLY_VOWELLED || !/^[a-z]+$/.test(key) || isCommonWord(word) || namesBusiness(word)) return null;
  const fits = (s: Spelling) => s.key.length > key.length && key.length >= s.key.length * MIN_DROPPED_SHARE && isSubsequence(key, s.key);
  return onlyBrand((index.byEnds.get(ends(key)) ?? []).filter(fits));
}

const ends = (key: string) => `${key[0]}${key.at(-1)}`;

/** Every letter of `short` in `long`, in order. */
function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const letter of long) if (letter === short[at]) at++;
  return at === short.length;
}

/** `key` is `words` run together with some vowels inside them, and letters doubled, left out. */
function innerVowelsDropped(key: string, words: string[]): boolean {
  let at = 0;
  for (const word of words) {
    for (let i = 0; i < word.length; i++) {
      const letter = word[i];
      if (letter === key[at]) at++;
      else if (!(("aeiou".includes(letter) && i < word.length - 1) || letter === word[i - 1])) return false;
    }
  }
  return at === key.length;
}

/**
 * The brand a printed domain we do not know stands for, or null: the one brand with a domain it is the start of, cut
 * by the bank's field width ("homedepot.co" → homedepot.com, "amazon.co" → one of Amazon's), else the one brand whose
 * own domain has the same name under another suffix (a country storefront: "amazon.ca" → amazon.com).
 */
export function domainBrand(index: LooseIndex, domain: string): string | null {
  const cut = new Set(range(index.domains, domain, (d) => d.domain).filter((d) => d.domain !== domain).map((d) => d.brandId));
  if (cut.size) return cut.size === 1 ? [...cut][0] : null;
  const label = domainLabel(domain);
  const storefront = label && unmistakable(label) ? index.labels.get(label) : undefined;
  return storefront?.size === 1 ? [...storefront][0] : null;
}

/** A storefront's name this long is unmistakable ("amazon" is, "ee" is not); one letter shorter, when it is no word ("ebay", not "next"). */
const MIN_STOREFRONT_LABEL = 5;
const unmistakable = (label: string) =>
  label.length >= MIN_STOREFRONT_LABEL || (label.length === MIN_STOREFRONT_LABEL - 1 && /^[a-z]+$/.test(label) && !isCommonEnglishWord(label.toUpperCase()));

/** The registrable name of a domain, without its public suffix: "amazon" of amazon.co.uk. */
const domainLabel = (domain: string) => parse(domain, { allowPrivateDomains: false }).domainWithoutSuffix ?? null;

/**
 * The one brand the spellings name. Several brands with one and the same spelling: the one that bears it as its name,
 * the others as an alias (NAPA Auto Parts, and its owner's alias). Several names: one far better known than any other
 * ("SOUTHWES": Southwest Airlines, not Southwest Gas).
 */
function onlyBrand(spellings: Spelling[]): string | null {
  const brands = new Set(spellings.map((s) => s.brandId));
  if (brands.size === 1) return [...brands][0];
  if (new Set(spellings.map((s) => s.key)).size > 1) return farBetterKnown(spellings);
  const named = new Set(spellings.filter((s) => s.isName).map((s) => s.brandId));
  return named.size === 1 ? [...named][0] : null;
}

/** How much better known (popularity, 0-100) a brand must be than every other that fits to be taken. */
const POPULARITY_LEAD = 30;

function farBetterKnown(spellings: Spelling[]): string | null {
  const best = new Map<string, number>();
  for (const s of spellings) best.set(s.brandId, Math.max(best.get(s.brandId) ?? 0, s.popularity));
  const [first, second] = [...best].sort((a, b) => b[1] - a[1]);
  return first[1] - second[1] >= POPULARITY_LEAD ? first[0] : null;
}

/** The first letters of the first two words: every way a word is shortened keeps its first letter. */
const initials = (words: string[]) => `${words[0][0]}${words[1][0]}`;

/** The first of `byLength` (sorted by key length) whose key is longer than `length`. */
function firstLonger(byLength: Spelling[], length: number): number {
  let lo = 0;
  let hi = byLength.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byLength[mid].key.length <= length) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The items of `sorted` whose text starts with `prefix` and that pass `keep` (binary search for the first, then a scan
 * that copies only what it keeps: a letter's range is a thousand spellings, read on every lookup).
 */
function range<T>(sorted: T[], prefix: string, text: (item: T) => string, keep: (item: T) => boolean = () => true): T[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (text(sorted[mid]) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: T[] = [];
  for (let i = lo; i < sorted.length && text(sorted[i]).startsWith(prefix); i++) if (keep(sorted[i])) out.push(sorted[i]);
  return out;
}
