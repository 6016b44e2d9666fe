// Turns what is left of a descriptor into a display name. Descriptors arrive in one letter case, so the result can
// only guess at the brand's own spelling; the corpus fixes that where it knows the name (corpus-match.ts).

const SMALL_WORDS = new Set(["and", "of", "the", "at", "on", "in", "for", "to", "de", "la", "du", "a", "an", "or"]);
/** Kept upper case: they are read letter by letter. */
const ACRONYMS = new Set(["usa", "uk", "atm", "llc"]);

/** Punctuation banks use as separators, and leftover separators at either end, out; words title-cased. */
export function tidyName(text: string): string {
  const cleaned = text
    .replace(/[*_|~^<>{}[\]\\]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s\-.,:;/]+|[\s\-.,:;/]+$/g, "");
  return titleCase(cleaned);
}

export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(" ")
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : ACRONYMS.has(word) ? word.toUpperCase() : capitalise(word)))
    .join(" ");
}

// Capitalise after word starts, hyphens, slashes and dots: "seven-eleven" → "Seven-Eleven", "joe's" → "Joe's".
const capitalise = (word: string) => word.replace(/(^|[-/.&])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
