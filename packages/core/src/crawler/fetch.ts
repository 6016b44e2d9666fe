// One guarded fetch for the crawler: every hop of a redirect chain passes the SSRF guard, by name and then by where the
// name resolves (and, when given, robots.txt), the whole crawl shares one deadline, and bodies are read up to a byte
// limit while streaming (a lying or absent Content-Length changes nothing).
import { resolveHost } from "./resolve.ts";
import { checkTarget, type CrawlConfig } from "./target.ts";

export const MAX_REDIRECTS = 5;

/** Why a fetch gave nothing usable; recorded as the domain's last error. */
export class CrawlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CrawlError";
  }
}

/** The connection or its TLS failed (no HTTP answer from the site itself): the crawler may try plain http. */
export class TransportError extends CrawlError {
  constructor(message: string) {
    super(message);
    this.name = "TransportError";
  }
}

/** Cloudflare's answers when it could not complete TLS with the origin: 525 handshake failed, 526 invalid certificate. */
const TLS_FAILURE_STATUSES = new Set([525, 526]);

export type Fetched = { url: string; status: number; headers: Headers; body: Uint8Array; truncated: boolean };

export type FetchOptions = {
  /** Bytes kept at most; more is cut off (`truncated`) or refused, per `overLimit`. */
  maxBytes: number;
  overLimit: "truncate" | "refuse";
  deadline: number;
  accept?: string;
  /** Asked before each hop is fetched (robots.txt); throws a CrawlError to refuse it. */
  permit?: (url: URL) => Promise<void>;
};

export async function guardedFetch(start: string, config: CrawlConfig, options: FetchOptions): Promise<Fetched> {
  let current = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = checkTarget(current, config);
    if (!target.ok) throw new CrawlError(`refused ${current}: ${target.reason}`);
    const resolved = await resolveHost(target.url.hostname, config.dns);
    if (resolved.verdict !== "public") throw new CrawlError(`refused ${current}: ${resolved.reason}`);
    await options.permit?.(target.url);
    const response = await fetchOnce(target.fetchUrl, target.url, config, options);
    if (TLS_FAILURE_STATUSES.has(response.status)) {
      await response.body?.cancel();
      throw new TransportError(`TLS failed for ${current} (${response.status})`);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      current = redirectTarget(response, target.url);
      continue;
    }
    const { body, truncated } = await readLimited(response, target.url, options);
    return { url: target.url.toString(), status: response.status, headers: response.headers, body, truncated };
  }
  throw new CrawlError(`more than ${MAX_REDIRECTS} redirects from ${start}`);
}

async function fetchOnce(fetchUrl: string, url: URL, config: CrawlConfig, options: FetchOptions): Promise<Response> {
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) throw new CrawlError("crawl time limit reached");
  const headers: Record<string, string> = { "User-Agent": config.userAgent, Accept: options.accept ?? "*/*" };
  // The proxy sees one URL for both schemes; this tells it which one the crawler meant (fixture sites use it).
  if (config.proxy) headers["X-Forwarded-Proto"] = url.protocol.slice(0, -1);
  try {
    return await fetch(fetchUrl, { redirect: "manual", headers, signal: AbortSignal.timeout(remaining) });
  } catch (error) {
    if (isAbort(error)) throw timedOut(url);
    throw new TransportError(`could not fetch ${url}`);
  }
}

/** The crawl's deadline passed while `url` was being fetched, its headers or its body: the same failure either way. */
const timedOut = (url: URL) => new CrawlError(`timed out fetching ${url}`);

/** The fetch's signal (the deadline) fired: the error names it so, whichever part of the exchange it cut short. */
const isAbort = (error: unknown) => error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/** A redirect's next URL. A 3xx without a usable Location is a broken answer, not a page. */
function redirectTarget(response: Response, base: URL): string {
  const location = response.headers.get("location");
  if (!location) throw new CrawlError(`${base} answered ${response.status} without a Location`);
  try {
    return new URL(location, base).toString();
  } catch {
    throw new CrawlError(`${base} answered ${response.status} with a malformed Location`);
  }
}

async function readLimited(response: Response, url: URL, options: FetchOptions) {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (options.overLimit === "refuse" && declared > options.maxBytes) {
    await response.body?.cancel();
    throw new CrawlError(`${url} is over ${options.maxBytes} bytes`);
  }
  if (!response.body) return { body: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    void reader.cancel();
  }, Math.max(0, options.deadline - Date.now()));
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        // The deadline cut the body short (the fetch's signal, or the timer above cancelling the reader), or the
        // connection broke mid-body: the site's failure either way, never ours.
        throw isAbort(error) || expired ? timedOut(url) : new CrawlError(`the body of ${url} broke off`);
      });
      if (done) break;
      if (size + value.byteLength > options.maxBytes) {
        if (options.overLimit === "refuse") throw new CrawlError(`body over ${options.maxBytes} bytes`);
        chunks.push(value.subarray(0, options.maxBytes - size));
        size = options.maxBytes;
        truncated = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  if (Date.now() > options.deadline) throw timedOut(url);
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, truncated };
}
