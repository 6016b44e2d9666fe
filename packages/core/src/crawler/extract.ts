// What a home page says about its brand (design §6), read in one streaming pass with Workers' HTMLRewriter: name,
// description, social profiles, logo candidates, the manifest's URL and banner images. Hostile pages are expected:
// nothing here throws on junk, every accumulated text is capped, and only the first `maxBytes` of the page are read.
// Decoding in charset.ts, JSON-LD in jsonld.ts, text in page-text.ts, whose profiles they are in brand-socials.ts.
import { anchorSource, ANCHOR_SELECTORS, chooseSocials, type AnchorPlace, type FoundProfile } from "./brand-socials.ts";
import { utf8Body } from "./charset.ts";
import { mimeType, parseSizes, type LogoCandidate } from "./candidates.ts";
import { readJsonLd } from "./jsonld.ts";
import { absoluteHttpUrl } from "./manifest.ts";
import { brandFromTitle, cleanText, decodeEntities, MAX_NAME_CHARS } from "./page-text.ts";
import { socialProfile, type SocialKey, type SocialProfile } from "./socials.ts";

export {
  candidateScore,
  fitsRole,
  isRealLogo,
  isSquare,
  rankCandidates,
  rankIcons,
  type LogoCandidate,
  type LogoRole,
} from "./candidates.ts";
export { manifestIcons } from "./manifest.ts";
export { brandFromTitle, cleanText, decodeEntities } from "./page-text.ts";
export { socialProfile, type SocialKey } from "./socials.ts";

export type PageFacts = {
  /** JSON-LD Organization (or Brand, Corporation, LocalBusiness…) name > og:site_name > application-name > <title>. */
  name: string | null;
  /** meta description > og:description > JSON-LD description; plain text, at most 500 characters. */
  description: string | null;
  /** The brand's own profiles, one per platform, chosen as brand-socials.ts says. */
  socials: Partial<Record<SocialKey, string>>;
  /** In page order, JSON-LD logos first; /favicon.ico is added by rankCandidates. */
  logoCandidates: LogoCandidate[];
  manifestUrl: string | null;
  banners: { url: string; source: "og:image" | "twitter:image" }[];
};

export type ExtractOptions = {
  /** Bytes of the page read at most (the rest is ignored); default 2 MiB, the crawler's HTML limit. */
  maxBytes?: number;
};

const LIMITS = {
  jsonLdChars: 256 * 1024,
  jsonLdScripts: 16,
  titleChars: 1024,
  attributeChars: 8 * 1024,
  links: 200,
  anchors: 20_000,
  profileAnchors: 2000,
  images: 10,
  name: MAX_NAME_CHARS,
  description: 500,
};

const EMPTY = (): PageFacts => ({ name: null, description: null, socials: {}, logoCandidates: [], manifestUrl: null, banners: [] });

