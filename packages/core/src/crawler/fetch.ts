// One guarded fetch for the crawler: every hop of a redirect chain passes the SSRF guard, the whole crawl shares one
// deadline, and bodies are read up to a byte limit while streaming (a lying or absent Content-Length changes nothing).
import { checkTarget, type CrawlConfig } from "./target.ts";

export const MAX_REDIRECTS = 5;

/** Why a fetch gave nothing usable; recorded as the domain's last error. */
export class CrawlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CrawlError";
  }
}

export type Fetched = { url: string; status: number; headers: Headers; body: Uint8Array; truncated: boolean };

export type FetchOptions = {
  /** Bytes kept at most; more is cut off (`truncated`) or refused, per `overLimit`. */
  maxBytes: number;
  overLimit: "truncate" | "refuse";
  deadline: number;
  accept?: string;
};

export async function guardedFetch(start: string, config: CrawlConfig, options: FetchOptions): Promise<Fetched> {
  let current = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = checkTarget(current, config);
    if (!target.ok) throw new CrawlError(`refused ${current}: ${target.reason}`);
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) throw new CrawlError("crawl time limit reached");
    let response: Response;
    try {
      response = await fetch(target.fetchUrl, {
        redirect: "manual",
        headers: { "User-Agent": config.userAgent, Accept: options.accept ?? "*/*" },
        signal: AbortSignal.timeout(remaining),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new CrawlError(timedOut ? `timed out fetching ${current}` : `could not fetch ${current}`);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, target.url).toString();
      continue;
    }
    const { body, truncated } = await readLimited(response, options);
    return { url: target.url.toString(), status: response.status, headers: response.headers, body, truncated };
  }
  throw new CrawlError(`more than ${MAX_REDIRECTS} redirects from ${start}`);
}

async function readLimited(response: Response, options: FetchOptions) {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (options.overLimit === "refuse" && declared > options.maxBytes) {
    await response.body?.cancel();
    throw new CrawlError(`${response.url || "response"} is over ${options.maxBytes} bytes`);
  }
  if (!response.body) return { body: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const timer = setTimeout(() => void reader.cancel(), Math.max(0, options.deadline - Date.now()));
  try {
    for (;;) {
      const { done, value } = await reader.read();
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
  if (Date.now() > options.deadline) throw new CrawlError("crawl time limit reached");
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, truncated };
}
