// Crawls one domain (design §6): the home page, its manifest and logo candidates, each as robots.txt allows, and
// returns what the brand looks like. Nothing is written here; `save-crawl.ts` stores the result.
import { brandColors, type BrandColor } from "../brands/colors.ts";
import { sha256Hex } from "../ids.ts";
import { logoBlurhash } from "../ingest/blurhash.ts";
import { prominentColors } from "../ingest/colors.ts";
import { decodeLogoSource, sniffFormat } from "../ingest/decode-source.ts";
import { sanitiseSvg } from "../ingest/svg-sanitize.ts";
import { makeMaster } from "../ingest/master.ts";
import { encodeWebp } from "../render/codecs.ts";
import { smallMasterKey } from "../render/small-master.ts";
import { candidateScore, fitsRole, isSquare, rankCandidates, rankIcons, type LogoRole } from "./candidates.ts";
import { extractPage, manifestIcons, type LogoCandidate, type PageFacts } from "./extract.ts";
import { CrawlError, guardedFetch, TransportError, type Fetched, type FetchOptions } from "./fetch.ts";
import { robotsGate } from "./robots-gate.ts";
import type { CrawlConfig } from "./target.ts";

const LIMITS = { html: 2 * 1024 * 1024, manifest: 256 * 1024, image: 5 * 1024 * 1024 };
/** Image fetches per crawl at most: candidates are tried best first until one decodes. */
const MAX_IMAGE_FETCHES = 6;

/** A stored image, with its score on the ranking's scale and, for a vector source, its sanitised SVG master. */
export type StoredImage = {
  key: string;
  width: number;
  height: number;
  blurhash: string;
  bytes: Uint8Array;
  score: number;
  svg: { key: string; bytes: Uint8Array } | null;
  /** The small master (render/small-master.ts), stored beside the master; null when the master is that small. */
  small: { key: string; bytes: Uint8Array } | null;
};
type StoredBanner = Omit<StoredImage, "score" | "svg" | "small"> & { source: string };

export type CrawlResult = {
  domain: string;
  name: string;
  description: string;
  socials: PageFacts["socials"];
  colors: BrandColor[];
  logo: StoredImage;
  brandmark: StoredImage | null;
  banners: StoredBanner[];
};

export async function crawlDomain(domain: string, config: CrawlConfig): Promise<CrawlResult> {
  const deadline = Date.now() + config.timeoutMs;
  const crawl: Crawl = { config, deadline, permit: robotsGate(config, deadline) };
  const home = await fetchHome(domain, crawl);
  const page = await extractPage(
    new Response(home.body, { headers: { "content-type": home.headers.get("content-type") ?? "text/html" } }),
    home.url,
    domain,
  );
  const candidates = [...page.logoCandidates, ...(await manifestCandidates(page.manifestUrl, crawl))];
  const images = await pickImages(candidates, home.url, crawl);
  if (!images.logo) throw new CrawlError(`no usable logo among ${candidates.length} candidate(s)`);
  const name = page.name ?? titleFromDomain(domain);
  return {
    domain,
    name,
    description: page.description ?? "",
    socials: page.socials,
    colors: brandColors(prominentColors(images.logo.pixels).map((c) => c.hex)),
    logo: images.logo.stored,
    brandmark: images.brandmark?.stored ?? null,
    banners: await fetchBanners(page.banners, crawl),
  };
}

/** One crawl's shared budget and rules: every fetch passes the SSRF guard, the deadline and robots.txt. */
type Crawl = { config: CrawlConfig; deadline: number; permit: FetchOptions["permit"] };

const crawlFetch = (crawl: Crawl, url: string, options: Pick<FetchOptions, "maxBytes" | "overLimit" | "accept">) =>
  guardedFetch(url, crawl.config, { ...options, deadline: crawl.deadline, permit: crawl.permit });

/** https first; plain http when the connection or TLS fails (design §6). */
async function fetchHome(domain: string, crawl: Crawl): Promise<Fetched> {
  const options = { maxBytes: LIMITS.html, overLimit: "truncate" as const, accept: "text/html" };
  let home: Fetched;
  try {
    home = await crawlFetch(crawl, `https://${domain}/`, options);
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    home = await crawlFetch(crawl, `http://${domain}/`, options);
  }
  if (home.status >= 400) throw new CrawlError(`home page answered ${home.status}`);
  const type = home.headers.get("content-type") ?? "";
  if (type && !/html|xml/i.test(type)) throw new CrawlError(`home page is ${type}, not HTML`);
  return home;
}

