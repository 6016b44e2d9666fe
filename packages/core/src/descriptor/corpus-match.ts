// The brand corpus, asked two questions: which brand do these merchant words name (the `searched_name` stage), and
// how does the company spell this name itself (for `cleaned` rows), answered from the isolate's corpus index. Exact
// keys first (brand_keys, migration 0004); then a name cut short or written without vowels, when exactly one brand
// fits (loose-match.ts). Never a fuzzy hit: it would invent merchants for local shops, and a wrong merchant is worse
// than none.
import type { CorpusBrand, CorpusIndex, KeyHit } from "../beta/corpus-index.ts";
import { followedByNoName, inCompanyName, MIN_COINED_KEY, namesBusiness, streetLength, strength } from "./after-name.ts";
import { isAscii, withoutMarks } from "./ascii.ts";
import { isCommonEnglishWord, isCommonWord, isShortWord } from "./common-words.ts";
import { abbreviation, truncatedName } from "./loose-match.ts";
import { nameKey } from "./name-key.ts";
import { namesNobody, NUMBER_MARK } from "./noise.ts";
import { countryLength, countryOfPlace, isRegionCode, placeLength, regionName, townLength } from "./places.ts";

/** A corpus brand with a site: what the `searched_name` stage can answer with. */
export type NamedBrand = CorpusBrand & { domain: string };

/** Longest brand name tried, in words. */
const MAX_WORDS = 6;
/** Before a star ("ADOBE *ACROPRO"), a word this long names the biller; shorter ones are platform codes. */
const MIN_HEAD_KEY = 4;

/**
 * Splits merchant text into words: spaces and stars separate, and slashes, except one between two words of letters,
 * which joins a branch as a hyphen does ("MONOPRIX/OPERA", "DISNEYLAND-PARIS/MARNE": split by splitHyphens).
 */
