// What may follow a brand's name in a descriptor for the purchase to be from that brand: places, store numbers,
// billing and legal words, the brand's service lines, the ways it sells (its machines, counters, apps), a word for its
// own kind of business, a branch's name; never a word that names another business ("APPLE FARM STAND", "SHELL BEACH
// CAFE"). How much the name says on its own (its strength) decides how much of that it may carry.
import businessKinds from "./business-kinds.json" with { type: "json" };
import { isCommonEnglishWord, isCommonWord, isShortWord } from "./common-words.ts";
import { isOwnKindWord } from "./kind-words.ts";
import { namesNobody, NUMBER_MARK, TRAILING_WORDS } from "./noise.ts";
import { BUSINESS_WORDS, isGivenName, isWalletPayee } from "./people.ts";
import { isRegionCode, isStreetWord, isTown, placeLength, type PlaceReading } from "./places.ts";

/** A key this long is distinctive ("starbucks", "wholefds"): the words after it may be a place we do not list. */
const STRONG_KEY = 7;

/**
 * How much a name says on its own: a long key is distinctive ("starbucks"); a name that is one common English word
 * ("FRONTIER", "MARATHON") is a word any business may start with: a branch after it (`plain`) needs a name in it.
 */
export type Strength = { strong: boolean; plain: boolean; word?: boolean; several?: boolean; given?: boolean };

export function strength(run: string[], key: string, { atTerminal = false } = {}): Strength {
  const long = key.length >= STRONG_KEY;
  // A shorter name of four letters or more that is no common word of any language we read is distinctive too ("IKEA",
  // "WAWA"), but a branch after it must name something ("AMAZON TROPICAL FISH HOUSTON TX" is a shop). Not after a card
  // terminal's prefix, where small shops are named after their owners as chains are ("SQ *WENDYS CUPCAKES").
  const coined = !long && key.length >= MIN_COINED_KEY && run.every((w) => !isCommonWord(w.replace(/[^A-Z]/g, "")));
  // A name that is one common word, or a town's ("SANTANDER", "HALIFAX"): a business there is named after it too.
  const word = run.length === 1 && (isCommonEnglishWord(run[0]) || isTown(run[0], null));
  // A name that is a given name but for kinds of business ("PAUL", "BOULANGERIE PAUL", "LEON"): the set lookup first,
  // since every run of every lookup is weighed here.
  const naming = run.some(isGivenName) ? run.filter((w) => !namesBusiness(w)) : [];
  const given = naming.length === 1 && isGivenName(naming[0]);
  return { strong: long || (coined && !atTerminal), plain: coined || word, word, several: run.length > 1, given };
}

export const MIN_COINED_KEY = 4;

/** What is known of a purchase besides its words: the brand's kind of business (its seed category), the country. */
export type Purchase = { kind?: string | null; country?: string | null };

/**
 * Whether the words after a brand's name can belong to a purchase from that brand rather than to another business's
 * name. Never a word that names a kind of business ("FRONTIER DINER", "APPLE FARM STAND", "ROSSMANN MALERBETRIEB").
 * Always: places, billing, legal and street words, numbers, the brand's service line. After a store number: a few
 * words of a city we may not list. Then a branch or suburb (isBranch), or a few words ending in a region code after a
 * distinctive name ("MARRIOTT BOSTON COPLEY MA"). `kind` is the brand's kind of business, `country` the purchase's
 * when known: a town is read as one of that country's.
 */
