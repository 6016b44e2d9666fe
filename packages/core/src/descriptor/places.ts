// Where a purchase happened, as banks print it after the merchant ("TARGET 00012345 MINNEAPOLIS MN"). Matching uses
// these to tell a merchant's name from the place that follows it, so "APPLE FARM STAND" is not Apple while
// "STARBUCKS SEATTLE WA" is Starbucks. Lists, not guesses: a word that is not here is taken as part of the name.
import { withoutMarks, withUmlautsSpelled } from "./ascii.ts";
import { COUNTRY_CODES } from "../beta/countries.ts";
import gazetteer from "./towns.json" with { type: "json" };

// The region codes each market prints after a city: US states, DC and territories (USPS), Canadian provinces and
// territories (Canada Post), Australian states and territories.
const REGIONS: Record<string, string> = {
  US:
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA " +
    "RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP",
  CA: "AB BC MB NB NL NS NT NU ON PE QC SK YT",
  AU: "NSW VIC QLD TAS ACT",
};

/** The words a street's name ends in, as banks print them. */
const STREET_WORDS = new Set([
  "ST", "STREET", "RD", "ROAD", "AVE", "AVENUE", "BLVD", "HWY", "PKWY", "LANE", "LN", "DR", "DRIVE", "WAY", "MALL", "QY",
  "QUAY", "SQ", "SQUARE", "PDE", "TCE",
]);

export const isStreetWord = (word: string | undefined) => word !== undefined && STREET_WORDS.has(word);

/** Each region's name, as a brand named after it spells it ("GEORGIA POWER", "TEXAS ROADHOUSE", "QUEENSLAND RAIL"). */
const REGION_NAMES: Record<string, string> = {
  AL: "ALABAMA", AK: "ALASKA", AZ: "ARIZONA", AR: "ARKANSAS", CA: "CALIFORNIA", CO: "COLORADO", CT: "CONNECTICUT",
  DE: "DELAWARE", FL: "FLORIDA", GA: "GEORGIA", HI: "HAWAII", ID: "IDAHO", IL: "ILLINOIS", IN: "INDIANA", IA: "IOWA",
  KS: "KANSAS", KY: "KENTUCKY", LA: "LOUISIANA", ME: "MAINE", MD: "MARYLAND", MA: "MASSACHUSETTS", MI: "MICHIGAN",
  MN: "MINNESOTA", MS: "MISSISSIPPI", MO: "MISSOURI", MT: "MONTANA", NE: "NEBRASKA", NV: "NEVADA", NH: "NEW HAMPSHIRE",
  NJ: "NEW JERSEY", NM: "NEW MEXICO", NY: "NEW YORK", NC: "NORTH CAROLINA", ND: "NORTH DAKOTA", OH: "OHIO", OK: "OKLAHOMA",
  OR: "OREGON", PA: "PENNSYLVANIA", RI: "RHODE ISLAND", SC: "SOUTH CAROLINA", SD: "SOUTH DAKOTA", TN: "TENNESSEE",
  TX: "TEXAS", UT: "UTAH", VT: "VERMONT", VA: "VIRGINIA", WA: "WASHINGTON", WV: "WEST VIRGINIA", WI: "WISCONSIN",
  WY: "WYOMING", AB: "ALBERTA", BC: "BRITISH COLUMBIA", MB: "MANITOBA", NB: "NEW BRUNSWICK", NL: "NEWFOUNDLAND",
  NS: "NOVA SCOTIA", ON: "ONTARIO", PE: "PRINCE EDWARD ISLAND", QC: "QUEBEC", SK: "SASKATCHEWAN", NSW: "NEW SOUTH WALES",
  VIC: "VICTORIA", QLD: "QUEENSLAND", TAS: "TASMANIA",
};

/** The name of the region a code stands for, or null. */
export const regionName = (code: string): string | null => REGION_NAMES[code] ?? null;

// ISO 3166-1 alpha-3 codes of the markets statements come from, and a few more, with their alpha-2 codes.
const COUNTRIES3: Record<string, string> = {
  USA: "US", GBR: "GB", CAN: "CA", AUS: "AU", NZL: "NZ", IRL: "IE", DEU: "DE", FRA: "FR", ESP: "ES", ITA: "IT",
  NLD: "NL", BEL: "BE", CHE: "CH", AUT: "AT", SWE: "SE", NOR: "NO", DNK: "DK", FIN: "FI", POL: "PL", PRT: "PT",
  MEX: "MX", BRA: "BR", JPN: "JP", SGP: "SG", HKG: "HK", IND: "IN",
};

