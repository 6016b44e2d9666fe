// A merchant's own domain printed in the descriptor: "NETFLIX.COM", "AMAZON.COM*2K4L54JQ0", "HELP.UBER.COM".
import { parse } from "tldts";

const CANDIDATE = /(?:[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?\.)+[A-Z]{2,}/g;

/** The registrable domain of the first domain-shaped word with a real public suffix, lower case; null when none. */
export function printedDomain(upper: string): string | null {
  for (const [match] of upper.matchAll(CANDIDATE)) {
    const info = parse(match.toLowerCase(), { allowPrivateDomains: false });
    // "ST.LOUIS" or "J.CREW" have no ICANN suffix; "CO.UK" alone has no registrable part.
    if (info.isIcann && info.domain && !info.isIp) return info.domain;
  }
  return null;
}
