// Where a purchase happened, as banks print it after the merchant ("TARGET 00012345 MINNEAPOLIS MN"). Matching uses
// these to tell a merchant's name from the place that follows it, so "APPLE FARM STAND" is not Apple while
// "STARBUCKS SEATTLE WA" is Starbucks. Lists, not guesses: a word that is not here is taken as part of the name.
import { COUNTRY_CODES } from "../beta/countries.ts";

// US states, DC and territories (USPS), Canadian provinces and territories (Canada Post), Australian states.
const REGIONS =
  "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA " +
  "RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP " +
  "AB BC MB NB NL NS NT NU ON PE QC SK YT NSW VIC QLD TAS ACT";

const COUNTRIES3 = "USA GBR CAN AUS NZL IRL DEU FRA ESP ITA NLD BEL CHE AUT SWE NOR DNK FIN POL PRT MEX BRA JPN SGP HKG IND";

const COUNTRY_NAMES = [
  "UNITED STATES", "UNITED KINGDOM", "GREAT BRITAIN", "ENGLAND", "SCOTLAND", "WALES", "NORTHERN IRELAND", "IRELAND",
  "CANADA", "AUSTRALIA", "NEW ZEALAND", "GERMANY", "DEUTSCHLAND", "FRANCE", "SPAIN", "ITALY", "NETHERLANDS",
  "BELGIUM", "SWITZERLAND", "AUSTRIA", "SWEDEN", "NORWAY", "DENMARK", "FINLAND", "POLAND", "PORTUGAL", "LUXEMBOURG",
  "MEXICO", "JAPAN", "SINGAPORE", "HONG KONG", "INDIA", "ESPANA", "ESPAÑA", "ITALIA", "NEDERLAND", "BELGIQUE", "BELGIE",
  "SVERIGE", "NORGE", "DANMARK", "SUOMI", "OSTERREICH", "ÖSTERREICH", "SCHWEIZ", "SUISSE", "SVIZZERA", "POLSKA",
];

