// The brand corpus, asked two questions: which brand do these merchant words name (the `searched_name` stage), and
// how does the company spell this name itself (for `cleaned` rows), answered from the isolate's corpus index. Exact
// keys first (brand_keys, migration 0004); then a name cut short or written without vowels, when exactly one brand
// fits (loose-match.ts). Never a fuzzy hit: it would invent merchants for local shops, and a wrong merchant is worse
// than none.
import type { CorpusBrand, CorpusIndex, KeyHit } from "../beta/corpus-index.ts";
import { isCommonEnglishWord, isCommonWord } from "./common-words.ts";
import { abbreviation, truncatedName } from "./loose-match.ts";
import { nameKey } from "./name-key.ts";
import { namesNobody, NUMBER_MARK, TRAILING_WORDS } from "./noise.ts";
import { BUSINESS_WORDS } from "./people.ts";
import { countryLength, isRegionCode, placeLength } from "./places.ts";

/** A corpus brand with a site: what the `searched_name` stage can answer with. */
export type NamedBrand = CorpusBrand & { domain: string };

/** Longest brand name tried, in words. */
const MAX_WORDS = 6;
/** A key this long is distinctive ("starbucks", "wholefds"): the words after it may be a place we do not list. */
const STRONG_KEY = 7;
/** Before a star ("ADOBE *ACROPRO"), a word this long names the biller; shorter ones are platform codes. */
const MIN_HEAD_KEY = 4;

