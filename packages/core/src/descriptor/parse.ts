// A card descriptor taken apart: bank noise out, the platform prefix split off, the printed domain found, and the
// merchant words left for the corpus and for a display name.
import { merchantWords, skippableLength } from "./corpus-match.ts";
import { nameKey } from "./name-key.ts";
import { achReceiver, unwrapEnvelope } from "./envelope.ts";
import { namesNobody, NUMBER_MARK, stripNoise, unmark } from "./noise.ts";
import { splitTransfer } from "./people.ts";
import { placeLength } from "./places.ts";
import { splitPlatform, type Platform, type PlatformPrefix } from "./platforms.ts";
import { printedDomain, type PrintedDomain } from "./printed-domain.ts";
import { tidyName } from "./tidy.ts";

export type ParsedDescriptor = {
  /** Upper case, the ACH envelope opened, bank noise removed. */
  text: string;
  platform: Platform | null;
  /** The text that names the merchant (or the other party): after the platform prefix and any transfer phrase. */
  merchant: string;
  /** A transfer phrase ("ONLINE TRANSFER TO") or a P2P rail's prefix preceded `merchant`. */
  transfer: boolean;
  /** `merchant` as words for the corpus, NUMBER_MARK where a store or reference number stood. */
  words: string[];
  /** The words before a star inside the merchant text ("ADOBE" of "ADOBE *ACROPRO"), which may name the biller. */
  head: string[] | null;
  /** A domain printed in the merchant text. */
  domain: PrintedDomain | null;
  /** The merchant text tidied into a display name, the trailing place left out. */
  name: string;
  /**
   * The platform bills for itself: nothing but numbers, places and billing words follows its prefix, and it sells
   * itself or prints its own name or address there ("AMZN MKTP US*2K4L5", "SHOPIFY* 2145879 SHOPIFY.COM/CH ON"; not
   * "PATREON* MEMBERSHIP", where the creator is not printed).
   */
  platformSells: boolean;
};

export function parseDescriptor(raw: string, prefixes: PlatformPrefix[]): ParsedDescriptor {
  // Brackets only group ("PAYPAL (EUROPE)", "BELL CANADA (OB)"), and an underscore only separates ("PILOT_00412",
  // "ZETTLE_*"); their words stay.
  const upper = raw.toUpperCase().replace(/[()_]/g, " ").replace(/\s+/g, " ").trim();
  const marked = stripNoise(unwrapEnvelope(upper, (name) => splitPlatform(name, prefixes) !== null));
  const split = platformAfterNobody(marked, prefixes);
  const p2p = split?.platform.kind === "p2p";
  // A wallet that also moves money between people ("TWINT AN LUKAS MEIER") says so with a direction word.
  const wallet = split?.platform.kind === "wallet";
  // A P2P rail's ACH debit names the other party in its receiver field, not after the rail's name.
  const receiver = p2p && !unmark(split.rest).trim() ? achReceiver(upper) : null;
  const { transfer, rest } = splitTransfer(receiver ?? (split ? ownPlus(split.rest, split.platform) : marked), p2p ? "p2p" : wallet ? "wallet" : null);
  const merchant = unmark(rest);
  const words = merchantWords(rest);
  const star = rest.indexOf("*");
  const text = unmark(marked);
  return {
    text,
    platform: split?.platform ?? null,
    merchant,
    transfer,
    words,
    head: star > 0 ? merchantWords(rest.slice(0, star)) : null,
    domain: printedDomain(merchant),
    name: displayName(words.filter((w) => w !== NUMBER_MARK)) || (split ? split.platform.name : tidyName(text || upper)),
    platformSells: split !== null && platformSells(words, split.platform),
  };
}

/** How many words before a platform's prefix may name nobody: a terminal's code, a town ("AT D4 SUMUP *HEURIGER"). */
const MAX_BEFORE_PLATFORM = 3;

/**
 * The platform whose prefix starts the descriptor, or follows words that name nobody: a number left before it
 * ("CHECKCARD 1112 SQ *JOES"), a terminal's code ("AT D4 SUMUP *HEURIGER ZUM FASS"), a code of the platform's own
 * before its name ("GH *GRUBHUB SWEETGREEN").
 */
