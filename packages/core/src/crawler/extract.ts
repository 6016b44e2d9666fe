// What a home page says about its brand (design §6), read in one streaming pass with Workers' HTMLRewriter: name,
// description, social profiles, logo candidates, the manifest's URL and banner images. Hostile pages are expected:
// nothing here throws on junk, every accumulated text is capped, and only the first `maxBytes` of the page are read.
import { getDomainWithoutSuffix } from "tldts";
import { mimeType, parseSizes, type LogoCandidate } from "./candidates.ts";
import { absoluteHttpUrl } from "./manifest.ts";
import { socialProfile, type SocialKey } from "./socials.ts";

export { rankCandidates, candidateScore, type LogoCandidate } from "./candidates.ts";
export { manifestIcons } from "./manifest.ts";
export { socialProfile, type SocialKey } from "./socials.ts";

export type PageFacts = {
  /** JSON-LD Organization (or Brand, Corporation, LocalBusiness…) name > og:site_name > application-name > <title>. */
  name: string | null;
  /** meta description > og:description > JSON-LD description; plain text, at most 500 characters. */
  description: string | null;
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
  images: 10,
  name: 200,
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
  anchorSocials: Partial<Record<SocialKey, string>>;
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
    anchorSocials: {},
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
        if (++state.anchors > LIMITS.anchors) return;
        const href = attribute(element, "href");
        if (!href || !/(facebook|fb|github|instagr|linkedin|pinterest|pin\.it|reddit|snapchat|t\.me|telegram|tumblr|twitter|x\.com|weixin|wa\.me|whatsapp|youtube)/i.test(href)) return;
        // Anchors are resolved as they come, against the <base> seen so far (a <base> belongs in <head>, before them).
        const url = absoluteHttpUrl(decodeEntities(href), baseUrl(state));
        const profile = url ? socialProfile(url) : null;
        if (profile && !state.anchorSocials[profile.key]) state.anchorSocials[profile.key] = profile.url;
      }),
    })
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
// Character sets. HTMLRewriter reads bytes as UTF-8 unless the Content-Type names another ASCII-compatible charset, and
// it never looks at <meta charset>. So the page is decoded here, as a browser would (a BOM, else the Content-Type
// charset, else a <meta> in the first 1024 bytes, else UTF-8), and handed on as UTF-8.

async function utf8Body(response: Response, maxBytes: number): Promise<ReadableStream<Uint8Array> | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const prefix: Uint8Array[] = [];
  let prefixBytes = 0;
  let ended = false;
  // A read that fails (a reset connection, a broken gzip) ends the page there: what came before still counts.
  const read = () => reader.read().catch(() => ({ done: true as const, value: undefined }));
  while (prefixBytes < 1024) {
    const { done, value } = await read();
    if (done) {
      ended = true;
      break;
    }
    if (value.byteLength === 0) continue;
    prefix.push(value);
    prefixBytes += value.byteLength;
  }
  const head = concat(prefix, 1024);
  const encoding = bomEncoding(head) ?? headerEncoding(response.headers.get("content-type")) ?? metaEncoding(head) ?? "utf-8";

  let sent = 0;
  const bytes = new ReadableStream<Uint8Array>({
    // Each pull enqueues a chunk or closes: a pull that returned with neither would leave the reader waiting.
    async pull(controller) {
      for (;;) {
        let next = prefix.shift();
        if (!next && !ended) {
          const chunk = await read();
          if (chunk.done) ended = true;
          else next = chunk.value;
        }
        if (!next) {
          controller.close();
          return;
        }
        const chunk = next.subarray(0, maxBytes - sent);
        sent += chunk.byteLength;
        if (chunk.byteLength > 0) controller.enqueue(chunk);
        if (sent >= maxBytes) {
          controller.close();
          ended = true;
          await reader.cancel().catch(() => {});
          return;
        }
        if (chunk.byteLength > 0) return;
      }
    },
    async cancel() {
      await reader.cancel().catch(() => {});
    },
  });
  if (encoding === "utf-8") return bytes;
  return bytes.pipeThrough(new TextDecoderStream(encoding)).pipeThrough(new TextEncoderStream());
}

function concat(chunks: Uint8Array[], limit: number): Uint8Array {
  const out = new Uint8Array(Math.min(limit, chunks.reduce((n, c) => n + c.byteLength, 0)));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= out.length) break;
    const part = chunk.subarray(0, out.length - offset);
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

