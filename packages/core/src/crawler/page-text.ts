// Page text: entity decoding, cleaning and truncation, and the brand part of a <title>.
import { getDomainWithoutSuffix } from "tldts";

/** Characters a brand name keeps at most. */
export const MAX_NAME_CHARS = 200;

const GENERIC_TITLE_PARTS = new Set(
  ["home", "homepage", "home page", "welcome", "index", "start", "startseite", "accueil", "inicio", "main page", "official site", "official website", "site officiel", "untitled", "default"],
);

/**
 * The brand part of a <title>: split on " | ", " - ", " – ", " — ", " · ", " • ", " » " and ": ", then the part that
 * matches the domain's name ("Acme" on acme.com), else the shortest that reads like a name, else the first.
 */
export function brandFromTitle(title: string | null, domain: string): string | null {
  if (!title) return null;
  const parts = title
    .split(/\s+[|\-–—·•»]\s+|:\s+|\s+::\s+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length <= 1) return truncate(title, MAX_NAME_CHARS);
  const sensible = parts.filter((p) => /\p{L}|\p{N}/u.test(p) && !GENERIC_TITLE_PARTS.has(p.toLowerCase()));
  const label = squash(domainLabel(domain));
  if (label.length >= 2) {
    const scored = sensible
      .map((part, index) => {
        const p = squash(part);
        const rank = p === label ? 0 : p.includes(label) ? 1 : p.length >= 3 && label.startsWith(p) ? 2 : -1;
        return { part, rank, index };
      })
      .filter((s) => s.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.part.length - b.part.length || a.index - b.index);
    if (scored.length > 0) return truncate(scored[0].part, MAX_NAME_CHARS);
  }
  const shortest = sensible.filter((p) => p.length >= 2 && p.length <= 60).sort((a, b) => a.length - b.length)[0];
  return truncate(shortest ?? parts[0], MAX_NAME_CHARS);
}

export function domainLabel(domain: string): string {
  const host = domain.toLowerCase().replace(/^www\./, "");
  try {
    return getDomainWithoutSuffix(host) ?? host.split(".")[0];
  } catch {
    return host.split(".")[0];
  }
}

/** Lower case, accents dropped, letters and digits only: "Café-Crème" → "cafecreme". */
export function squash(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** Entities decoded, tags removed, whitespace collapsed, at most `max` characters; null when nothing is left. */
export function cleanText(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  const text = decodeEntities(value.slice(0, max * 8))
    .replace(/<\/?[a-z!][^>]*>/gi, " ")
    .replace(/[\s\u0000-\u001f\u007f\u200b\ufeff]+/g, " ")
    .trim();
  return text ? truncate(text, max) : null;
}

/** At most `max` code points, cut at a word boundary with an ellipsis when it has to be cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// Named references: the Latin-1 set (in code point order from U+00A0) and the typographic ones pages use.
const LATIN1_NAMES =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";
const NAMED: Record<string, number> = {
  amp: 38, lt: 60, gt: 62, quot: 34, apos: 39, ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a,
  ldquo: 0x201c, rdquo: 0x201d, bdquo: 0x201e, hellip: 0x2026, bull: 0x2022, trade: 0x2122, euro: 0x20ac, dagger: 0x2020,
  Dagger: 0x2021, permil: 0x2030, lsaquo: 0x2039, rsaquo: 0x203a, OElig: 0x152, oelig: 0x153, Scaron: 0x160, scaron: 0x161,
  Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc, ensp: 0x2002, emsp: 0x2003, thinsp: 0x2009, zwnj: 0x200c, zwj: 0x200d,
  lrm: 0x200e, rlm: 0x200f, prime: 0x2032, Prime: 0x2033, larr: 0x2190, rarr: 0x2192, star: 0x2606, check: 0x2713,
};
LATIN1_NAMES.split(" ").forEach((name, i) => (NAMED[name] = 0xa0 + i));
// Numeric references to C1 controls mean the windows-1252 characters (HTML's parse rule).
const C1 = [0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178];
const BARE_OK = new Set(["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"]);

export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}))(;?)/g,
    (match: string, dec: string | undefined, hex: string | undefined, name: string | undefined, semi: string, offset: number, whole: string) => {
      if (name !== undefined) {
        const code = NAMED[name];
        // A bare "&copy" is decoded, as browsers do, but not in "?a=1&copy=2".
        const bareOk = BARE_OK.has(name) && whole[offset + match.length] !== "=";
        return code !== undefined && (semi || bareOk) ? String.fromCodePoint(code) : match;
      }
      let code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      if (code >= 0x80 && code <= 0x9f) code = C1[code - 0x80];
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(code);
    },
  );
}
