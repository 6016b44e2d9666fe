// Which URLs the crawler may fetch, and webhooks may be sent to (the SSRF guard), and where the crawler fetches them
// from. Only registrable public domains over http(s) on default ports: no IP literals, localhost, private or reserved
// names, credentials or odd ports. With CRAWL_PROXY set (development and tests only) every crawled URL is fetched
// through the proxy, and the reserved test suffix `.test` (RFC 2606) is allowed too; the guard still judges the
// original URL. Webhook URLs must also be https, except loopback ones where WEBHOOK_ALLOW_LOOPBACK is set (local dev).
// These rules judge names; where a name points is judged right before each fetch (resolve.ts).
import { parse } from "tldts";
import type { DnsConfig } from "./resolve.ts";

export type CrawlConfig = {
  /** `{proxy}/{host}{path}{query}` is fetched instead of the URL itself. Never set in production. */
  proxy: string | null;
  /** Budget for the whole crawl of one domain. */
  timeoutMs: number;
  userAgent: string;
  /** Resolves each host before it is fetched; the original host, never the proxy's. */
  dns: DnsConfig;
};

export const USER_AGENT = "BrandAssetBot/1.0 (+https://brand-asset-service.example/bot; logos and brand data)";

export type TargetCheck = { ok: true; url: URL; fetchUrl: string } | { ok: false; reason: string };

export function checkTarget(raw: string | URL, config: Pick<CrawlConfig, "proxy">): TargetCheck {
  const parsed = parseHttpUrl(raw);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  if (url.port) return { ok: false, reason: `port ${url.port}` };
  const host = url.hostname.toLowerCase();
  if (!hostAllowed(host, config.proxy !== null)) return { ok: false, reason: `host ${host} is not a public domain` };
  const fetchUrl = config.proxy
    ? `${config.proxy.replace(/\/$/, "")}/${host}${url.pathname}${url.search}`
    : url.toString();
  return { ok: true, url, fetchUrl };
}

/** Where webhooks may go. Production: both false. */
export type WebhookTargetPolicy = {
  /** Local development only (WEBHOOK_ALLOW_LOOPBACK): http or https to 127.0.0.1, [::1] or localhost, any port. */
  loopback: boolean;
  /** Development and tests (CRAWL_PROXY set): hosts under the reserved `.test` suffix too. */
  testHosts: boolean;
  /** Resolves the host before each delivery (and when the URL is saved); loopback URLs are not resolved. */
  dns: DnsConfig;
};

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** `loopback`: admitted as a loopback URL of local development (an address already, nothing to resolve). */
export type WebhookTargetCheck = { ok: true; url: URL; loopback: boolean } | { ok: false; reason: string };

export function checkWebhookTarget(raw: string, policy: Pick<WebhookTargetPolicy, "loopback" | "testHosts">): WebhookTargetCheck {
  const parsed = parseHttpUrl(raw);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  const host = url.hostname.toLowerCase();
  if (policy.loopback && LOOPBACK_HOSTS.has(host)) return { ok: true, url, loopback: true };
  if (url.protocol !== "https:") return { ok: false, reason: "webhook URLs must use https" };
  if (url.port) return { ok: false, reason: `port ${url.port}: webhook URLs use the default https port` };
  if (!hostAllowed(host, policy.testHosts)) return { ok: false, reason: `host ${host} is not a public domain` };
  return { ok: true, url, loopback: false };
}

function parseHttpUrl(raw: string | URL): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: `scheme ${url.protocol}` };
  if (url.username || url.password) return { ok: false, reason: "credentials in URL" };
  return { ok: true, url };
}

function hostAllowed(host: string, testSuffixAllowed: boolean): boolean {
  if (host.startsWith("[") || /^[\d.]+$/.test(host) || host.includes(":")) return false; // IP literals
  if (testSuffixAllowed && /^([a-z0-9-]+\.)+test$/.test(host)) return true;
  const info = parse(host, { allowPrivateDomains: false });
  if (info.isIp || !info.domain || !info.isIcann) return false;
  // Names that are registrable but never public sites.
  return !/(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|corp)$/.test(host);
}