function bomEncoding(head: Uint8Array): string | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  return null;
}

/** The WHATWG encoding a label names, or null when the runtime does not know it. */
function encodingFor(label: string | undefined, fromMeta = false): string | null {
  if (!label) return null;
  try {
    const encoding = new TextDecoder(label.trim().replace(/^["']|["']$/g, "")).encoding;
    // A <meta> cannot switch to UTF-16 (the bytes read it as ASCII), and x-user-defined is read as windows-1252.
    if (fromMeta && encoding.startsWith("utf-16")) return "utf-8";
    return encoding === "x-user-defined" ? "windows-1252" : encoding;
  } catch {
    return null;
  }
}

function headerEncoding(contentType: string | null): string | null {
  return encodingFor(/;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? "")?.[2]);
}

function metaEncoding(head: Uint8Array): string | null {
  const text = new TextDecoder("windows-1252").decode(head);
  for (const tag of text.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([a-z0-9_:.\-]+)/i.exec(tag);
    if (direct) return encodingFor(direct[1], true);
  }
  return null;
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

  const socials: Partial<Record<SocialKey, string>> = {};
  for (const profile of ld.socials) socials[profile.key] ??= profile.url;
  for (const [key, url] of Object.entries(state.anchorSocials) as [SocialKey, string][]) socials[key] ??= url;

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
    socials: Object.fromEntries(Object.entries(socials).sort(([a], [b]) => a.localeCompare(b))),
    logoCandidates,
    manifestUrl,
    banners,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// JSON-LD: an object, an array, or {"@graph": [...]}, with `@type` a string or an array. The organisation is picked
// among the top-level items (and WebSite/WebPage publishers), never from inside a Product (whose `brand` may well be
// someone else's); one whose `url` is on the crawled domain is preferred.

type JsonObject = Record<string, unknown>;
type LdFacts = { name: string | null; description: string | null; logos: LogoCandidate[]; socials: { key: SocialKey; url: string }[] };

const ORG_TYPE = /^(?:Organi[sz]ation|Corporation|Brand|LocalBusiness|OnlineBusiness|OnlineStore|NGO|Airline|Consortium|Cooperative|Store|Restaurant|Hotel|.*Organi[sz]ation|.*Business|.*Store)$/;
const PAGE_TYPE = /^(?:WebSite|WebPage|AboutPage|ContactPage|CollectionPage|ItemPage|SearchResultsPage)$/;

function readJsonLd(scripts: string[], domain: string, base: URL): LdFacts {
  const result: LdFacts = { name: null, description: null, logos: [], socials: [] };
  const items: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  for (const script of scripts) {
    let value: unknown;
    try {
      value = JSON.parse(script.trim().replace(/^<!--|-->$/g, ""));
    } catch {
      continue;
    }
    for (const item of topLevel(value)) items.push(item);
    indexIds(value, byId);
  }
  const orgs: { org: JsonObject; score: number; order: number }[] = [];
  const add = (org: JsonObject, topLevelItem: boolean) => {
    if (orgs.some((o) => o.org === org)) return;
    orgs.push({ org, score: (onDomain(org.url, domain, base) ? 2 : 0) + (topLevelItem ? 1 : 0), order: orgs.length });
  };
  let siteDescription: string | null = null;
  for (const item of items) {
    const types = typesOf(item);
    if (types.some((t) => ORG_TYPE.test(t))) add(item, true);
    if (types.some((t) => PAGE_TYPE.test(t))) {
      if (types.includes("WebSite")) siteDescription ??= stringOf(item.description);
      const publisher = resolveRef(item.publisher, byId);
      if (publisher && typesOf(publisher).some((t) => ORG_TYPE.test(t))) add(publisher, false);
    }
  }
  orgs.sort((a, b) => b.score - a.score || a.order - b.order);
  const primary = orgs[0];
  if (!primary) {
    result.description = siteDescription;
    return result;
  }
  result.name = stringOf(primary.org.name);
  result.description = stringOf(primary.org.description) ?? siteDescription;
  // The logo from the primary organisation, else from another that is clearly the same site's; sameAs from all such.
  const ours = orgs.filter((o) => o === primary || o.score >= 2);
  for (const { org } of ours) {
    if (result.logos.length === 0) {
      for (const logo of arrayOf(org.logo).slice(0, 5)) {
        const candidate = logoCandidate(resolveRef(logo, byId) ?? logo, base);
        if (candidate && !result.logos.some((l) => l.url === candidate.url)) result.logos.push(candidate);
      }
    }
    for (const link of arrayOf(org.sameAs).slice(0, 100)) {
      if (typeof link !== "string") continue;
      const url = absoluteHttpUrl(decodeEntities(link), base);
      const profile = url ? socialProfile(url) : null;
      if (profile) result.socials.push(profile);
    }
  }
  return result;
}

function topLevel(value: unknown, depth = 0): JsonObject[] {
  if (depth > 3) return [];
  if (Array.isArray(value)) return value.slice(0, 200).flatMap((v) => topLevel(v, depth + 1));
  if (!value || typeof value !== "object") return [];
  const object = value as JsonObject;
  const graph = object["@graph"];
  return [object, ...(graph === undefined ? [] : topLevel(graph, depth + 1))];
}

/** Every object with an `@id`, at any depth (bounded), so `{"@id": "…#logo"}` references can be followed. */
function indexIds(value: unknown, byId: Map<string, JsonObject>): void {
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length > 0 && visited++ < 5000) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== "object" || depth > 10) continue;
    if (Array.isArray(node)) {
      for (const child of node.slice(0, 500)) stack.push([child, depth + 1]);
      continue;
    }
    const object = node as JsonObject;
    const id = object["@id"];
    if (typeof id === "string" && Object.keys(object).length > 1 && !byId.has(id)) byId.set(id, object);
    for (const child of Object.values(object)) if (child && typeof child === "object") stack.push([child, depth + 1]);
  }
}