/** Splits merchant text into words: spaces, stars and slashes separate ("CVS/PHARMACY" → CVS, PHARMACY). */
export const merchantWords = (upper: string) =>
  upper
    .split(/[\s*/]+/)
    .map((w) => (w === NUMBER_MARK ? w : w.replace(/^[^A-Z0-9]+|[^A-Z0-9'.]+$/g, "").replace(/\.$/, "")))
    .filter(Boolean);

/**
 * The brand the merchant words name. With a star inside ("INTUIT *TURBOTAX", "ADOBE *ACROPRO"), the product after
 * it first, then the whole text, then the biller before it alone. Otherwise the whole text: the longest run of words
 * from its start that is a brand name or alias, provided what follows could only be a place, a store number or
 * billing words ("STARBUCKS SEATTLE WA", "SHEETZ # ALTOONA PA", not "APPLE FARM STAND").
 */
export function matchCorpus(index: CorpusIndex, merchant: string[], given: string[] | null = null, country: string | null = null): NamedBrand | null {
  // A branch or city joined with a hyphen ("TARGET-MINNEAPOLIS") is a word apart; keys ignore hyphens, so names
  // spelled with one ("WAL-MART", "CHICK-FIL-A") still meet theirs.
  const words = splitHyphens(merchant);
  const head = given && splitHyphens(given);
  const runs = head ? [words.slice(head.length), words] : [words];
  const candidates = runs.flatMap(leadingRuns);
  const headKey = head ? nameKey(head.join(" ")) : "";
  const keys = [...candidates.map((c) => c.key), ...(headKey.length >= MIN_HEAD_KEY ? [headKey] : [])].filter((k) => k.length >= 2);
  if (!keys.length) return null;
  const hits = brandsByKeys(index, keys, country);
  for (const { key, rest, words: run } of candidates) {
    const hit = hits.get(key);
    // "BP" is a name; "IG" is only an alias, unless a store number follows it as it follows a chain's ("QT #456",
    // "BK #21458"); "CA" after a phone number is California, whatever C&A is called, while "DM FIL.2341 LEIPZIG"
    // starts with a name.
    const asRegion = run.every(isRegionCode) && rest.every((w) => w === NUMBER_MARK || /\d/.test(w));
    if (!hit || (key.length < 3 && (!(hit.isName || rest[0] === NUMBER_MARK) || asRegion))) continue;
    // A letter alone joined onto a word makes another name ("TIM E CO" is no TIME), unless the name has it apart.
    if (run.length > 1 && run.at(-1)!.length === 1 && nameWords(hit.brand.name) < run.length) continue;
    if (followedByNoName(rest, strength(run, key))) return inMarket(index, run, rest) ?? hit.brand;
  }
  const headRun = head && head.length ? [{ words: head, key: headKey, rest: [] }] : [];
  return hits.get(headKey)?.brand ?? looseMatch(index, [...candidates, ...headRun]);
}

/**
 * The brand named for the market printed after a name, when there is one ("WOOLWORTHS NEW ZEALAN": Woolworths New
 * Zealand, not the Australian Woolworths).
 */
function inMarket(index: CorpusIndex, run: string[], rest: string[]): NamedBrand | null {
  const market = countryLength(rest, 0);
  if (!market) return null;
  const brandId = truncatedName(index.loose, [...run, ...rest.slice(0, market)]);
  return (brandId && index.brands.get(brandId)) || null;
}

/**
 * A name cut short or abbreviated, tried on the same runs, longest first, then the biller before a star alone, with
 * the same rule for what follows.
 */
function looseMatch(index: CorpusIndex, candidates: Run[]): NamedBrand | null {
  for (const { words, key, rest } of candidates) {
    // A printed address's name part is abbreviated as well ("NTFLX.COM").
    const brandId = truncatedName(index.loose, words) ?? abbreviation(index.loose, words.map((w) => w.replace(/\..*$/, "")));
    const brand = brandId ? index.brands.get(brandId) : undefined;
    if (brand && followedByNoName(rest, strength(words, key))) return brand;
  }
  return null;
}

/** Words split at hyphens, each piece after the first marked with its hyphen ("TARGET", "-MINNEAPOLIS"). */
const splitHyphens = (words: string[]) =>
  words.flatMap((w) => (w === NUMBER_MARK ? [w] : w.split("-").map((piece, i) => (i ? `-${piece}` : piece)).filter((p) => p.replace("-", ""))));

type Run = { words: string[]; key: string; rest: string[] };

/**
 * Every run of words from the start of `words` (after a leading number or "THE"), longest first, with the words after
 * it.
 */
function leadingRuns(words: string[]): Run[] {
  let start = 0;
  while (words[start] === NUMBER_MARK) start++;
  const runs: Run[] = [];
  // With and without a leading "THE": "THE WAREHOUSE" is a name, "THE HOME DEPOT" is "HOME DEPOT" too.
  for (const from of words[start] === "THE" && words.length > start + 1 ? [start, start + 1] : [start]) {
    for (let end = Math.min(words.length, from + MAX_WORDS); end > from; end--) {
      if (words[end - 1] === NUMBER_MARK) continue;
      const run = words.slice(from, end);
      runs.push({ words: run, key: nameKey(run.join(" ")), rest: withoutRepeat(words.slice(end), run) });
    }
  }
  return runs;
}

/** The words after a name, up to the name printed again ("OTTO GMBH & CO KG, IHR EINKAUF BEI OTTO GMBH & CO KG"). */
function withoutRepeat(rest: string[], run: string[]): string[] {
  for (let at = 0; at + run.length <= rest.length; at++) {
    if (run.every((w, i) => rest[at + i] === w)) return rest.slice(0, at);
  }
  return rest;
}
/**
 * Whether a run of words from the start of `merchant` is one of the brand's names or aliases, word for word; with
 * `wholly`, with nothing but numbers and places after it ("TIFFANY R" is a person's name, not Tiffany).
 */
export function namesExactly(index: CorpusIndex, merchant: string[], brandId: string, { wholly = false } = {}): boolean {
  return leadingRuns(splitHyphens(merchant)).some(
    (run) =>
      index.byKey.get(run.key)?.some((hit) => hit.brand.id === brandId) &&
      (!wholly || run.rest.every((w, i) => w === NUMBER_MARK || /\d/.test(w) || placeLength(run.rest, i) > 0)),
  );
}

/** The company's own spelling of `name` when a brand is called exactly that (not merely aliased), else null. */
export function corpusSpelling(index: CorpusIndex, name: string): string | null {
  const key = nameKey(name.toUpperCase());
  return (key && index.byKey.get(key)?.find((hit) => hit.isName)?.brand.name) || null;
}

/** The last word that is not a billing word or number is a region code: the words before it are a city. */
function endsInRegion(words: string[]): boolean {
  const last = [...words].reverse().find((w) => !(TRAILING_WORDS.has(w) || /[\d.]/.test(w) || w === NUMBER_MARK));
  return last !== undefined && isRegionCode(last);
}

const MIN_PLURAL_KEY = 6;
/** A market's code run onto a name's end, as billers print their storefronts ("USAI": Spotify USA Inc); not in a word. */
const MARKET_CODE_END = /(?:usai|usa|us|ca|uk|au|nz)$/;

/** The brands of a key with a market's code run onto its end, never onto a word ("BOULANGERIE"). */
function withoutMarketCode(index: CorpusIndex, key: string): KeyHit[] | undefined {
  const market = MARKET_CODE_END.exec(key);
  if (!market || market.index < MIN_PLURAL_KEY || isCommonWord(key.toUpperCase())) return undefined;
  return index.byKey.get(key.slice(0, market.index));
}

/** How many words a brand's name has, apart at spaces and hyphens, an ampersand one ("H-E-B": 3, "H&M": 3 as H AND M). */
const nameWords = (name: string) => name.replace(/&/g, " & ").split(/[\s-]+/).filter(Boolean).length;

/**
 * For each key, the brand with a domain it names, and whether the key is that brand's name (not an alias): the most
 * popular, or the purchase country's own when the most popular is another market's (A&W in Canada, Netto in Germany).
 */
function brandsByKeys(index: CorpusIndex, keys: string[], country: string | null): Map<string, { brand: NamedBrand; isName: boolean }> {
  const byKey = new Map<string, { brand: NamedBrand; isName: boolean }>();
  for (const key of keys) {
    // A name printed with an "S" the company does not write ("WM MORRISONS" for Wm Morrison), its web address run
    // together ("BESTBUYCOM"), or its market's code ("SPOTIFYUSAI", "SPOTIFYCA" after PayPal).
    const hits =
      index.byKey.get(key) ??
      (key.length >= MIN_PLURAL_KEY && key.endsWith("s") ? index.byKey.get(key.slice(0, -1)) : undefined) ??
      (key.length >= MIN_PLURAL_KEY + 3 && key.endsWith("com") ? index.byKey.get(key.slice(0, -3)) : undefined) ??
      withoutMarketCode(index, key);
    const named = hits?.filter((h) => h.brand.domain !== null) ?? [];
    const top = named[0];
    // The most popular, unless it is another market's and the purchase's market has one of that name.
    const local = top?.brand.market && country && top.brand.market !== country ? named.find((h) => h.brand.market === country) : undefined;
    const hit = local ?? top;
    if (hit && !foreignCommonName(hit.brand, country)) byKey.set(key, hit as { brand: NamedBrand; isName: boolean });
  }
  return byKey;
}

/**
 * A brand of one market named with common words only, met in another market: a business there of the same plain name
 * ("CORNER BAKERY NEWTOWN" in Sydney is no Corner Bakery Cafe). A coined name travels ("TIM HORTONS" in the US).
 */
function foreignCommonName(brand: CorpusBrand, country: string | null): boolean {
  if (!country || !brand.market || brand.market === country) return false;
  return brand.name.toUpperCase().split(/[\s-]+/).every((w) => isCommonWord(w.replace(/[^A-Z]/g, "")));
}

/**
 * How much a name says on its own: a long key is distinctive ("starbucks"); a name that is one common English word
 * ("FRONTIER", "MARATHON") is a word any business may start with: a branch after it (`plain`) needs a name in it.
 */
type Strength = { strong: boolean; plain: boolean };

function strength(run: string[], key: string): Strength {
  const long = key.length >= STRONG_KEY;
  // A shorter name of four letters or more that is no common word of any language we read is distinctive too ("IKEA",
  // "WAWA"), but a branch after it must name something ("AMAZON TROPICAL FISH HOUSTON TX" is a shop).
  const coined = !long && key.length >= MIN_COINED_KEY && run.every((w) => !isCommonWord(w.replace(/[^A-Z]/g, "")));
  return { strong: long || coined, plain: coined || (run.length === 1 && isCommonEnglishWord(run[0])) };
}

const MIN_COINED_KEY = 4;

/**
 * Whether the words after a brand's name can belong to a purchase from that brand rather than to another business's
 * name. Never a word that names a kind of business ("FRONTIER DINER", "APPLE FARM STAND", "ROSSMANN MALERBETRIEB").
 * Always: places, billing, legal and street words, numbers, the brand's service line. After a store number: a few
 * words of a city we may not list. Then a branch or suburb (isBranch), or a few words ending in a region code after a
 * distinctive name ("MARRIOTT BOSTON COPLEY MA").
 */
function followedByNoName(rest: string[], { strong, plain }: Strength): boolean {
  // A hyphen after the name ends it: what follows is a branch or city ("COSTA-KINGS CROSS STN", "KMART-PENRITH").
  const words = rest.map((w) => w.replace(/^-/, ""));
  if (words.some((w, i) => namesBusiness(w) && !inCompanyName(words, i) && !namesTown(words, i))) return false;
  const few = (from: number) => words.slice(from).filter((w) => w !== NUMBER_MARK).length <= 5;
  let ended = rest[0]?.startsWith("-") ?? false;
  for (let i = 0; i < words.length; ) {
    const word = words[i];
    if (word === NUMBER_MARK) return few(i + 1);
    // After a branch, the city's short code closes the descriptor ("STARBUCKS-KINGS CROSS/LDN").
    if (ended && i === words.length - 1 && /^[A-Z]{3}$/.test(word)) return true;
    if (namesNobody(word) || (i === 0 && word === "OF" && strong)) {
      ended ||= word.length > 1;
      i++;
      continue;
    }
    const line = serviceLineLength(words, i);
    if (line) {
      ended = true;
      i += line;
      continue;
    }
    const place = placeLength(words, i);
    if (place) {
      // A place cut short may be the start of a name ("MOUNTAIN" of MOUNTAIN VIEW in "GAP MOUNTAIN OUTFITTERS"), and a
      // region code with words after it a word of the name ("DE" of "DIA DE CAMPO").
      const regionOnly = place === 1 && isRegionCode(word) && !placeLength(words, i, { cut: false, codes: false });
      ended ||= placeLength(words, i, { cut: false }) === place && !(regionOnly && !restNamesNobody(words, i + 1));
      i += place;
      continue;
    }
    // A store code before the store number ("TARGET HOU #1045", "LCBO/RAO #0217").
    if (word.length <= 3 && words.indexOf(NUMBER_MARK, i) > i) {
      i++;
      continue;
    }
    if (!strong && !ended) return false;
    const branch = branchLength(words, i);
    if (branch <= 2 && isBranch(words.slice(i, i + branch), { ended, plain, atEnd: i + branch === words.length })) {
      i += branch;
      continue;
    }
    // Longer, only a few words ending in a region code after a distinctive name, none of them common unless the name
    // has ended ("MARRIOTT BOSTON COPLEY MA").
    return strong && few(i) && endsInRegion(words.slice(i)) && (ended || !words.slice(i).some(isCommonWord));
  }
  return true;
}

/**
 * Whether words after a name are a branch or suburb (two at most: "MT ALBERT", "VIALE PIAVE"). Once a place or legal
 * word has ended the name, any. Otherwise never an activity ("MARATHON PRINTING & SIGNS"); at the very end, only
 * names, no common word; before a place or number after a plain name, a name among them. A business is often named
 * with common words after a brand's ("PATAGONIA TOURS", "FRONTIER FEED & SEED CHEYENNE WY", "CARREFOUR DES FLEURS"),
 * a suburb seldom is ("SUPERVALU RATHMINES").
 */
function isBranch(words: string[], { ended, plain, atEnd }: { ended: boolean; plain: boolean; atEnd: boolean }): boolean {
  if (ended) return true;
  if (words.some(namesActivity)) return false;
  if (atEnd) return words.every(isProperWord);
  return !plain || words.some(isProperWord);
}

/**
 * A brand's own service line after its name, as telecoms, energy companies and retailers bill them: a service word,
 * perhaps after the line's own name ("TELUS OPTIK TV", "SWISSCOM BLUE TV", "MEO FIBRA", "SPARK NZ BROADBAND", "BOOTS
 * OPTICIANS", "TESCO CLUBCARD PLUS"). Only words no local business is named by alone.
 */
function serviceLineLength(words: string[], start: number): number {
  if (SERVICE_LINES.has(words[start])) return 1;
  return start + 1 < words.length && SERVICE_LINES.has(words[start + 1]) && !namesNobody(words[start]) ? 2 : 0;
}

const SERVICE_LINES = new Set([
  "TV", "BROADBAND", "FIBRE", "FIBER", "FIBRA", "INTERNET", "MOBILE", "WIRELESS", "PLUS", "OPTICIANS", "OPTICIAN",
  "ENERGY", "ENRG", "TELECOM", "CELLULAR", "UNLIMITED", "MUSIC",
]);

/** After a store number, a word before the closing region code is a town's name, whatever else it means ("WAWA # MEDIA PA"). */
function namesTown(words: string[], i: number): boolean {
  const next = words.slice(i + 1).filter((w) => w !== NUMBER_MARK);
  return words[i - 1] === NUMBER_MARK && next.length === 1 && isRegionCode(next[0]);
}

/**
 * Part of a company's registered name, not a kind of business: "GROUP" or "HOLDINGS" before a legal form ("NOEL
 * LEEMING GROUP LIMI"), Italy's "SPA" (S.p.A.) with more after it ("ESSELUNGA SPA VIALE FAMA").
 */
function inCompanyName(words: string[], i: number): boolean {
  const next = words[i + 1];
  if (next === undefined) return false;
  if (words[i] === "SPA") return true;
  return (words[i] === "GROUP" || words[i] === "HOLDINGS") && namesNobody(next) && next !== NUMBER_MARK;
}

/** How many words from `start` are neither places, numbers nor billing words: a branch or suburb, perhaps. */
function branchLength(words: string[], start: number): number {
  let end = start;
  while (end < words.length && !namesNobody(words[end]) && !placeLength(words, end)) end++;
  return end - start;
}

/** A word for an activity: a kind of business ("PRINTING", "DETAILING"), never a branch's name. */
const namesActivity = (word: string) => word.length >= 6 && word.endsWith("ING");

/** A word that can only be a name: letters, four or more, not a common word of any language we read. */
const isProperWord = (word: string) => /^[A-Z]{4,}$/.test(word) && !isCommonWord(word);

const restNamesNobody = (words: string[], from: number) => words.slice(from).every(namesNobody);

/** A word naming a kind of business, alone or as the end of a compound ("MALERBETRIEB", "AUTOHANDEL"). */
function namesBusiness(word: string): boolean {
  if (TRAILING_WORDS.has(word) || SERVICE_LINES.has(word)) return false;
  return BUSINESS_WORDS.has(word) || BUSINESS_ENDINGS.test(word);
}

/** German and Dutch compounds end in the kind of business they are. */
const BUSINESS_ENDINGS = /\B(?:BETRIEB|HANDEL|SERVICE|TECHNIK|WERKSTATT|PRAXIS|BAU|BAECKEREI|BÄCKEREI|METZGEREI|KANZLEI|APOTHEKE|SALON|STUDIO|BEDRIJF|WINKEL|KAPPER)$/;
