// Which social profiles on a page are the brand's own: where each link sits, whose handle it names, and the order.
//
// A page links plenty of profiles that are not the brand's: a journalist's in an article byline, an author box, share
// widgets (intent and sharer links are no profiles at all, see socials.ts, but a widget may add a "via @someone"),
// commenters. So, one URL per platform, the first of:
//   0. JSON-LD `sameAs` of the site's organisation whose handle matches the brand (or names no handle to compare);
//   1. links in the site's chrome (header, footer, nav, role banner/contentinfo/navigation, outside any <article>)
//      whose handle matches or names none;
//   2. other links in the chrome;
//   3. links elsewhere on the page whose handle matches;
//   4. `sameAs` entries whose handle does not match: declared by the organisation, so a last resort.
// Ties go to the earlier (sameAs in its order, then links in page order). Dropped outright: links inside bylines,
// author boxes, share widgets and comments (OFF_BRAND), and links elsewhere whose handle does not match (or names
// none: a phone number in an article is anybody's).
//
// A handle matches when, lower-cased with accents and punctuation dropped, it equals one of the brand's names (its
// name, also without a leading "The"; the domain's label; the first word of each, when 4 characters or longer), or one
// is a prefix of the other and the shorter has at least 4 characters: "acme_support" matches "Acme Rockets",
// "cafecreme.paris" matches "Café Crème", "janedoe" matches neither.
import { domainLabel, squash } from "./page-text.ts";
import type { SocialKey, SocialProfile } from "./socials.ts";

/** Where a profile link was found: the organisation's JSON-LD `sameAs`, the site's chrome, or elsewhere. */
export type ProfileSource = "sameAs" | "chrome" | "body";
export type FoundProfile = SocialProfile & { source: ProfileSource };

/** What the page's structure says about one link; the rewriter sets these flags with ANCHOR_SELECTORS. */
export type AnchorPlace = { chrome: boolean; article: boolean; offBrand: boolean };

const CHROME = ["header", "footer", "nav", "[role=banner]", "[role=contentinfo]", "[role=navigation]"];
/** Blocks whose links are about someone or something else than the brand. */
const OFF_BRAND = [
  "[class*=author]",
  "[id*=author]",
  "[itemprop~=author]",
  "[rel~=author]",
  "[class*=byline]",
  '[itemtype*="schema.org/Person"]',
  "[class*=share]",
  "[id*=share]",
  "[class*=addtoany]",
  "[class*=comment]",
  "[id*=comment]",
];

/** HTMLRewriter selectors for anchors in each kind of place (OFF_BRAND also on the anchor itself: rel=author). */
export const ANCHOR_SELECTORS = {
  chrome: CHROME.map((c) => `${c} a[href]`).join(", "),
  article: "article a[href]",
  offBrand: [...OFF_BRAND.map((c) => `${c} a[href]`), ...OFF_BRAND.map((c) => `a[href]${c}`), "article address a[href]"].join(", "),
};

/** The source of a link in this place, or null when the place rules it out. */
export function anchorSource(place: AnchorPlace): Exclude<ProfileSource, "sameAs"> | null {
  if (place.offBrand) return null;
  return place.chrome && !place.article ? "chrome" : "body";
}

/** One URL per platform, by the order above, keys sorted. */
export function chooseSocials(found: FoundProfile[], brandName: string | null, domain: string): Partial<Record<SocialKey, string>> {
  const names = brandNames(brandName, domain);
  const best = new Map<SocialKey, { url: string; tier: number }>();
  for (const profile of found) {
    const tier = tierOf(profile, names);
    const seen = best.get(profile.key);
    if (tier !== null && (!seen || tier < seen.tier)) best.set(profile.key, { url: profile.url, tier });
  }
  return Object.fromEntries([...best].sort(([a], [b]) => a.localeCompare(b)).map(([key, { url }]) => [key, url]));
}

function tierOf(profile: FoundProfile, names: string[]): number | null {
  const handle = profileHandle(profile);
  const match = handle === null ? "none" : handleMatches(handle, names) ? "yes" : "no";
  if (profile.source === "sameAs") return match === "no" ? 4 : 0;
  if (profile.source === "chrome") return match === "no" ? 2 : 1;
  return match === "yes" ? 3 : null;
}

/** The squashed names handles are compared with: the brand's name (also without a leading "The"), the domain label. */
export function brandNames(brandName: string | null, domain: string): string[] {
  const names = new Set<string>();
  // "The Verge" is @verge: a leading "The" is no part of a handle.
  for (const text of [brandName ?? "", (brandName ?? "").replace(/^the\s+/i, ""), domainLabel(domain)]) {
    const full = squash(text);
    if (full.length >= 2) names.add(full);
    const first = squash(text.split(/[\s\-_.·:|&+]+/).find((w) => squash(w) !== "") ?? "");
    if (first.length >= 4) names.add(first);
  }
  return [...names];
}

export function handleMatches(handle: string, names: string[]): boolean {
  const h = squash(handle);
  if (h.length < 2) return false;
  return names.some((n) => n === h || (Math.min(n.length, h.length) >= 4 && (n.startsWith(h) || h.startsWith(n))));
}

/**
 * The account name in a canonical profile URL (socials.ts), or null where the URL holds none to compare: a Facebook
 * profile.php id, a YouTube channel id, a WhatsApp number, a WeChat QR code.
 */
export function profileHandle({ key, url }: SocialProfile): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const path = parsed.pathname.split("/").filter((s) => s !== "").map((s) => safeDecode(s));
  if (key === "whatsapp" || key === "wechat") return null;
  if (key === "tumblr" && parsed.hostname !== "www.tumblr.com") return parsed.hostname.split(".")[0];
  if (key === "facebook" && path[0] === "profile.php") return null;
  if (key === "facebook" && (path[0] === "pages" || path[0] === "people")) return path[1] ?? null;
  if (key === "youtube" && path[0] === "channel") return null;
  // Otherwise the last segment: x.com/acme, linkedin.com/company/acme, reddit.com/r/acme, youtube.com/@acme.
  return path.at(-1)?.replace(/^@/, "") || null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
