// Writes seed/merchants-chains.json: the chains of shops, restaurants, fuel stations, hotels and services that trade in
// the markets our statements come from and that the hand-written merchant files do not hold, each with its official
// site. Card statements name such chains every day ("ROSSMANN 2231", "TIM HORTONS #4410"); a chain the corpus lacks is
// the commonest reason a big brand goes unnamed on a descriptor the engine has never seen.
// Sources (a devDependency, pinned, so the list can be rebuilt): `name-suggestion-index` on npm, OpenStreetMap's index
// of the names chains trade under, by kind of business and country (BSD-3-Clause), and the Wikidata facts it ships
// with each chain (its item's official website, P856, and its description; CC0).
// Kept, so that the names the engine learns stay a chain's and never a local shop's or a person's: a chain of a kind
// card statements show (the table below), in one of our markets, with exactly one official site no corpus brand
// holds and no other chain of the index shares; its name written in Latin letters, four letters or more, not one
// common word of our languages, not a given name or a town of any of our markets, and not already a name or alias of the
// corpus (the verified brand keeps it).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { getDomain } from "tldts";
import { withoutMarks } from "../packages/core/src/descriptor/ascii.ts";
import { isServiceLine, namesBusiness } from "../packages/core/src/descriptor/after-name.ts";
import { isCommonWord, isShortWord } from "../packages/core/src/descriptor/common-words.ts";
import { leadingKeys, nameKey } from "../packages/core/src/descriptor/name-key.ts";
import { countryOfPlace, townLength } from "../packages/core/src/descriptor/places.ts";
import given from "../packages/core/src/descriptor/given-names.json" with { type: "json" };

// The package exports none of its data files: read them from its folder.
const nsiDir = new URL("../node_modules/name-suggestion-index/", import.meta.url);
const readNsi = (path) => JSON.parse(readFileSync(new URL(path, nsiDir), "utf8"));
const nsiVersion = readNsi("package.json").version;
const { nsi } = readNsi("dist/json/nsi.min.json");
const { wikidata } = readNsi("dist/wikidata/wikidata.min.json");

const MARKETS = new Set("US CA GB IE AU NZ DE FR NL ES IT BE AT CH SE NO DK FI PT PL LU".split(" "));

/** The index's kinds of business card statements show, as our merchant categories (first match wins). */
const KINDS = [
  [/^shop\/(supermarket|convenience|bakery|butcher|greengrocer|deli|beverages|alcohol|wine|pastry|confectionery|frozen_food|health_food|seafood|cheese|coffee|tea|chocolate|food|farm)$/, "grocery"],
  [/^(amenity\/pharmacy|shop\/chemist|healthcare\/pharmacy)$/, "pharmacy"],
  [/^amenity\/(fast_food|restaurant|cafe|ice_cream|pub|bar|food_court|biergarten)$/, "restaurant"],
  [/^amenity\/(fuel|charging_station)$/, "fuel_convenience"],
  [/^(tourism\/(hotel|motel|hostel|guest_house)|amenity\/car_rental|shop\/travel_agency)$/, "travel"],
  [/^amenity\/(parking|bicycle_rental|boat_rental)$/, "transport"],
  [/^(amenity\/(cinema|theatre|casino)|leisure\/(bowling_alley|amusement_arcade|water_park|escape_game)|tourism\/theme_park|shop\/(lottery|bookmaker))$/, "entertainment"],
  [/^shop\/(mobile_phone|telecommunication)$/, "telecom"],
  [/^amenity\/post_office$/, "postal"],
  [/^(leisure\/(fitness_centre|sports_centre)|shop\/(hairdresser|beauty|car_repair|tyres|dry_cleaning|laundry|copyshop|storage_rental|optician)|amenity\/(car_wash|veterinary)|office\/insurance)$/, "services"],
  [/^shop\/(?!car$|vacant$|money_lender$|pawnbroker$|funeral_directors$)[a-z_]+$/, "retail"],
];
const categoryOf = (kind) => KINDS.find(([pattern]) => pattern.test(kind))?.[1] ?? null;

/** The index's public transport networks, by the kinds of route they run: fares and passes are bought from them. */
const TRANSIT = /^transit\/route\/(bus|trolleybus|tram|subway|light_rail|train|ferry)$/;

/** A location set's country: "de", or a region's file of it ("us-wa.geojson"); none for "001" or coordinates. */
const countryOfLocation = (location) => /^([a-z]{2})(?:-[a-z0-9]+\.geojson)?$/i.exec(String(location))?.[1].toUpperCase() ?? null;