// The largest cities of the US, Canada, the UK, Ireland, the EU and Australia, in the spelling statements use.
const CITIES = [
  // United States
  "NEW YORK", "NYC", "BROOKLYN", "QUEENS", "BRONX", "STATEN ISLAND", "MANHATTAN", "LOS ANGELES", "CHICAGO", "HOUSTON",
  "PHOENIX", "PHILADELPHIA", "SAN ANTONIO", "SAN DIEGO", "DALLAS", "SAN JOSE", "AUSTIN", "JACKSONVILLE", "FORT WORTH",
  "COLUMBUS", "CHARLOTTE", "SAN FRANCISCO", "INDIANAPOLIS", "SEATTLE", "DENVER", "WASHINGTON", "BOSTON", "EL PASO",
  "NASHVILLE", "DETROIT", "OKLAHOMA CITY", "PORTLAND", "LAS VEGAS", "MEMPHIS", "LOUISVILLE", "BALTIMORE", "MILWAUKEE",
  "ALBUQUERQUE", "TUCSON", "FRESNO", "SACRAMENTO", "MESA", "KANSAS CITY", "ATLANTA", "OMAHA", "COLORADO SPRINGS",
  "RALEIGH", "LONG BEACH", "VIRGINIA BEACH", "MIAMI", "OAKLAND", "MINNEAPOLIS", "TULSA", "BAKERSFIELD", "WICHITA",
  "ARLINGTON", "AURORA", "TAMPA", "NEW ORLEANS", "CLEVELAND", "HONOLULU", "ANAHEIM", "LEXINGTON", "STOCKTON",
  "CORPUS CHRISTI", "HENDERSON", "RIVERSIDE", "NEWARK", "SAINT PAUL", "ST PAUL", "SANTA ANA", "CINCINNATI", "IRVINE",
  "ORLANDO", "PITTSBURGH", "ST LOUIS", "SAINT LOUIS", "GREENSBORO", "JERSEY CITY", "ANCHORAGE", "LINCOLN", "PLANO",
  "DURHAM", "BUFFALO", "CHANDLER", "CHULA VISTA", "TOLEDO", "MADISON", "GILBERT", "RENO", "FORT WAYNE",
  "NORTH LAS VEGAS", "ST PETERSBURG", "LUBBOCK", "IRVING", "LAREDO", "WINSTON SALEM", "CHESAPEAKE", "GLENDALE",
  "GARLAND", "SCOTTSDALE", "NORFOLK", "BOISE", "FREMONT", "SPOKANE", "SANTA CLARITA", "BATON ROUGE", "RICHMOND",
  "HIALEAH", "SAN BERNARDINO", "TACOMA", "MODESTO", "HUNTSVILLE", "DES MOINES", "YONKERS", "ROCHESTER",
  "MORENO VALLEY", "FAYETTEVILLE", "FONTANA", "COLUMBIA", "WORCESTER", "PORT ST LUCIE", "LITTLE ROCK", "AUGUSTA",
  "OXNARD", "BIRMINGHAM", "MONTGOMERY", "FRISCO", "AMARILLO", "SALT LAKE CITY", "GRAND RAPIDS", "HUNTINGTON BEACH",
  "OVERLAND PARK", "GRAND PRAIRIE", "TALLAHASSEE", "CAPE CORAL", "MCKINNEY", "MOBILE", "KNOXVILLE", "SHREVEPORT",
  "TEMPE", "PROVIDENCE", "FORT LAUDERDALE", "CHATTANOOGA", "BROWNSVILLE", "VANCOUVER", "SIOUX FALLS",
  "ONTARIO", "SANTA ROSA", "PEORIA", "PASADENA", "SPRINGFIELD", "PEMBROKE PINES", "ELK GROVE", "SALEM", "CORONA",
  "EUGENE", "HARTFORD", "FORT COLLINS", "JACKSON", "ALEXANDRIA", "HAYWARD", "LANCASTER", "SUNNYVALE", "PALMDALE",
  "SALINAS", "HOLLYWOOD", "PALO ALTO", "MOUNTAIN VIEW", "CUPERTINO", "SANTA MONICA", "BERKELEY", "CAMBRIDGE",
  "ANN ARBOR", "BOULDER", "SAVANNAH", "CHARLESTON", "ALBANY", "SYRACUSE", "BELLEVUE", "REDMOND", "EVANSTON",
  "HOBOKEN", "WHITE PLAINS", "STAMFORD", "NEW HAVEN", "TRENTON", "WILMINGTON", "DOVER", "ANNAPOLIS", "BURLINGTON",
  "PORTSMOUTH", "MANCHESTER", "BANGOR", "MONTPELIER", "CONCORD", "CHEYENNE", "BILLINGS", "FARGO", "BISMARCK",
  "KEY WEST", "NAPLES", "SARASOTA", "GAINESVILLE", "PENSACOLA", "DAYTONA BEACH", "WEST PALM BEACH", "BOCA RATON",
  // Canada
  "TORONTO", "MONTREAL", "CALGARY", "OTTAWA", "EDMONTON", "WINNIPEG", "MISSISSAUGA", "BRAMPTON", "HAMILTON",
  "QUEBEC", "SURREY", "HALIFAX", "VICTORIA", "REGINA", "SASKATOON", "KITCHENER", "WATERLOO", "MARKHAM",
  // United Kingdom and Ireland
  "LONDON", "GLASGOW", "LIVERPOOL", "LEEDS", "SHEFFIELD", "EDINBURGH", "BRISTOL",
  "CARDIFF", "BELFAST", "LEICESTER", "NOTTINGHAM", "NEWCASTLE", "SOUTHAMPTON", "BRIGHTON", "PLYMOUTH", "READING",
  "OXFORD", "YORK", "BATH", "ABERDEEN", "DUNDEE", "SWANSEA", "COVENTRY", "DERBY", "MILTON KEYNES",
  "NORWICH", "EXETER", "CROYDON", "WATFORD", "DUBLIN", "CORK", "GALWAY", "LIMERICK",
  // Europe
  "PARIS", "BERLIN", "MADRID", "BARCELONA", "ROME", "ROMA", "MILAN", "MILANO", "AMSTERDAM", "ROTTERDAM", "BRUSSELS",
  "BRUXELLES", "VIENNA", "WIEN", "MUNICH", "MUENCHEN", "HAMBURG", "FRANKFURT", "COLOGNE", "KOELN", "STUTTGART",
  "ZURICH", "GENEVA", "GENEVE", "STOCKHOLM", "OSLO", "COPENHAGEN", "KOBENHAVN", "HELSINKI", "WARSAW", "WARSZAWA",
  "PRAGUE", "PRAHA", "BUDAPEST", "LISBON", "LISBOA", "PORTO", "ATHENS", "LYON", "MARSEILLE", "NICE", "LUXEMBOURG",
  "VALENCIA", "SEVILLA", "SEVILLE", "BILBAO", "MALAGA", "ZARAGOZA", "PALMA", "ALICANTE", "MURCIA", "NAPOLI", "TORINO",
  "TURIN", "FIRENZE", "FLORENCE", "BOLOGNA", "VENEZIA", "VENICE", "GENOVA", "PALERMO", "VERONA", "BARI",
  "DUSSELDORF", "DUESSELDORF", "DORTMUND", "ESSEN", "LEIPZIG", "DRESDEN", "HANNOVER", "NUERNBERG", "NUREMBERG",
  "BREMEN", "BONN", "MANNHEIM", "KARLSRUHE", "UTRECHT", "EINDHOVEN", "DEN HAAG", "THE HAGUE", "GRONINGEN",
  "ANTWERPEN", "ANTWERP", "GENT", "GHENT", "LIEGE", "GOTHENBURG", "GOTEBORG", "MALMO", "UPPSALA", "BERGEN",
  "TRONDHEIM", "STAVANGER", "AARHUS", "ODENSE", "AALBORG", "TAMPERE", "ESPOO", "TURKU", "KRAKOW", "GDANSK",
  "WROCLAW", "POZNAN", "LODZ", "BRNO", "TOULOUSE", "BORDEAUX", "LILLE", "NANTES", "STRASBOURG", "MONTPELLIER",
  "RENNES", "BASEL", "BERN", "LAUSANNE", "LUZERN", "SALZBURG", "GRAZ", "INNSBRUCK", "LINZ", "BRATISLAVA",
  "LJUBLJANA", "ZAGREB", "BUCHAREST", "BUCURESTI", "SOFIA", "TALLINN", "RIGA", "VILNIUS", "REYKJAVIK", "VALLETTA",
  // More of the United Kingdom, Ireland and Canada
  "WOLVERHAMPTON", "STOKE", "SUNDERLAND", "PRESTON", "BOLTON", "BLACKPOOL", "BOURNEMOUTH", "PETERBOROUGH",
  "IPSWICH", "LUTON", "SLOUGH", "GLOUCESTER", "CHELTENHAM", "INVERNESS", "STIRLING", "DERRY", "WATERFORD",
  "KILKENNY", "LONDONDERRY", "GUILDFORD", "CANTERBURY", "CHESTER", "LINCOLN", "HULL", "WAKEFIELD", "BRADFORD",
  "HUDDERSFIELD", "MIDDLESBROUGH", "LAVAL", "GATINEAU", "LONGUEUIL", "BURNABY", "RICHMOND HILL", "OAKVILLE",
  "KELOWNA", "LONDON ON", "WINDSOR", "SHERBROOKE", "ST JOHNS", "MONCTON", "FREDERICTON", "CHARLOTTETOWN",
  // Australia and New Zealand
  "SYDNEY", "MELBOURNE", "BRISBANE", "PERTH", "ADELAIDE", "CANBERRA", "AUCKLAND", "WELLINGTON", "GOLD COAST",
  "NEWCASTLE", "WOLLONGONG", "GEELONG", "HOBART", "DARWIN", "TOWNSVILLE", "CAIRNS", "PARRAMATTA", "CHRISTCHURCH",
  "HAMILTON", "TAURANGA", "DUNEDIN", "QUEENSTOWN",
];

