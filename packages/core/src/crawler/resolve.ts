// Where a host name points, asked over DNS-over-HTTPS (Cloudflare's JSON API) right before the crawler or a webhook
// fetches it. The name guard (target.ts) cannot see that `169.254.169.254.nip.io` or `localtest.me` lead to private
// addresses; this can: both families are asked, and every address answered must be public (public-address.ts).
// Fails closed: an error, a timeout or no address refuses. Verdicts are kept per isolate for a short while.
import { z } from "zod";
import { TtlCache } from "../ttl-cache.ts";
import { isPublicAddress } from "./public-address.ts";

export const DEFAULT_RESOLVER_URL = "https://cloudflare-dns.com/dns-query";
/** The resolver's budget per question: a crawl has 10 s in all, a webhook attempt as long. */
const RESOLVER_TIMEOUT_MS = 2_000;
/** A verdict is kept for its answer's TTL, at most this: a name that changes is seen within a minute. */
const MAX_KEEP_MS = 60_000;
/** A name that does not exist (NXDOMAIN) or has no address is asked again after this. */
const UNRESOLVED_KEEP_MS = 10_000;

/** `url` null: resolution is off (only beside the crawl proxy in local development: see dnsConfig). */
export type DnsConfig = { url: string | null; timeoutMs: number };

/**
 * The resolver from a Worker's env: DNS_RESOLVER_URL, else Cloudflare's. `off` switches resolution off only where
 * CRAWL_PROXY is set too (the fixture web's `.test` names exist in no DNS, and npm start may run offline); anywhere
 * else it is ignored, so a stray setting cannot open the guard. A deploy refuses both.
 */
export function dnsConfig(env: { DNS_RESOLVER_URL?: string; CRAWL_PROXY?: string }): DnsConfig {
  const configured = env.DNS_RESOLVER_URL || DEFAULT_RESOLVER_URL;
  if (configured !== "off") return { url: configured, timeoutMs: RESOLVER_TIMEOUT_MS };
  return { url: env.CRAWL_PROXY ? null : DEFAULT_RESOLVER_URL, timeoutMs: RESOLVER_TIMEOUT_MS };
}

/**
 * `public`: every address is public (or resolution is off). `private`: some address is not. `unresolved`: no address
 * (NXDOMAIN, no A or AAAA record) or no usable answer from the resolver. Only `public` may be fetched.
 */
export type Resolution = { verdict: "public" } | { verdict: "private" | "unresolved"; reason: string };

/** Cloudflare's JSON answer (`application/dns-json`): what we read of it. */
const DohAnswer = z.object({
  Status: z.number(),
  Answer: z.array(z.object({ type: z.number(), data: z.string(), TTL: z.number() })).optional(),
});

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
const NXDOMAIN = 3;

type Asked = { ok: true; addresses: string[]; ttl: number; nxdomain: boolean } | { ok: false; why: string };

const verdicts = new TtlCache<string, Resolution>(MAX_KEEP_MS, 2_000);

/** Resolves `host` and judges every address; a kept verdict costs no question. */
export async function resolveHost(host: string, config: DnsConfig, now = Date.now()): Promise<Resolution> {
  if (config.url === null) return { verdict: "public" };
  const key = `${config.url} ${host.toLowerCase()}`;
  const kept = verdicts.peek(key, now);
  if (kept) return kept;
  const resolver = { url: config.url, timeoutMs: config.timeoutMs };
  const [a, aaaa] = await Promise.all([ask(host, "A", resolver), ask(host, "AAAA", resolver)]);
  const { resolution, keepMs } = judge(host, a, aaaa);
  if (keepMs > 0) verdicts.put(key, resolution, now, keepMs);
  return resolution;
}

/** The verdict on both answers, and how long it may be kept. A resolver failure is not kept: the next fetch asks. */
function judge(host: string, a: Asked, aaaa: Asked): { resolution: Resolution; keepMs: number } {
  if (!a.ok || !aaaa.ok) {
    const why = !a.ok ? a.why : !aaaa.ok ? aaaa.why : "";
    return { resolution: { verdict: "unresolved", reason: `host ${host} could not be resolved (${why})` }, keepMs: 0 };
  }
  const addresses = [...a.addresses, ...aaaa.addresses];
  if (a.nxdomain || aaaa.nxdomain || addresses.length === 0) {
    const why = a.nxdomain || aaaa.nxdomain ? "no such name" : "no A or AAAA record";
    return { resolution: { verdict: "unresolved", reason: `host ${host} does not resolve (${why})` }, keepMs: UNRESOLVED_KEEP_MS };
  }
  const keepMs = Math.min(a.ttl, aaaa.ttl) * 1000;
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined) {
    return { resolution: { verdict: "private", reason: `host ${host} resolves to a private or reserved address, ${refused}` }, keepMs };
  }
  return { resolution: { verdict: "public" }, keepMs };
}

/** One question to the resolver: the addresses of one type (a CNAME chain's records are passed over), min TTL. */
async function ask(host: string, type: keyof typeof RECORD_TYPES, config: { url: string; timeoutMs: number }): Promise<Asked> {
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    return { ok: false, why: "DNS_RESOLVER_URL is not a URL" };
  }
  url.searchParams.set("name", host);
  url.searchParams.set("type", type);
  let body: unknown;
  try {
    const response = await fetch(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(config.timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, why: `the resolver answered HTTP ${response.status}` };
    }
    body = await response.json();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, why: timedOut ? `no answer within ${config.timeoutMs} ms` : "the resolver could not be reached or answered garbage" };
  }
  const parsed = DohAnswer.safeParse(body);
  if (!parsed.success) return { ok: false, why: "the resolver's answer is not DNS JSON" };
  const { Status, Answer = [] } = parsed.data;
  if (Status === NXDOMAIN) return { ok: true, addresses: [], ttl: 0, nxdomain: true };
  if (Status !== 0) return { ok: false, why: `the resolver answered DNS status ${Status}` };
  const addresses = Answer.filter((record) => record.type === RECORD_TYPES[type]).map((record) => record.data);
  const ttl = Answer.length ? Math.min(...Answer.map((record) => record.TTL)) : MAX_KEEP_MS / 1000;
  return { ok: true, addresses, ttl, nxdomain: false };
}