const printed = (name) => withoutMarks(name).toUpperCase().replace(/\s+/g, " ").trim();

/** Every domain and name key the hand-written corpus holds: those stay its own. */
const seedDir = new URL("../seed/", import.meta.url);
const heldDomains = new Set();
const heldKeys = new Set();
/** A held name and each run of its first words ("KMART" of "Kmart Australia"): the engine reads a brand by those too. */
const holdName = (name) => leadingKeys(printed(name)).forEach((key) => heldKeys.add(key));
for (const file of readdirSync(seedDir).filter((f) => /^(brands|merchants)-.*\.json$/.test(f) && f !== "merchants-chains.json")) {
  for (const brand of JSON.parse(readFileSync(new URL(file, seedDir), "utf8"))) {
    for (const d of [brand.domain, ...(brand.domains ?? [])]) heldDomains.add(d);
    for (const name of [brand.name, ...(brand.aliases ?? [])]) holdName(name);
  }
}
for (const entry of JSON.parse(readFileSync(new URL("aliases.json", seedDir), "utf8"))) {
  for (const name of entry.aliases) holdName(name);
}
for (const platform of JSON.parse(readFileSync(new URL("platforms.json", seedDir), "utf8"))) heldDomains.add(platform.domain);

const givenNames = new Set(given.names.split("|"));

const ARTICLES = new Set(["THE", "LE", "LA", "LES", "EL", "IL", "LO", "DIE", "DER", "DAS", "DE", "HET"]);

/** A web address's ending in one of our markets, or a generic one ("FIETSENWINKEL.NL", "COMMUTE.ORG"; not "MR.DIY"). */
const ADDRESS_END = new RegExp(`\\.(?:COM|NET|ORG|EU|${[...MARKETS].join("|")}|UK)$`);

