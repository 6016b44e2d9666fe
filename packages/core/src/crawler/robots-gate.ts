// robots.txt for every URL the crawler fetches (RFC 9309): each origin's file is read once per crawl, and every hop
// (home page, redirects, manifest, icons, banners) is checked against the rules of its own origin.
import { CrawlError, guardedFetch, TransportError, type Fetched } from "./fetch.ts";
import { robotsAllows } from "./robots.ts";
import type { CrawlConfig } from "./target.ts";

const ROBOTS_MAX_BYTES = 512 * 1024;

/** A `permit` for guardedFetch: resolves when robots.txt allows the URL, throws a CrawlError when it does not. */
export function robotsGate(config: CrawlConfig, deadline: number): (url: URL) => Promise<void> {
  const files = new Map<string, Promise<string>>();
  return async (url) => {
    let file = files.get(url.origin);
    if (!file) files.set(url.origin, (file = robotsFile(url.origin, config, deadline)));
    if (!robotsAllows(await file, config.userAgent, url.pathname + url.search)) {
      throw new CrawlError(`robots.txt disallows ${url.pathname}`);
    }
  };
}

/**
 * An origin's robots.txt. RFC 9309 §2.3.1: a 4xx means no rules (allow all, ""); a 5xx or an unreachable file means
 * complete disallow. A failed connection is passed on as such, so the home page can still fall back to http.
 */
async function robotsFile(origin: string, config: CrawlConfig, deadline: number): Promise<string> {
  let robots: Fetched;
  try {
    robots = await guardedFetch(`${origin}/robots.txt`, config, {
      maxBytes: ROBOTS_MAX_BYTES,
      overLimit: "truncate",
      deadline,
      accept: "text/plain",
    });
  } catch (error) {
    if (error instanceof TransportError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new CrawlError(`robots.txt of ${origin} is unreachable (${why}), so crawling is disallowed`);
  }
  if (robots.status >= 500) throw new CrawlError(`robots.txt of ${origin} answered ${robots.status}, so crawling is disallowed`);
  return robots.status >= 400 ? "" : new TextDecoder().decode(robots.body);
}
