// Whether a word is a common word of a language our statements are in (scripts/build-common-words.mjs names the
// sources): a business is often named with one after a brand's word ("FRONTIER FEED & SEED", "PATAGONIA TOURS"), a
// branch or suburb seldom ("SUPERVALU RATHMINES", "MCDONALDS CHADSTONE").
import lists from "./common-words.json" with { type: "json" };

let english: Set<string> | null = null;
let other: Set<string> | null = null;
let short: Set<string> | null = null;

/** A common English word (`word` as a descriptor prints it: upper case, ASCII). Built on first use, once an isolate. */
export function isCommonEnglishWord(word: string): boolean {
  english ??= new Set(lists.english.split(" "));
  return english.has(word.toLowerCase());
}

/** A common word of English or of the other languages of the statements we read. */
export function isCommonWord(word: string): boolean {
  other ??= new Set(lists.other.split(" "));
  return isCommonEnglishWord(word) || other.has(word.toLowerCase());
}

/** A common word of two or three letters of any language we read ("BAY", "TOP", "DEL"): not a code. */
export function isShortWord(word: string): boolean {
  short ??= new Set(lists.short.split(" "));
  return short.has(word.toLowerCase());
}