// Countries as statements print them, in English and in their own languages, with their alpha-2 codes.
const COUNTRY_NAMES: Record<string, string> = {
  "UNITED STATES": "US", "UNITED KINGDOM": "GB", "GREAT BRITAIN": "GB", ENGLAND: "GB", SCOTLAND: "GB", WALES: "GB",
  "NORTHERN IRELAND": "GB", IRELAND: "IE", CANADA: "CA", AUSTRALIA: "AU", "NEW ZEALAND": "NZ", GERMANY: "DE",
  DEUTSCHLAND: "DE", FRANCE: "FR", SPAIN: "ES", ITALY: "IT", NETHERLANDS: "NL", BELGIUM: "BE", SWITZERLAND: "CH",
  AUSTRIA: "AT", SWEDEN: "SE", NORWAY: "NO", DENMARK: "DK", FINLAND: "FI", POLAND: "PL", PORTUGAL: "PT",
  LUXEMBOURG: "LU", MEXICO: "MX", JAPAN: "JP", SINGAPORE: "SG", "HONG KONG": "HK", INDIA: "IN", ESPANA: "ES",
  "ESPAÑA": "ES", ITALIA: "IT", NEDERLAND: "NL", BELGIQUE: "BE", BELGIE: "BE", SVERIGE: "SE", NORGE: "NO",
  DANMARK: "DK", SUOMI: "FI", OSTERREICH: "AT", "ÖSTERREICH": "AT", SCHWEIZ: "CH", SUISSE: "CH", SVIZZERA: "CH",
  POLSKA: "PL",
};

