// Text with letters beyond ASCII as banks print it: most statements carry ASCII only ("ÖBB" → "OBB" or "OEBB").

/** Text with no letter beyond ASCII: it needs no folding. */
export const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

/** Every mark dropped, and the letters that are no base letter with a mark written as ASCII ("Hjärtat" → "Hjartat"). */
export const withoutMarks = (text: string) =>
  text
    .replace(/ß/g, "ss")
    .replace(/[Ææ]/g, (c) => (c === "Æ" ? "Ae" : "ae"))
    .replace(/[Øø]/g, (c) => (c === "Ø" ? "O" : "o"))
    .replace(/[Łł]/g, (c) => (c === "Ł" ? "L" : "l"))
    .normalize("NFD")
    .replace(/\p{M}/gu, "");

const UMLAUTS: Record<string, string> = { Ä: "Ae", ä: "ae", Ö: "Oe", ö: "oe", Ü: "Ue", ü: "ue" };

/** German umlauts written out ("ÖBB" → "OeBB"), then every other mark dropped. */
export const withUmlautsSpelled = (text: string) => withoutMarks(text.replace(/[ÄäÖöÜü]/g, (c) => UMLAUTS[c]));