async function manifestCandidates(url: string | null, crawl: Crawl): Promise<LogoCandidate[]> {
  if (!url) return [];
  try {
    const fetched = await crawlFetch(crawl, url, { maxBytes: LIMITS.manifest, overLimit: "refuse" });
    if (fetched.status >= 400) return [];
    return manifestIcons(JSON.parse(new TextDecoder().decode(fetched.body)), fetched.url);
  } catch {
    return [];
  }
}

type Decoded = { stored: StoredImage; pixels: import("../render/image-data.ts").Pixels };

/**
 * The logo (the site's declared logo first: rankCandidates' logo role) and the brandmark (the best square icon:
 * rankIcons), each the first candidate of its order that decodes and fits its role (fitsRole). Fetches are shared
 * between the roles and bounded; a site with no fitting logo candidate shows its brandmark as its logo.
 */
async function pickImages(candidates: LogoCandidate[], pageUrl: string, crawl: Crawl) {
  const fetched = new Map<string, Promise<Decoded | null>>();
  const decode = (candidate: LogoCandidate) => {
    if (!fetched.has(candidate.url)) {
      if (fetched.size >= MAX_IMAGE_FETCHES || Date.now() >= crawl.deadline) return Promise.resolve(null);
      fetched.set(candidate.url, fetchMaster(candidate, crawl));
    }
    return fetched.get(candidate.url)!;
  };
  const first = async (order: LogoCandidate[], role: LogoRole): Promise<Decoded | null> => {
    for (const candidate of order) {
      // A declared non-square size cannot be a brandmark: not worth a fetch.
      if (role === "icon" && candidate.width && candidate.height && !isSquare(candidate.width, candidate.height)) continue;
      const decoded = await decode(candidate);
      if (!decoded) continue;
      const size = { width: decoded.stored.width, height: decoded.stored.height };
      if (!fitsRole(candidate, size, role)) continue;
      return { ...decoded, stored: { ...decoded.stored, score: candidateScore({ ...candidate, ...size }, role) } };
    }
    return null;
  };
  const logo = await first(rankCandidates(candidates, pageUrl, "logo"), "logo");
  const brandmark = await first(rankIcons(candidates, pageUrl), "icon");
  return { logo: logo ?? brandmark, brandmark };
}

async function fetchMaster(candidate: LogoCandidate, crawl: Crawl): Promise<Decoded | null> {
  try {
    const fetched = await crawlFetch(crawl, candidate.url, { maxBytes: LIMITS.image, overLimit: "refuse", accept: "image/*" });
    if (fetched.status >= 400) return null;
    // A vector source is sanitised first: the drawing we keep and serve is the one we rasterise.
    const svg = sniffFormat(fetched.body) === "svg" ? new TextEncoder().encode(sanitiseSvg(fetched.body).svg) : null;
    const source = svg ? await decodeLogoSource(svg, "image/svg+xml") : await decodeLogoSource(fetched.body, fetched.headers.get("content-type"));
    const master = await makeMaster(source);
    const key = `logos/${await sha256Hex(master.png)}.png`;
    const stored: StoredImage = {
      key,
      width: master.width,
      height: master.height,
      blurhash: logoBlurhash(master.image),
      bytes: master.png,
      score: 0, // set for the role it is picked for
      svg: svg && { key: `logos/${await sha256Hex(svg)}.svg`, bytes: svg },
      small: master.small && { key: smallMasterKey(key), bytes: master.small.png },
    };
    return { stored, pixels: master.image };
  } catch {
    return null; // refused (guard, robots.txt, size), undecodable or unreachable: the next candidate may do
  }
}

/** og:image / twitter:image, stored as webp (photos, mostly). At most one per source. */
async function fetchBanners(banners: PageFacts["banners"], crawl: Crawl) {
  const out: CrawlResult["banners"] = [];
  for (const banner of banners.filter((b, i) => banners.findIndex((x) => x.source === b.source) === i).slice(0, 2)) {
    try {
      const fetched = await crawlFetch(crawl, banner.url, { maxBytes: LIMITS.image, overLimit: "refuse" });
      if (fetched.status >= 400) continue;
      const image = await decodeLogoSource(fetched.body, fetched.headers.get("content-type"));
      const webp = new Uint8Array(await encodeWebp(image, 80));
      out.push({
        key: `banners/${await sha256Hex(webp)}.webp`,
        width: image.width,
        height: image.height,
        blurhash: logoBlurhash(image),
        bytes: webp,
        source: banner.source,
      });
    } catch {
      // a banner is a nicety: skip what cannot be had
    }
  }
  return out;
}

/** "acme-widgets.co.uk" → "Acme Widgets": a name for a site that states none. */
function titleFromDomain(domain: string): string {
  return domain
    .split(".")[0]
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}
