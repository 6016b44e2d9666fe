// Writes packages/core/src/descriptor/business-kinds.json: the words statements' languages name a kind of shop,
// restaurant or practice by ("BÄCKEREI", "FIETSWINKEL", "KAHVILA", "BREWPUB"), so that a brand's name followed by one
// is read as another business named after it ("THE WAREHOUSE BREW", "ROSSMANN MALERBETRIEB"), never the brand.
// Source (a devDependency, pinned, so the list can be rebuilt): `@openstreetmap/id-tagging-schema`, the presets of
// OpenStreetMap's editors (ISC): each shop's, eatery's and practice's name and aliases, translated into the languages
// of our markets. One word each, folded to ASCII, four letters or more; given names left out (a person's name after a
// brand is read elsewhere), and crafts too (their names are trades' and surnames: SCHNEIDER, CARPENTER).
import { readFileSync, writeFileSync } from "node:fs";
import { withoutMarks } from "../packages/core/src/descriptor/ascii.ts";
import given from "../packages/core/src/descriptor/given-names.json" with { type: "json" };

const schemaDir = new URL("../node_modules/@openstreetmap/id-tagging-schema/", import.meta.url);
const version = JSON.parse(readFileSync(new URL("package.json", schemaDir), "utf8")).version;
const LANGUAGES = ["en", "en-GB", "en-AU", "en-CA", "en-NZ", "en-IE", "de", "de-AT", "de-CH", "fr", "es", "it", "nl", "pl", "pt", "sv", "da", "nb", "fi"];

/** The presets a card is paid at: every shop, and the eateries, practices and services people pay for. */
const PAID_AT =
  /^(?:shop\/[a-z_]+|healthcare\/[a-z_]+|amenity\/(?:restaurant|cafe|bar|pub|fast_food|ice_cream|biergarten|food_court|pharmacy|dentist|doctors|veterinary|clinic|driving_school|language_school|music_school|dancing_school|car_wash|cinema|theatre|nightclub|casino|internet_cafe|childcare|kindergarten|bureau_de_change|money_transfer|hookah_lounge|stripclub)|leisure\/(?:fitness_centre|dance|escape_game|sauna|tanning_salon|amusement_arcade|hackerspace)|tourism\/(?:hotel|hostel|guest_house|motel|camp_site|caravan_site))$/;

/** The formats a chain's own stores trade as ("TESCO SUPERMARKET", "COOP KONSUM", "VARUHUS"), and any shop ("LOJA"). */
const CHAINS_FORMATS = new Set(["shop/yes", "shop/mall", "shop/department_store", "shop/supermarket", "shop/variety_store", "shop/general", "shop/wholesale", "shop/convenience"]);
/** A guest house's German word is a pension's too, which insurers bill ("AVIVA PENSION"). */
const NOT_A_KIND = new Set(["PENSION"]);

const givenNames = new Set(given.names.split("|"));
const words = new Set();
for (const language of LANGUAGES) {
  const file = JSON.parse(readFileSync(new URL(`dist/translations/${language}.json`, schemaDir), "utf8"));
  const presets = Object.values(file)[0].presets?.presets ?? {}; // a regional file holds only what differs
  for (const [id, preset] of Object.entries(presets)) {
    if (!PAID_AT.test(id) || CHAINS_FORMATS.has(id)) continue;
    for (const name of [preset.name ?? "", ...(preset.aliases ?? [])]) {
      const word = withoutMarks(name.trim()).toUpperCase();
      if (/^[A-Z]{4,}$/.test(word) && !givenNames.has(word) && !NOT_A_KIND.has(word)) words.add(word);
    }
  }
}
const out = new URL("../packages/core/src/descriptor/business-kinds.json", import.meta.url);
writeFileSync(out, `${JSON.stringify({ source: `OpenStreetMap iD presets via @openstreetmap/id-tagging-schema ${version}, ISC`, words: [...words].sort().join("|") })}\n`);
console.log(`${words.size} words for kinds of business → ${out.pathname}`);
