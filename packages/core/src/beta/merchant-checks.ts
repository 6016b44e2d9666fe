// The spec's merchant checks, applied to every candidate domain and to saved rows: repeated hostnames, directory and
// profile hosts, a known platform (or processor) in the merchant's place, and known descriptor conflicts (a parent
// company's domain for its brand's descriptor among them). A failed check drops the domain.
import { parse } from "tldts";
import { nameKey } from "../descriptor/name-key.ts";
import type { ParsedDescriptor } from "../descriptor/parse.ts";
import type { PlatformPrefix } from "../descriptor/platforms.ts";
import { printedDomain } from "../descriptor/printed-domain.ts";

export type CheckFailure = "repeated_hostname" | "directory_host" | "platform_as_merchant" | "descriptor_conflict";

/** A candidate merchant site: the host as given and its registrable domain. */
export type Candidate = { host: string; domain: string };

/** Hosts that list or profile businesses rather than being one. A business's page there is not its website. */
const DIRECTORY_HOSTS = new Set([
  "yelp.com", "yelp.co.uk", "yelp.ca", "tripadvisor.com", "tripadvisor.co.uk", "foursquare.com", "yellowpages.com",
  "yell.com", "mapquest.com", "bbb.org", "manta.com", "angi.com", "angieslist.com", "thumbtack.com", "nextdoor.com",
  "opentable.com", "zomato.com", "allmenus.com", "menupages.com", "linktr.ee", "about.me", "facebook.com", "fb.com",
  "instagram.com", "linkedin.com", "twitter.com", "x.com", "tiktok.com", "pinterest.com", "goo.gl", "g.page",
  "business.site", "square.site", "wixsite.com", "godaddysites.com", "myshopify.com", "weebly.com", "wordpress.com",
  "blogspot.com", "carrd.co", "crunchbase.com", "zoominfo.com", "dnb.com", "wikipedia.org", "glassdoor.com",
  "indeed.com",
]);
/** Directory pages on the hosts of companies that are merchants in their own right (Google is, its maps are not). */
const DIRECTORY_SUBDOMAINS = new Set(["maps.google.com", "sites.google.com", "business.google.com", "maps.apple.com"]);

/** Payment processors and acquirers: they move the money; they are never the merchant for someone else's sale. */
const PROCESSORS = new Set([
  "stripe.com", "adyen.com", "worldpay.com", "checkout.com", "braintreepayments.com", "authorize.net", "fiserv.com",
  "firstdata.com", "clover.com", "elavon.com", "globalpayments.com", "tsys.com", "heartlandpaymentsystems.com",
  "nmi.com", "paysafe.com", "nuvei.com", "mollie.com", "payoneer.com", "2checkout.com", "verifone.com",
]);

/**
 * Descriptor words that look like one brand but belong to another business. Each entry: the descriptor text that
 * signals the other business, and the brand domain it must not be given.
 */
const CONFLICTS: { text: RegExp; domain: string }[] = [
  { text: /\bDELTA DENTAL\b/, domain: "delta.com" },
  { text: /\bDELTA (?:FAUCET|SONIC|COUNTY|COLLEGE)\b/, domain: "delta.com" },
  { text: /\bAPPLE(?:BEE'?S| ?BEES|GREEN| VALLEY| FARM| ORCHARD| DENTAL| FEDERAL)\b/, domain: "apple.com" },
  { text: /\bTARGET (?:FEDERAL|FCU|CREDIT UNION|SHOOTING|RANGE|OPTICAL CLINIC)\b/, domain: "target.com" },
  { text: /\bSHELL(?:S)? (?:SEAFOOD|CAFE|BEACH|POINT|CREDIT)\b/, domain: "shell.com" },
  { text: /\bGAP (?:INSURANCE|INS|PROTECTION)\b/, domain: "gap.com" },
  { text: /\bSUBWAY (?:STATION|TRANSIT|MTA)\b/, domain: "subway.com" },
  { text: /\bAMAZON (?:CAFE|RIVER|JUNGLE|GRILL|TRAILS)\b/, domain: "amazon.com" },
];

export type CheckInput = {
  candidate: Candidate;
  parsed: ParsedDescriptor;
  prefixes: PlatformPrefix[];
  /** Domains of the owners of the brand the descriptor names, if it names one (the parent rule). */
  ownerDomains: () => string[];
  /** The corpus brand a domain belongs to (any of its domains), so every domain of a platform counts as the platform. */
  brandOf: (domain: string) => string | undefined;
};

/** The first check the candidate fails, or null when it may stand as the merchant. */
export async function failedCheck({ candidate, parsed, prefixes, ownerDomains, brandOf }: CheckInput): Promise<CheckFailure | null> {
  if (repeatedHostname(candidate.host)) return "repeated_hostname";
  const named = namesHost(parsed, candidate);
  if ((DIRECTORY_HOSTS.has(candidate.domain) || DIRECTORY_SUBDOMAINS.has(candidate.host)) && !named) return "directory_host";
  // A platform or processor is named only by its name: one of its own domains printed ("PAYPAL.COM", "PAYPAL.ME/JO",
  // "SQUAREUP.COM JOES") is its receipt for someone else's sale, unless it bills for itself ("SHOPIFY* … SHOPIFY.COM").
  const brand = brandOf(candidate.domain);
  const printed = printedDomain(parsed.merchant)?.domain;
  const ownReceipt = printed !== undefined && (printed === candidate.domain || (brand !== undefined && brandOf(printed) === brand));
  const namedByName = named && (parsed.platformSells || !ownReceipt);
  if (PROCESSORS.has(candidate.domain) && !namedByName) return "platform_as_merchant";
  const platform = prefixes.find((p) => p.platform.domain === candidate.domain || (brand && brandOf(p.platform.domain) === brand))?.platform;
  if (platform && !platform.sellsItself && !namedByName) return "platform_as_merchant";
  if (CONFLICTS.some((c) => c.domain === candidate.domain && c.text.test(parsed.text))) return "descriptor_conflict";
  if (!named && ownerDomains().includes(candidate.domain)) return "descriptor_conflict";
  return null;
}

/** The host of a URL or bare host a provider gave, with its registrable domain; null when it is no public site. */
export function candidateFromWebsite(website: string): Candidate | null {
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`).hostname.toLowerCase();
  } catch {
    return null;
  }
  const info = parse(host, { allowPrivateDomains: false });
  if (!info.domain || !info.isIcann || info.isIp) return null;
  return { host: host.replace(/\.$/, ""), domain: info.domain };
}

/** The same label twice in one host ("shop.shop.com", "www.www.acme.com", "acme.com.acme.com"). */
function repeatedHostname(host: string): boolean {
  const labels = host.split(".");
  return new Set(labels).size !== labels.length;
}

/**
 * The descriptor itself names the candidate: its merchant text starts with the site's name, or its platform prefix
 * is this very platform, selling itself or followed by nothing else. Then a platform, processor or directory is the
 * merchant ("YELP ADS", "STRIPE FEES", "FACEBK *ADS").
 */
function namesHost(parsed: ParsedDescriptor, candidate: Candidate): boolean {
  const platform = parsed.platform;
  if (platform?.domain === candidate.domain && (platform.sellsItself || !parsed.merchant || parsed.platformSells)) return true;
  const label = nameKey(candidate.domain.split(".")[0].toUpperCase());
  return label.length >= 3 && nameKey(parsed.merchant).startsWith(label);
}
