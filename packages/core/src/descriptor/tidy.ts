// Turns a raw card descriptor into a display name: bank noise out, words title-cased. Descriptors arrive in one
// letter case, so the result can only guess at the brand's own spelling (the corpus fixes that where it knows).

const NOISE: RegExp[] = [
  /\b(?:PURCHASE|PMNT|PAYMENT)\s+AUTHORI[ZS]ED\s+ON\s+\d{1,2}\/\d{1,2}\b/gi,
  /\b(?:DEBIT|CREDIT)\s+CARD\s+(?:PURCHASE|PAYMENT)\b/gi,
  /\bCHECKCARD\s+\d{4}\b/gi,
  /\b(?:POS|PIN|VISA|MC|DEBIT|RECURRING|PURCHASE|PAYMENT|TRANSACTION|CARD|CONTACTLESS)\b/gi,
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g, // dates
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\+?\d[\d\s().-]{8,}\d/g, // phone numbers
  /#\s*\d+/g, // store numbers
  /\b[X*]{2,}\d{2,}\b/gi, // masked card numbers
  /\b(?=[A-Z]*\d)[A-Z0-9]{6,}\b/gi, // reference codes mixing letters and digits
  /\b\d{3,}\b/g, // long numbers
];

const SMALL_WORDS = new Set(["and", "of", "the", "at", "on", "in", "for", "to", "de", "la", "du"]);

export function tidyDescriptor(raw: string): string {
  let text = ` ${raw} `;
  for (const pattern of NOISE) text = text.replace(pattern, " ");
  text = text
    .replace(/[*_|~^<>{}[\]\\]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s\-.,:;/]+|[\s\-.,:;/]+$/g, "");
  return titleCase(text || raw.trim().replace(/\s+/g, " "));
}

export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(" ")
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : capitalise(word)))
    .join(" ");
}

// Capitalise after word starts and apostrophes-less hyphens: "mcdonald's" → "Mcdonald's", "seven-eleven" → "Seven-Eleven".
const capitalise = (word: string) => word.replace(/(^|[-/.&])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