// The largest cities of the US, Canada, the UK, Ireland, the EU, Australia and New Zealand, in the spelling statements
// use, by country (ISO 3166-1 alpha-2): a city also says where the purchase was (country-hint.ts).
const CITIES: Record<string, string[]> = {
  US: [
    "NEW YORK", "NYC", "BROOKLYN", "QUEENS", "BRONX", "STATEN ISLAND", "MANHATTAN", "LOS ANGELES", "CHICAGO",
    "HOUSTON", "PHOENIX", "PHILADELPHIA", "SAN ANTONIO", "SAN DIEGO", "DALLAS", "SAN JOSE", "AUSTIN", "JACKSONVILLE",
    "FORT WORTH", "COLUMBUS", "CHARLOTTE", "SAN FRANCISCO", "INDIANAPOLIS", "SEATTLE", "DENVER", "WASHINGTON",
    "EL PASO", "NASHVILLE", "DETROIT", "OKLAHOMA CITY", "LAS VEGAS", "MEMPHIS", "LOUISVILLE", "BALTIMORE",
    "MILWAUKEE", "ALBUQUERQUE", "TUCSON", "FRESNO", "SACRAMENTO", "MESA", "KANSAS CITY", "ATLANTA", "OMAHA",
    "COLORADO SPRINGS", "RALEIGH", "LONG BEACH", "VIRGINIA BEACH", "MIAMI", "OAKLAND", "MINNEAPOLIS", "TULSA",
    "BAKERSFIELD", "WICHITA", "TAMPA", "NEW ORLEANS", "CLEVELAND", "HONOLULU", "ANAHEIM", "LEXINGTON", "STOCKTON",
    "CORPUS CHRISTI", "HENDERSON", "RIVERSIDE", "NEWARK", "SAINT PAUL", "ST PAUL", "SANTA ANA", "CINCINNATI",
    "IRVINE", "ORLANDO", "PITTSBURGH", "ST LOUIS", "SAINT LOUIS", "GREENSBORO", "JERSEY CITY", "ANCHORAGE", "PLANO",
    "BUFFALO", "CHANDLER", "CHULA VISTA", "TOLEDO", "MADISON", "GILBERT", "RENO", "FORT WAYNE", "NORTH LAS VEGAS",
    "ST PETERSBURG", "LUBBOCK", "IRVING", "LAREDO", "WINSTON SALEM", "CHESAPEAKE", "GARLAND", "SCOTTSDALE", "NORFOLK",
    "BOISE", "FREMONT", "SPOKANE", "SANTA CLARITA", "BATON ROUGE", "HIALEAH", "SAN BERNARDINO", "TACOMA", "MODESTO",
    "HUNTSVILLE", "DES MOINES", "YONKERS", "ROCHESTER", "MORENO VALLEY", "FAYETTEVILLE", "FONTANA", "WORCESTER",
    "PORT ST LUCIE", "LITTLE ROCK", "AUGUSTA", "OXNARD", "MONTGOMERY", "FRISCO", "AMARILLO", "SALT LAKE CITY",
    "GRAND RAPIDS", "HUNTINGTON BEACH", "OVERLAND PARK", "GRAND PRAIRIE", "TALLAHASSEE", "CAPE CORAL", "MCKINNEY",
    "KNOXVILLE", "SHREVEPORT", "TEMPE", "PROVIDENCE", "FORT LAUDERDALE", "CHATTANOOGA", "BROWNSVILLE", "SIOUX FALLS",
    "SANTA ROSA", "PEORIA", "PASADENA", "PEMBROKE PINES", "ELK GROVE", "CORONA", "EUGENE", "HARTFORD", "FORT COLLINS",
    "ALEXANDRIA", "HAYWARD", "SUNNYVALE", "PALMDALE", "SALINAS", "PALO ALTO", "MOUNTAIN VIEW", "CUPERTINO",
    "SANTA MONICA", "BERKELEY", "ANN ARBOR", "BOULDER", "SAVANNAH", "CHARLESTON", "ALBANY", "SYRACUSE", "BELLEVUE",
    "REDMOND", "EVANSTON", "HOBOKEN", "WHITE PLAINS", "STAMFORD", "NEW HAVEN", "TRENTON", "WILMINGTON", "ANNAPOLIS",
    "BANGOR", "MONTPELIER", "CHEYENNE", "BILLINGS", "FARGO", "BISMARCK", "KEY WEST", "SARASOTA", "GAINESVILLE",
    "PENSACOLA", "DAYTONA BEACH", "WEST PALM BEACH", "BOCA RATON",
  ],
  CA: [
    "TORONTO", "MONTREAL", "CALGARY", "OTTAWA", "EDMONTON", "WINNIPEG", "MISSISSAUGA", "BRAMPTON", "QUEBEC",
    "HALIFAX", "REGINA", "SASKATOON", "KITCHENER", "MARKHAM", "LAVAL", "GATINEAU", "LONGUEUIL", "BURNABY",
    "RICHMOND HILL", "OAKVILLE", "KELOWNA", "LONDON ON", "SHERBROOKE", "ST JOHNS", "MONCTON", "FREDERICTON",
    "CHARLOTTETOWN",
  ],
  GB: [
    "GLASGOW", "LIVERPOOL", "LEEDS", "SHEFFIELD", "EDINBURGH", "BRISTOL", "CARDIFF", "BELFAST", "LEICESTER",
    "NOTTINGHAM", "SOUTHAMPTON", "BRIGHTON", "OXFORD", "ABERDEEN", "DUNDEE", "SWANSEA", "COVENTRY", "MILTON KEYNES",
    "NORWICH", "EXETER", "CROYDON", "WATFORD", "WOLVERHAMPTON", "STOKE", "SUNDERLAND", "BOLTON", "BLACKPOOL",
    "BOURNEMOUTH", "PETERBOROUGH", "IPSWICH", "LUTON", "SLOUGH", "GLOUCESTER", "CHELTENHAM", "INVERNESS", "DERRY",
    "LONDONDERRY", "GUILDFORD", "CANTERBURY", "HULL", "WAKEFIELD", "BRADFORD", "HUDDERSFIELD", "MIDDLESBROUGH",
  ],
  IE: [
    "DUBLIN", "CORK", "GALWAY", "LIMERICK", "KILKENNY",
  ],
  FR: [
    "PARIS", "LYON", "MARSEILLE", "NICE", "TOULOUSE", "BORDEAUX", "LILLE", "NANTES", "STRASBOURG", "MONTPELLIER",
    "RENNES",
  ],
  DE: [
    "BERLIN", "MUNICH", "MUENCHEN", "HAMBURG", "FRANKFURT", "COLOGNE", "KOELN", "STUTTGART", "DUSSELDORF",
    "DUESSELDORF", "DORTMUND", "ESSEN", "LEIPZIG", "DRESDEN", "HANNOVER", "NUERNBERG", "NUREMBERG", "BREMEN", "BONN",
    "MANNHEIM", "KARLSRUHE",
  ],
  ES: [
    "MADRID", "BARCELONA", "SEVILLA", "SEVILLE", "BILBAO", "MALAGA", "ZARAGOZA", "PALMA", "ALICANTE", "MURCIA",
  ],
  IT: [
    "ROME", "ROMA", "MILAN", "MILANO", "NAPOLI", "TORINO", "TURIN", "FIRENZE", "FLORENCE", "BOLOGNA", "VENEZIA",
    "VENICE", "GENOVA", "PALERMO", "VERONA", "BARI",
  ],
  NL: [
    "AMSTERDAM", "ROTTERDAM", "UTRECHT", "EINDHOVEN", "DEN HAAG", "THE HAGUE", "GRONINGEN",
  ],
  BE: [
    "BRUSSELS", "BRUXELLES", "ANTWERPEN", "ANTWERP", "GENT", "GHENT", "LIEGE",
  ],
  AT: [
    "VIENNA", "WIEN", "SALZBURG", "GRAZ", "INNSBRUCK", "LINZ",
  ],
  CH: [
    "ZURICH", "GENEVA", "GENEVE", "BASEL", "BERN", "LAUSANNE", "LUZERN",
  ],
  SE: [
    "STOCKHOLM", "GOTHENBURG", "GOTEBORG", "MALMO", "UPPSALA",
  ],
  NO: [
    "OSLO", "TRONDHEIM", "STAVANGER",
  ],
  DK: [
    "COPENHAGEN", "KOBENHAVN", "KBH", "AARHUS", "ODENSE", "AALBORG",
  ],
  FI: [
    "HELSINKI", "TAMPERE", "ESPOO", "TURKU",
  ],
  PL: [
    "WARSAW", "WARSZAWA", "KRAKOW", "GDANSK", "WROCLAW", "POZNAN", "LODZ",
  ],
  CZ: [
    "PRAGUE", "PRAHA", "BRNO",
  ],
  HU: [
    "BUDAPEST",
  ],
  PT: [
    "LISBON", "LISBOA", "PORTO",
  ],
  LU: [
    "LUXEMBOURG",
  ],
  SK: [
    "BRATISLAVA",
  ],
  SI: [
    "LJUBLJANA",
  ],
  HR: [
    "ZAGREB",
  ],
  RO: [
    "BUCHAREST", "BUCURESTI",
  ],
  BG: [
    "SOFIA",
  ],
  EE: [
    "TALLINN",
  ],
  LV: [
    "RIGA",
  ],
  LT: [
    "VILNIUS",
  ],
  IS: [
    "REYKJAVIK",
  ],
  MT: [
    "VALLETTA",
  ],
  AU: [
    "SYDNEY", "MELBOURNE", "BRISBANE", "ADELAIDE", "CANBERRA", "GOLD COAST", "WOLLONGONG", "GEELONG", "HOBART",
    "DARWIN", "TOWNSVILLE", "CAIRNS", "PARRAMATTA",
  ],
  NZ: [
    "AUCKLAND", "CHRISTCHURCH", "TAURANGA", "DUNEDIN", "QUEENSTOWN",
  ],
};