function platformAfterNobody(marked: string, prefixes: PlatformPrefix[]) {
  const tokens = marked.split(" ");
  for (let skip = 0; skip <= MAX_BEFORE_PLATFORM && skip < tokens.length; skip++) {
    const skipped = skip ? merchantWords(tokens[skip - 1]) : [];
    if (skipped.length && !skippableLength(skipped, 0)) return null;
    // After skipped words only a prefix printed with its star: "JS TAKEAWAY LEICESTER" is a takeaway, not Takeaway.com.
    if (skip && !tokens.slice(skip, skip + 2).some((t) => t.includes("*"))) continue;
    const split = splitPlatform(tokens.slice(skip).join(" ").replace(/^[\s#,;:.*-]+/, ""), prefixes);
    if (split) return split;
  }
  return null;
}

function platformSells(words: string[], platform: Platform): boolean {
  let own = false;
  let city = false;
  for (let i = 0; i < words.length; ) {
    const word = words[i];
    if (isPlatformsOwn(word, platform) || MEMBERSHIPS.has(word)) own = true;
    else if (!namesNobody(word)) {
      // Anything else must be a place, or the descriptor names someone.
      const place = placeLength(words, i, { cut: false });
      if (!place) return false;
      city ||= placeLength(words, i, { cut: false, codes: false }) > 0;
      i += place;
      continue;
    }
    i++;
  }
  // A city alone after a payment company's prefix is where it bills from ("SHOPIFY* 219874563 OTTAWA ON"); a wallet
  // or a P2P rail with no name after it moved money, and sold nothing.
  return platform.sellsItself || own || (city && !PASS_THROUGH.has(platform.kind));
}

const PASS_THROUGH = new Set(["wallet", "p2p"]);

/** The platform's own name, address or membership is printed after its prefix ("DELIVEROO PLUS", "SHOPIFY.COM"). */
export const printsPlatformsOwn = (words: string[], platform: Platform) => words.some((w) => isPlatformsOwn(w, platform) || MEMBERSHIPS.has(w));

/** The platform's membership named by its name, or the name's beginning, and a plus ("SKIPTHEDISHES SKIP+"): its PLUS. */
const ownPlus = (rest: string, platform: Platform) =>
  rest.replace(/\b([A-Z]{3,})\+(?=\s|$)/g, (plus, name: string) => (nameKey(platform.name.toUpperCase()).startsWith(nameKey(name)) ? "PLUS" : plus));

/** The names platforms give their memberships ("DELIVEROO PLUS", "GLOVO PRIME", "UBER ONE", "DOORDASH DASHPASS"). */
const MEMBERSHIPS = new Set([
  "PLUS", "PRIME", "ONE", "PASS", "DASHPASS", "UNLIMITED", "MEDLEMSKAB", "MEDLEMSKAP", "MITGLIEDSCHAFT", "ABONNEMENT", "ABO",
]);

/** The platform's own name or address, printed after its prefix. */
function isPlatformsOwn(word: string, platform: Platform): boolean {
  const key = nameKey(word.replace(/^WWW\d?\./, ""));
  return key === nameKey(platform.name.toUpperCase()) || key.startsWith(nameKey(platform.domain.toUpperCase()));
}

/**
 * "JOES PIZZA BROOKLYN NY" → "Joes Pizza": the place a bank appends is not part of the name, nor is a web address
 * printed beside the name ("WWW.YELP.COM BISTRO" → "Bistro"); an address alone stays, without "www.".
 */
function displayName(merchantWords: string[]): string {
  // A branch joined with a slash reads as a word apart ("MONOPRIX/OPERA" → "Monoprix Opera").
  const words = merchantWords.flatMap((w) => (/[A-Z]\/[A-Z]/.test(w) ? w.split("/") : [w]));
  const isAddress = (w: string) => /^(?:WWW\d?\.)?[A-Z0-9-]+(?:\.[A-Z0-9-]+)+$/.test(w) && /[A-Z]{2,}$/.test(w);
  const named = words.filter((w) => !isAddress(w));
  const kept = named.length ? named : words.map((w) => w.replace(/^WWW\d?\./, ""));
  for (let cut = trailingPlace(kept); cut > 0 && cut < kept.length; cut = trailingPlace(kept)) kept.splice(kept.length - cut);
  return tidyName(kept.join(" "));
}

/** How many words at the end of `words` name a place (a state, then a city before it, are cut one at a time). */
function trailingPlace(words: string[]): number {
  for (let start = Math.max(1, words.length - 4); start < words.length; start++) {
    if (placeLength(words, start) === words.length - start) return words.length - start;
  }
  return 0;
}