export function followedByNoName(rest: string[], { strong, plain, word: oneWord = false, several = false, given = false }: Strength, { kind = null, country = null }: Purchase = {}): boolean {
  // A hyphen after the name ends it: what follows is a branch or city ("COSTA-KINGS CROSS STN", "KMART-PENRITH").
  const words = rest.map((w) => w.replace(/^-/, ""));
  // Any town we know after a name is where its branch stands ("Z KILBIRNIE", "JUMBO ZWOLLE", "BP KINGS CROSS").
  const placeAfter = (i: number, reading: PlaceReading = {}) => placeLength(words, i, { ...reading, towns: true, country });
  const ownLine = (w: string) => isServiceLine(w) || isOwnKindWord(w, kind);
  if (words.some((w, i) => namesBusiness(w) && !ownLine(w) && !inCompanyName(words, i, country) && !namesTown(words, i))) return false;
  // Two words joined by an ampersand after the name are a business's own name ("WOOLIES BAIT & TACKLE CAIRNS"), not a
  // legal form's ("GMBH & CO KG") nor a word cut short ("CHICKEN & T").
  const joinedName = (w: string) => w !== undefined && /^[A-Z]{3,}$/.test(w) && !namesNobody(w);
  if (words.some((w, i) => w === "&" && joinedName(words[i - 1]) && joinedName(words[i + 1]))) return false;
  // Billing and street words and letters alone name nobody: they do not count ("WALGREENS STORE 05217 S MAIN ST SALT
  // LAKE CIT UT").
  const few = (from: number) => words.slice(from).filter((w) => !namesNobody(w)).length <= 5;
  if (ownersName(words, placeAfter)) return false;
  // A name that is a given name, then a surname: that person's own business ("BOULANGERIE PAUL MARTIN" is no Paul); not a
  // branch after a hyphen or a place ("LEON WATERLOO STN").
  if (given && !rest[0]?.startsWith("-") && isSurname(words[0] ?? "") && !isStreetWord(words[1]) && !placeAfter(0)) return false;
  let ended = rest[0]?.startsWith("-") ?? false;
  for (let i = 0; i < words.length; ) {
    const word = words[i];
    if (word === NUMBER_MARK) return few(i + 1);
    // After a branch, the city's short code closes the descriptor ("STARBUCKS-KINGS CROSS/LDN"); after a distinctive
    // name, what the field's width left of a suburb ("CHEMIST WAREHOUSE MAR").
    if (i === words.length - 1 && ((ended && /^[A-Z]{3}$/.test(word)) || (strong && /^[A-Z]{1,3}$/.test(word)))) return true;
    if (namesNobody(word) || (i === 0 && word === "OF" && strong) || inCompanyName(words, i, country)) {
      // "THE" right after the name begins a branch's name ("MCDONALDS THE PINES"); after another word it goes on with
      // that word's phrase ("TIMS ON THE LAKE"), and after a name that is one common word, with that word's
      // ("CHASE THE SUN SURF CO").
      ended ||= word.length > 1 && (word !== "THE" || (i === 0 && !oneWord));
      i++;
      continue;
    }
    const line = serviceLineLength(words, i, ownLine);
    if (line) {
      ended = true;
      i += line;
      continue;
    }
    // "MT ALBERT" is a suburb, whatever Montana's code says.
    if (PLACE_TITLES.has(word) && isPlaceName(words.slice(i, i + 2))) {
      ended = true;
      i += 2;
      continue;
    }
    const place = placeAfter(i);
    if (place) {
      // A place cut short may be the start of a name ("MOUNTAIN" of MOUNTAIN VIEW in "GAP MOUNTAIN OUTFITTERS"), and a
      // region code with words after it a word of the name ("DE" of "DIA DE CAMPO").
      const regionOnly = place === 1 && isRegionCode(word) && !placeAfter(i, { cut: false, codes: false });
      ended ||= placeAfter(i, { cut: false }) === place && !(regionOnly && !restNamesNobody(words, i + 1));
      i += place;
      continue;
    }
    // A store code before the store number ("TARGET HOU #1045", "LCBO/RAO #0217"); after a distinctive name, any short
    // code no word names a business by ("IBERIA LAE MADRID", "OEBB PV AG").
    if (word.length <= 3 && (words.indexOf(NUMBER_MARK, i) > i || (strong && isCode(word)))) {
      i++;
      continue;
    }
    // A street or a shopping centre after any name is where its branch stands ("SUBWAY GRAFTON ST", "UNIQLO PITT ST
    // MALL", "KFC GALERIA MOKOTOW").
    const street = streetLength(words, i) || mallLength(words, i, placeAfter);
    if (street) {
      ended = true;
      i += street;
      continue;
    }
    // A name that is one common word ("DISCOVER", "FRONTIER") takes no branch of names we do not know until a place or
    // hyphen has ended it: "DISCOVER SCUBA CENTER" is a dive shop.
    if ((!strong || oneWord) && !ended) return false;
    const branch = branchLength(words, i, placeAfter);
    // Once the name has ended, a branch of three words ("STARBUCKS-KINGS CROSS/LDN", "PANDORA-SYLVIA PARK/AKL").
    if (branch <= (ended ? 3 : 2) && isBranch(words.slice(i, i + branch), { ended, plain, atEnd: i + branch === words.length, wholeName: strong && several })) {
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
 * A given name and a surname right after a brand's name, before any place or number: its owner's, a business of their
 * own ("BRICO JAN PEETERS MECHELEN"); not a street or a centre named after someone ("BP JOHN STREET", "SYLVIA PARK"):
 * the surname a word that can only be a name.
 */
function ownersName(words: string[], placeAt: (i: number) => number): boolean {
  // Read on every name's words: the cheap test first, a surname second, before any place is looked up.
  if (!isProperWord(words[1] ?? "")) return false;
  let end = 0;
  while (end < words.length && !namesNobody(words[end]) && !placeAt(end)) end++;
  const named = words.slice(0, end);
  const surnames = named.slice(1);
  return (
    named.length >= 2 &&
    named.length <= 3 &&
    !isStreetWord(words[end] ?? "") &&
    surnames.every((w) => isProperWord(w) && !isStreetWord(w)) &&
    isWalletPayee(named.join(" "))
  );
}

/**
 * Whether words after a name are a branch or suburb (two at most: "MT ALBERT", "VIALE PIAVE"). Once a place or legal
 * word has ended the name, any. Otherwise never an activity ("MARATHON PRINTING & SIGNS"); at the very end, only
 * names, no common word, unless the name is a distinctive one of several words (`wholeName`: "CHEMIST WAREHOUSE BOND",
 * "THE WAREHOUSE SYLVIA PARK"); before a place or number after a plain name, a name among them. A business is often named
 * with common words after a brand's ("PATAGONIA TOURS", "FRONTIER FEED & SEED CHEYENNE WY", "CARREFOUR DES FLEURS"),
 * a suburb seldom is ("SUPERVALU RATHMINES").
 */
function isBranch(words: string[], { ended, plain, atEnd, wholeName }: { ended: boolean; plain: boolean; atEnd: boolean; wholeName: boolean }): boolean {
  if (ended) return true;
  if (words.some(namesActivity)) return false;
  if (atEnd) return words.every(isProperWord) || isPlaceName(words) || wholeName;
  return !plain || words.some(isProperWord);
}

/** Words that begin a place's name ("NEW LYNN", "MT ALBERT", "LOWER HUTT", "PORT MELBOURNE"). */
const PLACE_BEGINNINGS = new Set(["NEW", "MT", "MOUNT", "PORT", "FORT", "FT", "LAKE", "GLEN", "EAST", "WEST", "NORTH", "SOUTH", "UPPER", "LOWER", "SAN", "SANTA", "ST"]);

/** Words that begin only places' names: any name may follow them ("MT ALBERT", "PORT CHARLOTTE", "ST MARTIN"). */
const PLACE_TITLES = new Set(["MT", "MOUNT", "PORT", "FORT", "FT", "ST"]);

/**
 * A place's name we do not list: a word that begins one, then a word that is no common English word, or any word but
 * a kind of business after a word that begins only places' names.
 */
const isPlaceName = (words: string[]) =>
  words.length === 2 &&
  PLACE_BEGINNINGS.has(words[0]) &&
  /^[A-Z]{3,}$/.test(words[1]) &&
  (!isCommonEnglishWord(words[1]) || (PLACE_TITLES.has(words[0]) && !namesBusiness(words[1])));

/**
 * A brand's own service line after its name, as telecoms, energy companies and retailers bill them: a service word,
 * perhaps after the line's own name ("TELUS OPTIK TV", "SWISSCOM BLUE TV", "MEO FIBRA", "SPARK NZ BROADBAND", "BOOTS
 * OPTICIANS", "TESCO CLUBCARD PLUS"), or a word for the brand's own kind of business (kind-words.ts). Only words no
 * local business is named by alone after the brand's name.
 */
function serviceLineLength(words: string[], start: number, isLine: (word: string) => boolean): number {
  if (isLine(words[start])) return 1;
  if (TWO_WORD_LINES.has(`${words[start]} ${words[start + 1]}`)) return 2;
  // A line's own name before a service word ("OPTIK TV"), not before a kind of business ("ELECTRICAL SERVICES").
  return start + 1 < words.length && SERVICE_LINES.has(words[start + 1]) && !namesNobody(words[start]) ? 2 : 0;
}

const SERVICE_LINES = new Set([
  "TV", "BROADBAND", "FIBRE", "FIBER", "FIBRA", "INTERNET", "MOBILE", "MOBIILI", "WIRELESS", "PLUS", "OPTICIANS", "OPTICIAN",
  "ENERGY", "ENRG", "TELECOM", "CELLULAR", "UNLIMITED", "MUSIC",
  // How the purchase was made from the brand: its machines, counters, apps and top-ups ("LNER TICKET OFFICE", "PRESTO
  // AUTOLD", "SL APP BILJETT", "SFMTA METER"). No business is named by these alone after a brand's. (TOPUP, RELOAD and
  // PREPAID are billing words already: noise.ts.)
  "TICKET", "TICKETS", "TKT", "TKTS", "MACHINE", "MACHINES", "OFFICE", "BOOKING", "BOOKINGS", "FARE", "FARES",
  "AUTOLD", "RECHARGE", "VENDING", "METER", "METERS", "SMARTMETER", "PARKING", "PARKNG", "PKG",
  "APP", "AUTOM", "AUTOMAT", "TICKETAUTOMAT", "BILLETAUTOMAT", "BILJETTAUTOMAT", "FAHRKARTENAUTOMAT", "FAHRSCHEINAUTOMAT", "FAHRKARTE", "FAHRKARTEN", "FAHRSCHEIN", "BILJETT", "BILJETTER",
  "BILLET", "BILLETS", "BILLETE", "BILLETES", "BIGLIETTO", "BIGLIETTI", "KAARTJE", "KAARTJES", "STATION", "POINTS",
  "BILLETT", "BILLETTAUTOMAT", "LIPPU", "LIPPUAUTOMAATTI", "KAARTAUTOMAAT", "KAARTJESAUTOMAAT", "BILHETE", "BILHETES",
  "BILHETEIRA", "BILLETTERIE", "GUICHET", "TAQUILLA", "BIGLIETTERIA", "KASA", "DISTRIBUTEUR",
  "PURCH", "OPLADEN", "OPTANKNING", "PAID", "TVM", "CURBSIDE", "CARNET", "FAHRAUSWEIS", "FAHRAUSWEISE", "MOBILAPP",
  "MOBILEAPP", "TICKETSHOP", "REISPRODUCTEN", "REIZIGERSDIENSTEN",
  // A brand's own outlet ("NIKE FACTORY", "GAP FACTORY").
  "FACTORY",
]);

/** A top-up printed in two words, as TOPUP is in one ("MYKI TOP UP", "SMARTRIP ADD VALUE"), and a purchase online ("STM OPUS EN LIGNE"). */
const TWO_WORD_LINES = new Set(["TOP UP", "ADD VALUE", "EN LIGNE"]);

/** A long compound line cut by the bank's field width keeps this many letters ("FAHRKARTENAUTOM"). */
const MIN_CUT_LINE = 10;
const LONG_LINES = [...SERVICE_LINES].filter((w) => w.length > MIN_CUT_LINE);

/**
 * A service line's word, a long one cut short, or a compound ending in a ticket's or its machine's word
 * ("DEUTSCHLANDTICKET", "MONATSKARTE", "FAHRAUSWEISAUTOMAT").
 */
export const isServiceLine = (word: string) =>
  SERVICE_LINES.has(word) || (word.length >= MIN_CUT_LINE && (LONG_LINES.some((w) => w.startsWith(word)) || TICKET_COMPOUND.test(word)));

const TICKET_COMPOUND = /\B(?:TICKET|KARTE|FAHRSCHEIN|BILJETT|LIPPU|KAARTJE|AUTOMAT)$/;

/**
 * A street's name, one or two words of no kind of business (names, or common words: "MARY STREET", "MAIN ST"), and
 * the street word after them: 0 when none.
 */
export function streetLength(words: string[], start: number): number {
  for (const n of [1, 2]) {
    const name = words.slice(start, start + n);
    if (name.length === n && name.every(namesStreet) && isStreetWord(words[start + n])) return n + 1;
  }
  return 0;
}

const namesStreet = (word: string) => /^[A-Z]{3,}$/.test(word) && !namesBusiness(word) && !namesNobody(word);

/** The words a shopping centre's name begins with, as banks print them ("GALERIA MOKOTOW", "WESTFIELD CHERMSIDE"). */
const MALL_WORDS = new Set(["GALERIA", "GALERIE", "GALLERIA", "WESTFIELD", "CENTRO", "EINKAUFSZENTRUM"]);

/** A shopping centre's name, its word and one or two words that can only be names, or a town: 0 when none. */
function mallLength(words: string[], start: number, placeAt: (i: number) => number): number {
  if (!MALL_WORDS.has(words[start])) return 0;
  const town = placeAt(start + 1);
  if (town && start + 1 < words.length) return 1 + town;
  let n = 0;
  while (n < 2 && isProperWord(words[start + 1 + n] ?? "")) n++;
  return n ? 1 + n : 0;
}

/** After a store number, a word before the closing region code is a town's name, whatever else it means ("WAWA # MEDIA PA"). */
function namesTown(words: string[], i: number): boolean {
  const next = words.slice(i + 1).filter((w) => w !== NUMBER_MARK);
  return words[i - 1] === NUMBER_MARK && next.length === 1 && isRegionCode(next[0]);
}

/**
 * Part of a company's registered name, not a kind of business: "GROUP", "HOLDINGS" or "TRADING" before a legal form
 * ("NOEL LEEMING GROUP LIMI", "SPARK NZ TRADING LTD") or last after the country's code (the form left off: "SPARK NZ
 * TRADING 20039918"), Italy's "SPA" (S.p.A.) with more after it ("ESSELUNGA SPA VIALE FAMA"), or last in an Italian
 * purchase ("NTV ITALO SPA").
 */
export function inCompanyName(words: string[], i: number, country: string | null = null): boolean {
  const next = words[i + 1];
  if (words[i] === "SPA") return next !== undefined || country === "IT";
  if (!COMPANY_WORDS.has(words[i])) return false;
  return (next !== undefined && isLegalForm(next)) || (i > 0 && isRegionCode(words[i - 1]) && words.slice(i + 1).every(isNumber));
}

const COMPANY_WORDS = new Set(["GROUP", "HOLDINGS", "TRADING"]);
const isNumber = (word: string) => word === NUMBER_MARK || /^\d+$/.test(word);

/** A company's legal form, as banks print it, cut too ("LIMI"): never a word of a business's name ("TRADING POST"). */
export const isLegalForm = (word: string) => LEGAL_FORM.test(word);
const LEGAL_FORM = /^(?:LTD|L(?:I(?:M(?:I(?:T(?:E(?:D)?)?)?)?)?)?|PTY|INC|LLC|PLC|CO|CORP|GMBH|AG|SA|SAS|SARL|BV|NV|AB|AS|ASA|OY|SRL|SPA|KG)$/;

/** How many words from `start` are neither places, numbers nor billing words: a branch or suburb, perhaps. */
function branchLength(words: string[], start: number, placeAt: (i: number) => number): number {
  let end = start;
  while (end < words.length && !namesNobody(words[end]) && !placeAt(end)) end++;
  return end - start;
}

/** A word for an activity: a kind of business ("PRINTING", "DETAILING", "TRIMMINGS"), never a branch's name. */
const namesActivity = (word: string) => word.length >= 6 && /INGS?$/.test(word);

/** Two or three letters that are no word: a company's or a branch's code. */
const isCode = (word: string) => /^[A-Z]{2,3}$/.test(word) && !isShortWord(word) && !namesBusiness(word);

/** A surname: a word that can only be a name, or a given name, never a legal form ("OTTO GMBH") or a billing word. */
const isSurname = (word: string) => (isProperWord(word) || isGivenName(word)) && !namesNobody(word) && !isLegalForm(word);

/** A word that can only be a name: letters, four or more, not a common word of any language we read. */
const isProperWord = (word: string) => /^[A-Z]{4,}$/.test(word) && !isCommonWord(word);

const restNamesNobody = (words: string[], from: number) => words.slice(from).every(namesNobody);

/** A word naming a kind of business, alone or as the end of a compound ("MALERBETRIEB", "AUTOHANDEL"). */
export function namesBusiness(word: string): boolean {
  if (TRAILING_WORDS.has(word) || isServiceLine(word)) return false;
  // A kind of business in the plural names one too ("NEXT DOOR BARBERS", "NEW WORLD WINES").
  return BUSINESS_WORDS.has(word) || (word.endsWith("S") && BUSINESS_WORDS.has(word.slice(0, -1))) || BUSINESS_ENDINGS.test(word) || BUSINESS_KINDS.has(word);
}

/** Kinds of shop, eatery and practice in the statements' languages, from OpenStreetMap's presets (business-kinds.json). */
const BUSINESS_KINDS = new Set(businessKinds.words.split("|"));

/**
 * German, Dutch, Nordic and Finnish compounds end in the kind of business they are, or in their word for a shop or a
 * workshop ("FAHRRADLADEN", "SCHOENENZAAK", "BLOMSTERBUTIKK", "KUKKAKAUPPA", "CYKELVERKSTAD").
 */
const BUSINESS_ENDINGS =
  /\B(?:BETRIEB|HANDEL|SERVICE|TECHNIK|WERKSTATT|PRAXIS|BAU|BAECKEREI|BÄCKEREI|METZGEREI|KANZLEI|APOTHEKE|SALON|STUDIO|BEDRIJF|WINKEL|KAPPER|STUBE|KNEIPE|LADEN|GESCHAEFT|GESCHÄFT|GESCHAFT|ZAAK|BUTIKK?|AFFÄR|AFFAR|FORRETNING|KAUPPA|VERKSTAD|VERKSTED|VAERKSTED|VÆRKSTED|KORJAAMO)$/;

/** The last word that is not a billing word or number is a region code: the words before it are a city. */
function endsInRegion(words: string[]): boolean {
  const last = [...words].reverse().find((w) => !(TRAILING_WORDS.has(w) || /[\d.]/.test(w) || w === NUMBER_MARK));
  return last !== undefined && isRegionCode(last);
}