/** Cities that name a place in two of the markets we read ("BIRMINGHAM", "HAMILTON", "PERTH"): places of no one country. */
const SHARED_CITIES = [
  "BOSTON", "PORTLAND", "ARLINGTON", "AURORA", "LINCOLN", "DURHAM", "GLENDALE", "RICHMOND", "COLUMBIA", "BIRMINGHAM",
  "MOBILE", "VANCOUVER", "ONTARIO", "SPRINGFIELD", "SALEM", "JACKSON", "LANCASTER", "HOLLYWOOD", "CAMBRIDGE", "DOVER",
  "BURLINGTON", "PORTSMOUTH", "MANCHESTER", "CONCORD", "NAPLES", "HAMILTON", "SURREY", "VICTORIA", "WATERLOO",
  "LONDON", "NEWCASTLE", "PLYMOUTH", "READING", "YORK", "BATH", "DERBY", "ATHENS", "VALENCIA", "BERGEN", "PRESTON",
  "STIRLING", "WATERFORD", "CHESTER", "WINDSOR", "PERTH", "WELLINGTON",
];

/** Each region code → its country. */
const regionCountry = new Map(Object.entries(REGIONS).flatMap(([country, codes]) => codes.split(" ").map((code) => [code, country] as const)));
const regionSet = new Set([...regionCountry.keys(), ...Object.keys(COUNTRIES3), "US", "UK"]);
const countryNames = Object.keys(COUNTRY_NAMES);
/** Each city of one country → that country. */
const cityCountry = new Map(Object.entries(CITIES).flatMap(([country, cities]) => cities.map((city) => [city, country] as const)));
const placePhrases = new Set([...countryNames, ...cityCountry.keys(), ...SHARED_CITIES]);
const longestPhrase = Math.max(...[...placePhrases].map((p) => p.split(" ").length));

/** Each market's towns, read into a set when first asked for, once an isolate (a market's takes a few ms). */
const townSets = new Map<string, Set<string>>();
const townsOf = (market: string): Set<string> | undefined => {
  const names = (gazetteer.towns as Record<string, string>)[market];
  if (names === undefined) return undefined;
  let set = townSets.get(market);
  if (!set) townSets.set(market, (set = new Set(names.split("|"))));
  return set;
};
const MARKETS = Object.keys(gazetteer.towns);
/** Every market's towns in one set, for a purchase whose country is unknown (read once, as the markets' are). */
let anyTowns: Set<string> | null = null;

