// Watches what the crawler asks the network (the fixture proxy) for, while passing every request through. Questions to
// the DNS resolver (env.DNS_RESOLVER_URL) are logged apart: they are not fetches of the crawled site.
import { env } from "cloudflare:workers";
import { vi } from "vitest";

export type FetchLog = { urls: string[]; schemes: string[]; dns: string[] };

/** Records each outbound URL and the scheme the crawler meant (X-Forwarded-Proto). Undo with vi.restoreAllMocks(). */
export function logFetches(): FetchLog {
  const log: FetchLog = { urls: [], schemes: [], dns: [] };
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (isDnsQuestion(request)) {
      log.dns.push(`${new URL(request.url).searchParams.get("name")} ${new URL(request.url).searchParams.get("type")}`);
    } else {
      log.urls.push(request.url);
      log.schemes.push(request.headers.get("x-forwarded-proto") ?? "");
    }
    return original(input, init);
  });
  return log;
}

/** A question to the resolver, not a fetch of a site. */
export const isDnsQuestion = (request: Request) => request.url.startsWith(`${env.DNS_RESOLVER_URL}?`);