export const merchantWords = (upper: string) =>
  upper
    .split(/[\s*]+/)
    .flatMap((token) => (SLASH_BRANCH.test(token) ? [token] : token.split("/")))
    .map((w) => (w === NUMBER_MARK || w === "&" ? w : w.replace(/^[^\p{Lu}0-9]+|[^\p{Lu}0-9'.]+$/gu, "").replace(/\.$/, ""))) // "ŻABKA" keeps its Ż
    .filter(Boolean);

/** Words of letters joined by slashes (and hyphens): no address ("APPLE.COM/BILL"), no number ("3456/LONDON"). */
const SLASH_BRANCH = /^[A-Z][A-Z'&-]*(?:\/[A-Z][A-Z'&-]*)+$/;

/**
 * The brand the merchant words name. With a star inside ("INTUIT *TURBOTAX", "ADOBE *ACROPRO"), the product after
 * it first, then the whole text, then the biller before it alone. Otherwise the whole text: the longest run of words
 * from its start that is a brand name or alias, provided what follows could only be a place, a store number or
 * billing words ("STARBUCKS SEATTLE WA", "SHEETZ # ALTOONA PA", not "APPLE FARM STAND").
 *
 * `atTerminal`: the words follow a card terminal's prefix (Square, SumUp, Toast), where small shops print the names they
 * chose: a short brand name there only with places, numbers or billing words after it, and a name cut short by the
 * field's width, but never one without its vowels or after other words.
 */
export function matchCorpus(
  index: CorpusIndex,
  merchant: string[],
  { given = null, country = null, atTerminal = false }: { given?: string[] | null; country?: string | null; atTerminal?: boolean } = {},
): NamedBrand | null {
  // A region's code before a name stands for the region's name, when a brand's name begins with it ("GA POWER":
  // Georgia Power, "TX ROADHOUSE": Texas Roadhouse; "CA" before a shop's own name stays what it was).
  const region = merchant.length > 1 && !given ? regionName(merchant[0]) : null;
  if (region) {
    const brand = matchCorpus(index, [...region.split(" "), ...merchant.slice(1)], { country, atTerminal });
    if (brand && nameKey(brand.name.toUpperCase()).startsWith(nameKey(region))) return brand;
  }
  // A branch or city joined with a hyphen ("TARGET-MINNEAPOLIS") is a word apart; keys ignore hyphens, so names
  // spelled with one ("WAL-MART", "CHICK-FIL-A") still meet theirs.
  const words = withPossessives(splitHyphens(merchant));
  const head = given && withPossessives(splitHyphens(given));
  // A town after the star is where the biller is, no product ("LOWES #01735* FRISCO TX").
  const product = head && !placeLength(words, head.length, { towns: true, country }) ? leadingRuns(words.slice(head.length)) : [];
  const candidates = [...product, ...leadingRuns(words)];
  const headKey = head ? nameKey(head.join(" ")) : "";
  const keys = [...candidates.map((c) => c.key), ...(headKey.length >= MIN_HEAD_KEY ? [headKey] : [])].filter(Boolean);
  if (!keys.length) return null;
  const hits = brandsByKeys(index, keys, country);
  for (const [at, candidate] of candidates.entries()) {
    const { key, rest, words: run } = candidate;
    const hit = hits.get(key);
    if (!hit) continue;
    if (key.length < 3) {
      const branch = ownBranch(hit.brand, rest, country);
      // A letter or two before a branch of the brand's own market is that brand's ("SL CENTRALEN STOCKHOLM").
      if (branch && !atTerminal) return hit.brand;
      if (!branch && !shortNameStands(hit, candidate)) continue;
    }
    // After an unknown biller's star, one common word is a name its customer chose ("XYZCORP*ORANGE").
    if (at < product.length && !hits.has(headKey) && run.length === 1 && (isCommonEnglishWord(run[0]) || isShortWord(run[0]))) continue;
    // A letter alone joined onto a word makes another name ("TIM E CO" is no TIME), unless the name has it apart.
    if (run.length > 1 && run.at(-1)!.length === 1 && nameWords(hit.brand.name) < run.length) continue;
    const said = strength(run, key, { atTerminal });
    // Behind a terminal, a name that is one common word is a shop's with any word after it ("SUMUP *FARMERS MKT").
    if (atTerminal && said.word && !onlyPlacesAndNumbers(rest)) continue;
    // Behind a terminal a short name's kind of business after it is a shop's name ("TST*WENDYS KITCHEN").
    const kind = atTerminal && !said.strong ? null : hit.brand.category;
    // The next word cut short may go on with a longer name ("NORDSTROM RAC": Nordstrom Rack; "APOTEK HJART").
    const longer = atTerminal ? null : longerName(index, run, rest, country);
    if (longer) return longer;
    // Another of the brand's own names after its name is its line ("WMATA SMARTRIP ADD VALUE": its card).
    const after = rest.slice(ownNameLength(index, hit.brand.id, rest));
    if (followedByNoName(after, said, { kind, country })) return inMarket(index, run, rest) ?? hit.brand;
  }
  const headRun = head && head.length ? [{ words: head, key: headKey, rest: [] }] : [];
  const loose = looseMatch(index, [...candidates, ...headRun], country, atTerminal);
  return hits.get(headKey)?.brand ?? loose ?? (atTerminal ? null : afterNobody(index, words, country));
}

/**
 * Whether a name or alias of one or two letters names its brand here. "BP" is a name; "IG" is only an alias, unless a
 * store number follows it as it follows a chain's ("QT #456", "BK #21458"); "CA" after a phone number is California,
 * whatever C&A is called, while "DM FIL.2341 LEIPZIG" starts with a name. Two letters printed with an ampersand are a
 * name as printed ("A&W TORONTO ON", "M&S"). A letter alone names nothing else, but before a branch of its brand's own
 * market ("Z KILBIRNIE", "NW THORNDON"), which ownBranch reads first.
 */
function shortNameStands(hit: { brand: NamedBrand; isName: boolean }, { key, words: run, rest }: Run): boolean {
  const asRegion = run.every(isRegionCode) && rest.every((w) => w === NUMBER_MARK || /\d/.test(w));
  const ampersand = run.some((w) => w.includes("&"));
  return key.length === 2 && (hit.isName || ampersand || rest[0] === NUMBER_MARK) && !asRegion;
}

/** How many words at the start of `rest` are another name or alias of the same brand: 0 when none. */
function ownNameLength(index: CorpusIndex, brandId: string, rest: string[]): number {
  for (let n = Math.min(rest.length, MAX_WORDS); n > 0; n--) {
    if (index.byKey.get(wordsKey(rest.slice(0, n)))?.some((hit) => hit.brand.id === brandId)) return n;
  }
  return 0;
}

/**
 * Another brand whose longer name the run and the word after it, cut by the field's width, begin, when what follows
 * that word may follow the longer name.
 */
function longerName(index: CorpusIndex, run: string[], rest: string[], country: string | null): NamedBrand | null {
  const next = rest[0]?.replace(/^-/, "");
  if (!next || next === NUMBER_MARK) return null;
  const brandId = truncatedName(index.loose, [...run, next]);
  const brand = brandId ? index.brands.get(brandId) : undefined;
  if (!brand) return null;
  const words = [...run, next];
  return followedByNoName(rest.slice(1), strength(words, nameKey(words.join(" "))), { kind: brand.category, country }) ? brand : null;
}

/** A branch of the brand's own market first in `rest`, where the purchase may be in that market. */
const ownBranch = (brand: CorpusBrand, rest: string[], country: string | null) =>
  (country === null || country === brand.market) && beforeOwnTown(brand, rest);

/** Words of a branch's name before its town: a suburb's ("TE RAPA"), a store number. */
const MAX_BEFORE_TOWN = 2;

/**
 * Where a branch of the brand's own market stands, first in `rest`: a street ("Z TARANAKI ST"), or a town, suburb or
 * city of that market, perhaps after a suburb's or street's name of two words no business is named by ("Z TE RAPA
 * HAMILTON", "NW BROADWAY NEWMARKET").
 */
function beforeOwnTown(brand: CorpusBrand, rest: string[]): boolean {
  if (brand.market === null) return false;
  const words = rest.map((w) => w.replace(/^-/, ""));
  if (streetLength(words, 0)) return true;
  for (let i = 0; i <= MAX_BEFORE_TOWN && i < words.length; i++) {
    if (townLength(words, i, brand.market) || [1, 2].some((n) => countryOfPlace(words.slice(i, i + n).join(" ")) === brand.market)) return true;
    const word = words[i];
    if (word !== NUMBER_MARK && (isCommonEnglishWord(word) || namesBusiness(word) || namesNobody(word))) return false;
  }
  return false;
}

/** How German-speaking chains thank their customers on the receipt's line. */
const THANKS = new Set(["DANKT", "SAGT"]);

/** Words before a brand's name that name nobody this many at most: codes, a town, a bank's words ("AP", "LYON 3"). */
const MAX_SKIPPED = 5;

/**
 * A distinctive brand name printed after words that name nobody: a bank's code or terminal, a city, a card's digits
 * ("AP 442106 WEGMANS 081 ROCHESTER", "LYON 3 LA POSTE", "NR 04XX XXXX 1123 DELHAIZE-ELSENE"). Only a name that says
 * enough on its own (strength), and the same rule for what follows it; a word before it that could be a name ("JOES
 * STARBUCKS") stops the search.
 */
function afterNobody(index: CorpusIndex, words: string[], country: string | null): NamedBrand | null {
  for (let start = 0, skipped = 0; start < words.length && skipped < MAX_SKIPPED; skipped++) {
    const step = skippableLength(words, start);
    if (!step) return null;
    start += step;
    const runs = leadingRuns(words.slice(start));
    const hits = brandsByKeys(index, runs.map((r) => r.key).filter((k) => k.length >= MIN_COINED_KEY), country);
    for (const { key, rest, words: run } of runs) {
      const hit = hits.get(key);
      if (!hit) continue;
      // A chain's thanks after its name says it is the chain's ("AT D4 BILLA DANKT", "REWE SAGT DANKE").
      const said = { ...strength(run, key), ...(THANKS.has(rest[0]) && { strong: true }) };
      if (said.strong && followedByNoName(rest, said, { kind: hit.brand.category, country })) return inMarket(index, run, rest) ?? hit.brand;
    }
  }
  return null;
}

/**
 * How many words at `start` name nobody before a name: a number, a billing word, a place, a code of three letters or
 * fewer, a group's registered name ("RSG GROUP GMBH MCFIT").
 */
export function skippableLength(words: string[], start: number): number {
  const word = words[start];
  if (namesNobody(word) || inCompanyName(words, start)) return 1;
  const place = placeLength(words, start, { cut: false });
  if (place) return place;
  // A card's masked digits ("XXXX"), or a short code no word of a business's name.
  return /^[X*]+$/.test(word) || (/^[A-Z0-9]{1,3}$/.test(word) && !isCommonEnglishWord(word) && !namesBusiness(word)) ? 1 : 0;
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
function looseMatch(index: CorpusIndex, candidates: Run[], country: string | null, atTerminal: boolean): NamedBrand | null {
  for (const { words: run, key, rest } of candidates) {
    // An ampersand is no word of a name's spelling ("PACIFIC GAS & ELECTR").
    const words = run.filter((w) => w !== "&");
    const cut = truncatedName(index.loose, words);
    // A printed address's name part is abbreviated as well ("NTFLX.COM").
    const brandId = cut ?? (atTerminal ? null : abbreviation(index.loose, words.map((w) => w.replace(/\..*$/, ""))));
    const brand = brandId ? index.brands.get(brandId) : undefined;
    // A word for the brand's kind of business after one word only like the brand's name (a surname, often) is another
    // business ("STARBUCK CAFE"); after several words shortened, the brand's ("BRIT GAS SERVICES"). A name only like the
    // brand's says no more than a plain word: a branch after it needs a name in it ("STARBUCK HILL ORCHARD WOODSTOCK").
    // Bank's shorthand says less still: only places, numbers and billing words may follow it ("KRGR FMLY ORCHRD" is a farm).
    const said = { strong: Boolean(cut) && strength(words, key).strong, plain: true, several: words.length > 1 };
    if (brand && followedByNoName(rest, said, { kind: words.length > 1 ? brand.category : null, country })) return brand;
  }
  return null;
}

/**
 * Words split at hyphens and slashes, each piece after the first marked with a hyphen ("TARGET", "-MINNEAPOLIS"); a
 * co-operative's "CO-OP" stays one word. An ampersand between words printed without spaces is a word of its own
 * ("BATH&BDY WRKS"), not between initials ("H&M", "AT&T").
 */
const splitHyphens = (words: string[]) =>
  words.flatMap((w) =>
    w === NUMBER_MARK || w === "CO-OP"
      ? [w]
      : w
          .split(/[-/]/)
          .map((piece, i) => (i ? `-${piece}` : piece))
          .filter((p) => p.replace("-", ""))
          .flatMap((p) => (GLUED_AMPERSAND.test(p) ? p.split("&").flatMap((part, i) => (i ? ["&", part] : [part])) : [p])),
  );

const GLUED_AMPERSAND = /^-?[A-Z]{3,}&[A-Z]{3,}$/;

/**
 * A possessive's "S" printed apart where the apostrophe was ("MC DONALD S", "SAINSBURY S") joined back onto its word,
 * as the name is keyed; not a city's ("OSLO S" is its central station).
 */
function withPossessives(words: string[]): string[] {
  const possessive = (i: number) => words[i + 1] === "S" && /^[A-Z]{3,}$/.test(words[i]) && !placeLength(words, i, { cut: false, codes: false });
  return words.flatMap((w, i) => (i > 0 && possessive(i - 1) ? [] : [possessive(i) ? `${w}S` : w]));
}

type Run = { words: string[]; key: string; rest: string[] };

/**
 * The key of descriptor words, their letters beyond ASCII written as ASCII: a key keeps such a letter in the case it
 * came in ("FØTEX" is no "føtex"), and every such name is also read by its ASCII spellings (generated-aliases.ts).
 */
const wordsKey = (words: string[]) => {
  const text = words.join(" ");
  return nameKey(isAscii(text) ? text : withoutMarks(text));
};

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
      runs.push({ words: run, key: wordsKey(run), rest: withoutRepeat(words.slice(end), run) });
    }
  }
  return runs;
}

/**
 * The words after a name, up to the name printed again ("OTTO GMBH & CO KG, IHR EINKAUF BEI OTTO GMBH & CO KG"); a
 * name of three letters or fewer comes again as a word of the shop's own name ("DIA A DIA FRUTERIA").
 */
function withoutRepeat(rest: string[], run: string[]): string[] {
  if (run.join("").length < MIN_COINED_KEY) return rest;
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
      (!wholly || onlyPlacesAndNumbers(run.rest)),
  );
}

/** Nothing but numbers and places. */
const onlyPlacesAndNumbers = (words: string[]) => words.every((w, i) => w === NUMBER_MARK || /\d/.test(w) || placeLength(words, i) > 0);

/**
 * The company's own spelling of `name` when a brand is called exactly that (not merely aliased), else null. An
 * ampersand is a word the key drops: a shop called "Pizza" is not "&pizza".
 */
export function corpusSpelling(index: CorpusIndex, name: string): string | null {
  const key = nameKey(name.toUpperCase());
  const spelled = key && index.byKey.get(key)?.find((hit) => hit.isName)?.brand.name;
  return spelled && spelled.includes("&") === name.includes("&") ? spelled : null;
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
