// JSON-LD on a home page: the site's organisation, its name, description, logos and sameAs profiles.
//
// JSON-LD: an object, an array, or {"@graph": [...]}, with `@type` a string or an array. The organisation is picked
// among the top-level items (and WebSite/WebPage publishers), never from inside a Product (whose `brand` may well be
// someone else's); one whose `url` is on the crawled domain is preferred.
import { mimeType, type LogoCandidate } from "./candidates.ts";
import { absoluteHttpUrl } from "./manifest.ts";
import { decodeEntities } from "./page-text.ts";
import { socialProfile, type SocialKey } from "./socials.ts";

type JsonObject = Record<string, unknown>;
export type LdFacts = { name: string | null; description: string | null; logos: LogoCandidate[]; socials: { key: SocialKey; url: string }[] };

const ORG_TYPE = /^(?:Organi[sz]ation|Corporation|Brand|LocalBusiness|OnlineBusiness|OnlineStore|NGO|Airline|Consortium|Cooperative|Store|Restaurant|Hotel|.*Organi[sz]ation|.*Business|.*Store)$/;
const PAGE_TYPE = /^(?:WebSite|WebPage|AboutPage|ContactPage|CollectionPage|ItemPage|SearchResultsPage)$/;

export function readJsonLd(scripts: string[], domain: string, base: URL): LdFacts {
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