export async function extractPage(
  html: Response,
  pageUrl: string,
  domain: string,
  options: ExtractOptions = {},
): Promise<PageFacts> {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    await html.body?.cancel().catch(() => {});
    return EMPTY();
  }
  const state = newState(page);
  try {
    const body = await utf8Body(html, options.maxBytes ?? 2 * 1024 * 1024);
    if (body) await consume(rewriter(state).transform(new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } })));
  } catch {
    // A stream or parser error (truncated gzip, lol-html's memory limit on an absurd tag…): keep what was read so far.
  }
  try {
    return facts(state, page, domain);
  } catch {
    return EMPTY();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The streaming pass: raw values as written in the page (entities still encoded), bounded in number and size.

type RawLink = { kind: "apple-touch-icon" | "icon" | "mask-icon"; href: string; sizes: string | null; type: string | null };

type State = {
  page: URL;
  baseHref: string | null;
  titles: number;
  title: string;
  meta: Partial<Record<"description" | "og:description" | "og:site_name" | "application-name", string>>;
  ogImages: string[];
  twitterImages: string[];
  links: RawLink[];
  manifestHref: string | null;
  anchors: number;
  /** Profile links in page order, with what the page's structure says about where each sits. */
  profiles: (SocialProfile & AnchorPlace)[];
  /** The profile link whose start tag is being handled, for the place handlers that follow its own. */
  anchor: (SocialProfile & AnchorPlace) | null;
  jsonLd: string[];
  script: { text: string; over: boolean } | null;
};

function newState(page: URL): State {
  return {
    page,
    baseHref: null,
    titles: 0,
    title: "",
    meta: {},
    ogImages: [],
    twitterImages: [],
    links: [],
    manifestHref: null,
    anchors: 0,
    profiles: [],
    anchor: null,
    jsonLd: [],
    script: null,
  };
}

function attribute(element: Element, name: string): string | null {
  const value = element.getAttribute(name);
  return value === null ? null : value.slice(0, LIMITS.attributeChars);
}

/** Runs `fn`, swallowing its errors: one odd element must not end the pass. */
function guarded<T extends unknown[]>(fn: (...args: T) => void): (...args: T) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch {
      // ignored: the element is skipped
    }
  };
}

function rewriter(state: State): HTMLRewriter {
  const finishScript = () => {
    const script = state.script;
    state.script = null;
    if (script && !script.over && script.text.trim() && state.jsonLd.length < LIMITS.jsonLdScripts) state.jsonLd.push(script.text);
  };
  return new HTMLRewriter()
    .on("base[href]", {
      element: guarded((element: Element) => {
        state.baseHref ??= attribute(element, "href");
      }),
    })
    .on("title", {
      element: guarded(() => {
        state.titles++;
      }),
      text: guarded((text: Text) => {
        if (state.titles === 1 && state.title.length < LIMITS.titleChars) {
          state.title = (state.title + text.text).slice(0, LIMITS.titleChars);
        }
      }),
    })
    .on("meta[content]", {
      element: guarded((element: Element) => {
        const content = attribute(element, "content");
        if (content === null) return;
        for (const attr of ["name", "property", "itemprop"]) {
          const key = attribute(element, attr)?.trim().toLowerCase();
          if (!key) continue;
          if (key === "description" || key === "og:description" || key === "og:site_name" || key === "application-name") {
            if (!state.meta[key] && content.trim()) state.meta[key] = content;
          } else if (key === "og:image" || key === "og:image:url" || key === "og:image:secure_url") {
            if (state.ogImages.length < LIMITS.images) state.ogImages.push(content);
          } else if (key === "twitter:image" || key === "twitter:image:src") {
            if (state.twitterImages.length < LIMITS.images) state.twitterImages.push(content);
          }
        }
      }),
    })
    .on("link[href]", {
      element: guarded((element: Element) => {
        const rel = (attribute(element, "rel") ?? "").toLowerCase().split(/\s+/);
        const href = attribute(element, "href") ?? "";
        if (rel.includes("manifest")) state.manifestHref ??= href;
        const kind = rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed")
          ? "apple-touch-icon"
          : rel.includes("mask-icon")
            ? "mask-icon"
            : rel.includes("icon")
              ? "icon"
              : null;
        if (kind && state.links.length < LIMITS.links) {
          state.links.push({ kind, href, sizes: attribute(element, "sizes"), type: attribute(element, "type") });
        }
      }),
    })
    .on("a[href]", {
      element: guarded((element: Element) => {
        state.anchor = null;
        if (++state.anchors > LIMITS.anchors || state.profiles.length >= LIMITS.profileAnchors) return;
        const href = attribute(element, "href");
        if (!href || !/(facebook|fb|github|instagr|linkedin|pinterest|pin\.it|reddit|snapchat|t\.me|telegram|tumblr|twitter|x\.com|weixin|wa\.me|whatsapp|youtube)/i.test(href)) return;
        // Anchors are resolved as they come, against the <base> seen so far (a <base> belongs in <head>, before them).
        const url = absoluteHttpUrl(decodeEntities(href), baseUrl(state));
        const profile = url ? socialProfile(url) : null;
        if (!profile) return;
        state.anchor = { ...profile, chrome: false, article: false, offBrand: false };
        state.profiles.push(state.anchor);
      }),
    })
    // Registered after "a[href]", so for one anchor these run after it (handlers run in registration order).
    .on(ANCHOR_SELECTORS.chrome, placeHandler(state, "chrome"))
    .on(ANCHOR_SELECTORS.article, placeHandler(state, "article"))
    .on(ANCHOR_SELECTORS.offBrand, placeHandler(state, "offBrand"))
    .on("script", {
      element: guarded((element: Element) => {
        finishScript();
        const type = (attribute(element, "type") ?? "").split(";")[0].trim().toLowerCase();
        if (type !== "application/ld+json") return;
        state.script = { text: "", over: false };
        element.onEndTag(guarded(finishScript));
      }),
      text: guarded((text: Text) => {
        const script = state.script;
        if (!script) return;
        if (!script.over) {
          script.text += text.text;
          if (script.text.length > LIMITS.jsonLdChars) {
            script.over = true;
            script.text = "";
          }
        }
        if (text.lastInTextNode) finishScript();
      }),
    })
    .onDocument({ end: guarded(() => finishScript()) });
}