/** A name a statement could print for this chain alone (see the head of this file). */
function chainName(name) {
  const upper = printed(name);
  if (!/^[A-Z0-9][A-Z0-9 &'.+!-]*$/.test(upper)) return null;
  const words = upper.split(/[\s-]+/).map((w) => w.replace(/[^A-Z0-9]/g, "")).filter(Boolean);
  const key = nameKey(upper);
  if (key.replace(/[^a-z]/g, "").length < 4 || heldKeys.has(key)) return null;
  // The word a statement reads first (after an article) is the chain's own: a truncated "PIZZERIA DA MARIO" or
  // "OTTOS WURSTBUDE" must not find "Pizzeria 105" or "Otto's".
  // A chain named after its address is read by the address's name ("FIETSENWINKEL" of Fietsenwinkel.nl).
  const opening = upper.split(/[\s-]+/).map((w) => w.replace(ADDRESS_END, "").replace(/[^A-Z0-9]/g, "")).filter(Boolean);
  const first = ARTICLES.has(opening[0]) && opening.length > 1 ? opening[1] : opening[0];
  if (first.length < 3 || isCommonWord(first) || isShortWord(first) || namesBusiness(first) || isServiceLine(first)) return null;
  if (givenNames.has(first) || givenNames.has(first.replace(/S$/, ""))) return null;
  // "FRISCO" is a Polish grocer and a town of Texas whose name follows "LOWES #01735".
  if ([...MARKETS].some((m) => townLength(words, 0, m) === words.length) || countryOfPlace(words.join(" "))) return null;
  return upper;
}

/** The chain's one official site, bare; null for none, several, or a host that is no site of its own. */
function siteOf(qid) {
  const sites = wikidata[qid]?.officialWebsites ?? [];
  const domains = new Set(sites.map((url) => { try { return getDomain(new URL(url).hostname); } catch { return null; } }));
  if (domains.size !== 1) return null;
  const [domain] = domains;
  return domain && !heldDomains.has(domain) ? domain : null;
}

/**
 * Each chain of the index (a Wikidata item): its names, kinds of business statements show and our markets it trades in
 * as those; and all our markets it trades in, and whether it trades worldwide ("001"), as anything.
 */
const chains = new Map();
for (const [path, { items }] of Object.entries(nsi)) {
  const transit = TRANSIT.test(path);
  if (!path.startsWith("brands/") && !transit) continue;
  const kind = path.slice(path.indexOf("/") + 1);
  const category = transit ? "transport" : categoryOf(kind);
  for (const item of items) {
    // A network is known by its own item; its operator's name is another company's ("VBB" is run by "BVG").
    const [qid, own] = transit
      ? item.tags["network:wikidata"] ? [item.tags["network:wikidata"], item.tags.network] : [item.tags["operator:wikidata"], item.tags.operator]
      : [item.tags["brand:wikidata"], item.tags.brand];
    if (!qid) continue;
    const include = item.locationSet.include ?? [];
    const places = include.map(countryOfLocation).filter((c) => c && MARKETS.has(c));
    const chain = chains.get(qid) ?? { qid, names: [], categories: new Set(), kinds: new Set(), markets: new Set(), trades: new Set(), world: false };
    chain.world ||= include.includes("001");
    for (const m of places) chain.trades.add(m);
    if (category) {
      for (const m of places) chain.markets.add(m);
      chain.names.push(item.displayName, own, ...(item.matchNames ?? []));
      chain.categories.add(category);
      chain.kinds.add(kind);
    }
    chains.set(qid, chain);
  }
}

const rows = [];
for (const chain of chains.values()) {
  if (chain.categories.size === 0 || chain.markets.size === 0) continue;
  const domain = siteOf(chain.qid);
  if (!domain) continue;
  const markets = [...chain.markets].sort();
  const names = [...new Set(chain.names.filter(Boolean).map(chainName).filter(Boolean))];
  if (names.length === 0) continue;
  const [first] = chain.names;
  const name = chainName(first) ? first.trim() : names[0];
  const about = wikidata[chain.qid].description;
  rows.push({
    name,
    domain,
    aliases: names.filter((n) => n !== printed(name)),
    description: about ? `${name}: ${about}.` : `${name}, a chain trading in ${markets.join(", ")}.`,
    colors: [],
    socials: {},
    popularity: 24,
    icon: null,
    wordmark: null,
    domains: [],
    listings: [],
    isins: [],
    country: markets.length === 1 ? markets[0] : null,
    category: [...chain.categories][0],
    source: `name-suggestion-index ${nsiVersion} (${[...chain.kinds].sort().join(", ")}); official website from Wikidata ${chain.qid}`,
  });
}

// A site or a name two chains of the index share names neither for certain.
const count = (values) => values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map());
const domainCount = count(rows.map((r) => r.domain));
const keyCount = count(rows.flatMap((r) => [...new Set([r.name, ...r.aliases].map((n) => nameKey(n.toUpperCase())))]));
const kept = rows
  .filter((r) => domainCount.get(r.domain) === 1)
  .map((r) => ({ ...r, aliases: r.aliases.filter((a) => keyCount.get(nameKey(a)) === 1) }))
  .filter((r) => keyCount.get(nameKey(r.name.toUpperCase())) === 1)
  .sort((a, b) => a.domain.localeCompare(b.domain));

writeFileSync(new URL("merchants-chains.json", seedDir), `${JSON.stringify(kept, null, 2)}\n`);
console.log(`${kept.length} chains → seed/merchants-chains.json`);

// The hand-written merchants the index shows trading in several of our markets, or worldwide: a plain-worded name of
// theirs met abroad is still theirs ("LUSH-LYON", "FLYING TIGER UTRECHT"), so their market is none (validate.ts).
const sites = new Map();
for (const chain of chains.values()) {
  for (const url of wikidata[chain.qid]?.officialWebsites ?? []) {
    let domain = null;
    try { domain = getDomain(new URL(url).hostname); } catch { continue; }
    if (domain && (chain.world || chain.trades.size > 1)) sites.set(domain, chain);
  }
}
const handWritten = readdirSync(seedDir)
  .filter((f) => /^merchants-.*\.json$/.test(f) && f !== "merchants-chains.json")
  .flatMap((file) => JSON.parse(readFileSync(new URL(file, seedDir), "utf8")));
// The index may give a merchant's country site where the corpus keeps its global one (blablacar.fr, blablacar.com).
const chainOf = (merchant) => [merchant.domain, ...(merchant.domains ?? [])].map((d) => sites.get(d)).find(Boolean);
const traded = handWritten
  .filter((merchant) => chainOf(merchant))
  .map((merchant) => {
    const chain = chainOf(merchant);
    return { domain: merchant.domain, markets: chain.world ? ["001"] : [...chain.trades].sort(), source: `name-suggestion-index ${nsiVersion}, Wikidata ${chain.qid}` };
  })
  .sort((a, b) => a.domain.localeCompare(b.domain));
writeFileSync(new URL("merchant-markets.json", seedDir), `${JSON.stringify(traded, null, 1)}\n`);
console.log(`${traded.length} hand-written merchants trade in several markets → seed/merchant-markets.json`);