const regionSet = new Set([...REGIONS.split(" "), ...COUNTRIES3.split(" "), "US", "UK"]);
const placePhrases = new Set([...COUNTRY_NAMES, ...CITIES]);
const longestPhrase = Math.max(...[...placePhrases].map((p) => p.split(" ").length));

/** A two- or three-letter region or country code: a state, a province, a country. */
export const isRegionCode = (word: string) => regionSet.has(word) || COUNTRY_CODES.has(word);

/**
 * How many words at `start` of `words` name a place: a city or country, whole or (unless `cut` is false) cut short as
 * banks cut them ("SAN FRANCISC"), or (unless `codes` is false) a region code. 0 when none does.
 */
export function placeLength(words: string[], start: number, { cut = true, codes = true }: { cut?: boolean; codes?: boolean } = {}): number {
  const known = (phrase: string) => placePhrases.has(phrase) || (cut && phrase.length >= 7 && truncatedPlace(phrase));
  // A German or Nordic city with its umlauts written out ("ZUERICH", "MUENCHEN") is the city.
  const isPlace = (phrase: string) => {
    const plain = phrase.replace(/(?<=[A-Z])([AOU])E/g, "$1");
    return known(phrase) || (plain !== phrase && known(plain));
  };
  for (let n = Math.min(longestPhrase, words.length - start); n >= 1; n--) {
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
    if (phrase.length >= 5 && COUNTRY_NAMES.some((c) => c.startsWith(phrase))) return n;
  }
  return 0;
}

// Banks cut the city column short; a cut of seven letters or more is unambiguous enough to accept.
const placeList = [...placePhrases];
const truncatedPlace = (phrase: string) => placeList.some((p) => p.length > phrase.length && p.startsWith(phrase));