/** Marks the profile link being handled as sitting in this kind of place. */
function placeHandler(state: State, flag: keyof AnchorPlace): HTMLRewriterElementContentHandlers {
  return {
    element: guarded(() => {
      if (state.anchor) state.anchor[flag] = true;
    }),
  };
}

async function consume(response: Response): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done } = await reader.read();
    if (done) return;
  }
}

function baseUrl(state: State): URL {
  if (state.baseHref) {
    const base = absoluteHttpUrl(decodeEntities(state.baseHref), state.page);
    if (base) return new URL(base);
  }
  return state.page;
}

// ---------------------------------------------------------------------------------------------------------------
// From raw values to facts.

function facts(state: State, page: URL, domain: string): PageFacts {
  const base = baseUrl(state);
  const ld = readJsonLd(state.jsonLd, domain, base);

  const metaText = (key: keyof State["meta"], max: number) => cleanText(state.meta[key], max);
  const name =
    cleanText(ld.name, LIMITS.name) ??
    metaText("og:site_name", LIMITS.name) ??
    metaText("application-name", LIMITS.name) ??
    brandFromTitle(cleanText(state.title, LIMITS.titleChars), domain);
  const description =
    metaText("description", LIMITS.description) ??
    metaText("og:description", LIMITS.description) ??
    cleanText(ld.description, LIMITS.description);

  const found: FoundProfile[] = ld.socials.map((profile) => ({ ...profile, source: "sameAs" }));
  for (const { key, url, ...place } of state.profiles) {
    const source = anchorSource(place);
    if (source) found.push({ key, url, source });
  }

  const logoCandidates: LogoCandidate[] = [...ld.logos];
  for (const link of state.links) {
    const url = absoluteHttpUrl(decodeEntities(link.href), base);
    if (!url) continue;
    logoCandidates.push({ url, kind: link.kind, ...parseSizes(link.sizes), type: mimeType(link.type) });
  }

  const banners: PageFacts["banners"] = [];
  const seen = new Set<string>();
  for (const [source, list] of [["og:image", state.ogImages], ["twitter:image", state.twitterImages]] as const) {
    for (const raw of list) {
      const url = absoluteHttpUrl(decodeEntities(raw), base);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      banners.push({ url, source });
    }
  }

  const manifestUrl = state.manifestHref === null ? null : absoluteHttpUrl(decodeEntities(state.manifestHref), base);
  return {
    name,
    description,
    socials: chooseSocials(found, name, domain),
    logoCandidates,
    manifestUrl,
    banners,
  };
}