function resolveRef(value: unknown, byId: Map<string, JsonObject>): JsonObject | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const object = value as JsonObject;
  const id = object["@id"];
  if (typeof id === "string" && Object.keys(object).length === 1) return byId.get(id) ?? null;
  return object;
}

function typesOf(item: JsonObject): string[] {
  // "Organization", "schema:Organization" and "https://schema.org/Organization" are one type.
  return arrayOf(item["@type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^.*[/:#]/, ""));
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/** A string, the first string of an array, or a {"@value": "…"} literal. */
function stringOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return stringOf(value[0]);
  if (value && typeof value === "object" && "@value" in value) return stringOf((value as JsonObject)["@value"]);
  return null;
}

function onDomain(url: unknown, domain: string, base: URL): boolean {
  const href = stringOf(url);
  if (!href) return false;
  try {
    const host = new URL(href, base).hostname.toLowerCase();
    const bare = domain.toLowerCase().replace(/^www\./, "");
    return host === bare || host.endsWith(`.${bare}`);
  } catch {
    return false;
  }
}

function logoCandidate(logo: unknown, base: URL): LogoCandidate | null {
  let href: string | null = null;
  let width: number | null = null;
  let height: number | null = null;
  let type: string | null = null;
  if (typeof logo === "string") href = logo;
  else if (logo && typeof logo === "object" && !Array.isArray(logo)) {
    const image = logo as JsonObject;
    href = stringOf(image.url) ?? stringOf(image.contentUrl);
    width = dimension(image.width);
    height = dimension(image.height);
    type = mimeType(image.encodingFormat);
    if (width === null || height === null) width = height = null;
  }
  const url = href ? absoluteHttpUrl(decodeEntities(href), base) : null;
  return url ? { url, kind: "jsonld", width, height, type } : null;
}

/** 512, "512", "512px" or {"value": 512}; anything else (or absurd) is null. */
function dimension(value: unknown): number | null {
  if (value && typeof value === "object" && !Array.isArray(value)) value = (value as JsonObject).value;
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(/^\s*(\d{1,5})\s*(px)?\s*$/i.exec(value)?.[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Text.

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
  if (parts.length <= 1) return truncate(title, LIMITS.name);
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
    if (scored.length > 0) return truncate(scored[0].part, LIMITS.name);
  }
  const shortest = sensible.filter((p) => p.length >= 2 && p.length <= 60).sort((a, b) => a.length - b.length)[0];
  return truncate(shortest ?? parts[0], LIMITS.name);
}

function domainLabel(domain: string): string {
  const host = domain.toLowerCase().replace(/^www\./, "");
  try {
    return getDomainWithoutSuffix(host) ?? host.split(".")[0];
  } catch {
    return host.split(".")[0];
  }
}

/** Lower case, accents dropped, letters and digits only: "Café-Crème" → "cafecreme". */
function squash(text: string): string {
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
function truncate(text: string, max: number): string {
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
