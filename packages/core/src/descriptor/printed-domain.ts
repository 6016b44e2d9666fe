// A merchant's own domain printed in the descriptor: "NETFLIX.COM", "AMAZON.COM*2K4L54JQ0", "HELP.UBER.COM".
import { parse } from "tldts";

const CANDIDATE = /(?:[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?\.)+[A-Z]{2,}/g;

export type PrintedDomain = { host: string; domain: string };

/** The first domain-shaped word with a real public suffix: its host and registrable domain, lower case. */
export function printedDomain(upper: string): PrintedDomain | null {
  for (const { 0: match, index } of upper.matchAll(CANDIDATE)) {
    // An e-mail address names a mailbox, not the merchant's site ("PAYID JESS.MORGAN@EMAIL.COM").
    if (upper[index - 1] === "@" || upper[index + match.length] === "@") continue;
    const host = match.toLowerCase().replace(/^www\d?\./, "");
    const info = parse(host, { allowPrivateDomains: false });
    // "ST.LOUIS" or "J.CREW" have no ICANN suffix; "CO.UK" alone has no registrable part.
    if (info.isIcann && info.domain && !info.isIp) return { host, domain: info.domain };
  }
  return null;
}
