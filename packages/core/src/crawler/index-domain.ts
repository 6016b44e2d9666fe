// Crawls one domain (design §6): the home page, its manifest and logo candidates, each as robots.txt allows, and
// returns what the brand looks like. Nothing is written here; `save-crawl.ts` stores the result.
import { brandColors, type BrandColor } from "../brands/colors.ts";
import { sha256Hex } from "../ids.ts";
import { logoBlurhash } from "../ingest/blurhash.ts";
import { prominentColors } from "../ingest/colors.ts";
import { decodeLogoSource } from "../ingest/decode-source.ts";
import { makeMaster } from "../ingest/master.ts";
import { encodeWebp } from "../render/codecs.ts";
import { extractPage, manifestIcons, rankCandidates, type LogoCandidate, type PageFacts } from "./extract.ts";
import { CrawlError, guardedFetch, TransportError, type Fetched, type FetchOptions } from "./fetch.ts";
import { robotsGate } from "./robots-gate.ts";
import type { CrawlConfig } from "./target.ts";

const LIMITS = { html: 2 * 1024 * 1024, manifest: 256 * 1024, image: 5 * 1024 * 1024 };
/** Image fetches per crawl at most: candidates are tried best first until one decodes. */
const MAX_IMAGE_FETCHES = 6;

export type StoredImage = { key: string; width: number; height: number; blurhash: string; bytes: Uint8Array };

export type CrawlResult = {
  domain: string;
  name: string;
  description: string;
  socials: PageFacts["socials"];
  colors: BrandColor[];
  logo: StoredImage;
  brandmark: StoredImage | null;
  banners: (StoredImage & { source: string })[];
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
  const candidates = rankCandidates([...page.logoCandidates, ...(await manifestCandidates(page.manifestUrl, crawl))], home.url);
  const images = await firstDecodable(candidates, crawl);
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

type Decoded = { stored: StoredImage; pixels: import("../render/image-data.ts").Pixels; square: boolean };

/**
 * Tries candidates best first. The logo is the first that decodes; the brandmark is the first square one (the logo
 * itself when square), looked for among the remaining candidates within the fetch budget.
 */
async function firstDecodable(candidates: LogoCandidate[], crawl: Crawl) {
  let logo: Decoded | null = null;
  let brandmark: Decoded | null = null;
  let fetches = 0;
  for (const candidate of candidates) {
    if (fetches >= MAX_IMAGE_FETCHES || Date.now() >= crawl.deadline) break;
    if (logo && (brandmark || (candidate.width !== null && candidate.width !== candidate.height))) continue;
    fetches++;
    const decoded = await fetchMaster(candidate.url, crawl);
    if (!decoded) continue;
    logo ??= decoded;
    if (decoded.square) brandmark ??= decoded;
    if (brandmark) break;
  }
  return { logo, brandmark };
}

async function fetchMaster(url: string, crawl: Crawl): Promise<Decoded | null> {
  try {
    const fetched = await crawlFetch(crawl, url, { maxBytes: LIMITS.image, overLimit: "refuse", accept: "image/*" });
    if (fetched.status >= 400) return null;
    const master = await makeMaster(await decodeLogoSource(fetched.body, fetched.headers.get("content-type")));
    const stored: StoredImage = {
      key: `logos/${await sha256Hex(master.png)}.png`,
      width: master.width,
      height: master.height,
      blurhash: logoBlurhash(master.image),
      bytes: master.png,
    };
    const ratio = master.width / master.height;
    return { stored, pixels: master.image, square: ratio > 0.9 && ratio < 1.1 };
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