/**
 * A town, suburb or district whole (towns.json, from GeoNames: scripts/build-towns.mjs): of the purchase's country when
 * it is known ("THOMAS" is a town in the US, a given name in a German transfer), else of any market we read. Only what
 * follows a name is read against it: so many places share their names with people and businesses that a word before a
 * name, or a city cut short, is read against the lists above only.
 */
export const isTown = (phrase: string, country: string | null): boolean =>
  country ? (townsOf(country)?.has(phrase) ?? false) : (anyTowns ??= new Set(MARKETS.flatMap((market) => [...townsOf(market)!]))).has(phrase);
/** The longest town's name read, in words. */
const TOWN_WORDS = 4;

/** How many words at `start` name a town of `country` whole (towns.json only, no listed city): 0 when none do. */
export function townLength(words: string[], start: number, country: string): number {
  for (let n = Math.min(TOWN_WORDS, words.length - start); n >= 1; n--) {
    if (isTown(words.slice(start, start + n).join(" "), country)) return n;
  }
  return 0;
}

/** A two- or three-letter region or country code: a state, a province, a country. */
export const isRegionCode = (word: string) => regionSet.has(word) || COUNTRY_CODES.has(word);

/** How a place is read: cut short or not, a region code or not, and whether towns are read, of which country. */
export type PlaceReading = { cut?: boolean; codes?: boolean; towns?: boolean; country?: string | null };

/**
 * How many words at `start` of `words` name a place: a city or country, whole or (unless `cut` is false) cut short as
 * banks cut them ("SAN FRANCISC"), with `towns` a town whole (of `country` when known), or (unless `codes` is false) a
 * region code. 0 when none does.
 */
export function placeLength(words: string[], start: number, { cut = true, codes = true, towns = false, country = null }: PlaceReading = {}): number {
  const known = (phrase: string) =>
    placePhrases.has(phrase) || (towns && isTown(phrase, country)) || (cut && phrase.length >= 7 && truncatedPlace(phrase));
  // A German or Nordic city with its umlauts written out ("ZUERICH", "MUENCHEN") is the city.
  const isPlace = (phrase: string) => {
    const plain = phrase.replace(/(?<=[A-Z])([AOU])E/g, "$1");
    // And with its marks dropped, as the lists hold it ("GÖTEBORG", "KØBENHAVN", "MÜNCHEN").
    const ascii = /[^\x00-\x7f]/.test(phrase) ? [withoutMarks(phrase), withUmlautsSpelled(phrase)] : [];
    return known(phrase) || (plain !== phrase && known(plain)) || ascii.some(known);
  };
  for (let n = Math.min(towns ? Math.max(longestPhrase, TOWN_WORDS) : longestPhrase, words.length - start); n >= 1; n--) {
    const phrase = words.slice(start, start + n).join(" ");
    // The state glued to the city when the column ran out ("OKLAHOMA CITYOK", "SAN FRANCISCOCA").
    const glued = GLUED_REGION.exec(phrase);
    if (isPlace(phrase) || (glued && isRegionCode(glued[2]) && isPlace(glued[1]))) return n;
  }
  return codes && isRegionCode(words[start]) ? 1 : 0;
}

const GLUED_REGION = /^(.*[A-Z]{3})([A-Z]{2})$/;

/** How many words at `start` name a country, whole or cut short ("NEW ZEALAN"); 0 when none does. */
export function countryLength(words: string[], start: number): number {
  for (let n = Math.min(3, words.length - start); n >= 1; n--) {
    const phrase = words.slice(start, start + n).join(" ");
    if (phrase.length >= 5 && countryNames.some((c) => c.startsWith(phrase))) return n;
  }
  return 0;
}

// Banks cut the city column short; a cut of seven letters or more is unambiguous enough to accept.
const placeList = [...placePhrases];
const truncatedPlace = (phrase: string) => placeList.some((p) => p.length > phrase.length && p.startsWith(phrase));

/**
 * The country a place printed in a descriptor stands for: a state, province or Australian state ("TX", "BC", "NSW"),
 * an alpha-3 code ("DEU"), a country's name ("NEW ZEALAND"), a city of one country ("LEIPZIG"); null for any other.
 */
export const countryOfPlace = (phrase: string): string | null =>
  regionCountry.get(phrase) ?? COUNTRIES3[phrase] ?? COUNTRY_NAMES[phrase] ?? cityCountry.get(phrase) ?? null;
