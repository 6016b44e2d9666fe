// Which URLs the crawler may fetch (the SSRF guard), and where it fetches them from. Only registrable public domains
// over http(s) on default ports: no IP literals, localhost, private or reserved names, credentials or odd ports.
// With CRAWL_PROXY set (development and tests only) every URL is fetched through the proxy, and the reserved test
// suffix `.test` (RFC 2606) is allowed too; the guard still judges the original URL.
import { parse } from "tldts";

export type CrawlConfig = {
  /** `{proxy}/{host}{path}{query}` is fetched instead of the URL itself. Never set in production. */
  proxy: string | null;
  /** Budget for the whole crawl of one domain. */
  timeoutMs: number;
  userAgent: string;
};

export const USER_AGENT = "BrandAssetBot/1.0 (+https://brand-asset-service.example/bot; logos and brand data)";

export type TargetCheck = { ok: true; url: URL; fetchUrl: string } | { ok: false; reason: string };

export function checkTarget(raw: string | URL, config: Pick<CrawlConfig, "proxy">): TargetCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: `scheme ${url.protocol}` };
  if (url.username || url.password) return { ok: false, reason: "credentials in URL" };
  if (url.port) return { ok: false, reason: `port ${url.port}` };
  const host = url.hostname.toLowerCase();
  if (!hostAllowed(host, config.proxy !== null)) return { ok: false, reason: `host ${host} is not a public domain` };
  const fetchUrl = config.proxy
    ? `${config.proxy.replace(/\/$/, "")}/${host}${url.pathname}${url.search}`
    : url.toString();
  return { ok: true, url, fetchUrl };
}

function hostAllowed(host: string, testSuffixAllowed: boolean): boolean {
  if (host.startsWith("[") || /^[\d.]+$/.test(host) || host.includes(":")) return false; // IP literals
  if (testSuffixAllowed && /^([a-z0-9-]+\.)+test$/.test(host)) return true;
  const info = parse(host, { allowPrivateDomains: false });
  if (info.isIp || !info.domain || !info.isIcann) return false;
  // Names that are registrable but never public sites.
  return !/(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|corp)$/.test(host);
}
